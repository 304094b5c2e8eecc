// Writes decided events straight into a fresh SQLite event store for the bench's fixtures (seed-scale.mjs,
// seed-aged.mjs): stamped the way the api's CommandRunner stamps them (eventId, familyId, actorId, timestamp,
// schemaVersion), with real stream names and revisions, so the store is what the app would have written; only
// the HTTP round trips are skipped.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { schemaVersions, streams } from '@familyos/events';
import { SqliteEventStore } from '@familyos/event-store';
import { memberDecider, usernameDecider } from '@familyos/domain';

export const root = join(import.meta.dirname, '..', '..');

/** One hash for every seeded member: scrypt is deliberately slow, and a fixture is about the log, not the hashes. */
export async function seedPasswordHash(password) {
  const { Passwords } = await import(join(root, 'apps/api/dist/auth/passwords.js'));
  return new Passwords().hash(password);
}

/**
 * Opens a fresh store at `file` (the built store makes its schema: tables, unique keys, append-only triggers)
 * for bulk loading, in one transaction. `append(who, at, appends)` writes one command's appends, continuing each
 * stream's revision; `forget(streamId)` drops a finished short-lived stream from the revision map; `close()`
 * commits and puts the store back in the app's journal mode. `count` is the number of events (= the log's head).
 */
export async function openStoreWriter(file) {
  await new SqliteEventStore(file).close();
  const db = new Database(file);
  // A fixture, not the app: no rollback journal and no fsync while loading (a failed seed is simply redone),
  // and a page cache that holds the unique indexes, whose random keys would otherwise thrash the disk.
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  db.pragma('locking_mode = EXCLUSIVE');
  db.pragma('cache_size = -2097152');
  const insert = db.prepare('INSERT INTO events (stream_id, revision, type, data, metadata, event_id) VALUES (?, ?, ?, ?, ?, ?)');
  const upsert = db.prepare(
    'INSERT INTO streams (stream_id, revision) VALUES (?, ?) ON CONFLICT(stream_id) DO UPDATE SET revision = excluded.revision',
  );
  // One transaction for the whole fixture: each commit wrote every page the round had touched back to the file
  // (the unique keys are random, so that is most of the indexes), which took 40% of the seeding.
  db.exec('BEGIN');
  const revisions = new Map();
  const writer = {
    count: 0,
    /** `who`: { actorId, familyId }; an append's own `familyId` (null for none) overrides who's, as in CommandRunner. */
    append(who, at, appends) {
      const timestamp = new Date(at).toISOString();
      for (const { streamId, events, familyId } of appends) {
        let revision = revisions.get(streamId) ?? -1;
        for (const e of events) {
          revision += 1;
          const eventId = randomUUID();
          const metadata = {
            eventId,
            familyId: familyId === undefined ? who.familyId : familyId,
            actorId: who.actorId,
            timestamp,
            schemaVersion: schemaVersions[e.type] ?? 1,
          };
          insert.run(streamId, revision, e.type, JSON.stringify(e.data), JSON.stringify(metadata), eventId);
          writer.count += 1;
        }
        if (events.length > 0) upsert.run(streamId, revision);
        revisions.set(streamId, revision);
      }
    },
    forget(streamId) {
      revisions.delete(streamId);
    },
    close() {
      db.exec('COMMIT');
      db.pragma('locking_mode = NORMAL');
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = FULL');
      db.close();
    },
  };
  return writer;
}

/** A member joining `familyId` (their username claimed first), as RegisterFamily and AddMember append it. */
export function memberAppends({ username, name, role, age = null, isPrimaryAdmin = false, via }, memberId, familyId, actor, passwordHash) {
  const member = {
    memberId,
    familyId,
    username,
    name,
    role,
    age,
    avatar: role === 'child' ? '🧒' : role === 'manager' ? '🧑' : '👩',
    isPrimaryAdmin,
    passwordHash,
    via,
    identity: null,
  };
  return [
    { streamId: streams.username(username), familyId, events: usernameDecider.decide({ type: 'ClaimUsername', username, memberId }, usernameDecider.initialState) },
    { streamId: streams.member(memberId), familyId, events: memberDecider.decide({ type: 'JoinMember', actor, member }, memberDecider.initialState) },
  ];
}
