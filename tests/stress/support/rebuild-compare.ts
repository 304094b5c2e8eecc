/**
 * "The read models equal a full rebuild" (DESIGN §4), checked on the SQLite files of a data directory: the
 * event log is copied (SQLite's online backup, consistent even while a process has it open) into a fresh
 * directory, the real rebuild script (apps/projector/dist/rebuild.js, from `npx tsc -b apps/projector`)
 * replays it there, and every document of every collection and every checkpoint is compared.
 * Everything here opens the live files read-only.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { LoggedEvent } from './log-invariants.js';

export const REBUILD_MAIN = join(process.cwd(), 'apps/projector/dist/rebuild.js');

export interface Checkpoint {
  position: number;
  version: number;
}

export interface ReadModelDump {
  checkpoints: Record<string, Checkpoint>;
  /** collection → document id → document. */
  collections: Record<string, Record<string, Record<string, unknown>>>;
}

function readOnly(file: string): Database.Database {
  return new Database(file, { readonly: true, fileMustExist: true });
}

/** The end of the log (0 when empty). */
export function logHead(dataDir: string): number {
  const db = readOnly(join(dataDir, 'events.sqlite'));
  try {
    return (db.prepare('SELECT COALESCE(MAX(position), 0) AS head FROM events').get() as { head: number }).head;
  } finally {
    db.close();
  }
}

/**
 * The projections' checkpoints, without the reactors' (`reactor:<name>`, decision 033): those sit in the same table
 * but are no read model's, and no rebuild makes them.
 */
const PROJECTION_CHECKPOINTS = "SELECT projection, position, version FROM checkpoints WHERE projection NOT LIKE 'reactor:%'";

/** Where each projection's checkpoint is on disk. */
export function checkpointsOnDisk(dataDir: string): Record<string, number> {
  const db = readOnly(join(dataDir, 'read-models.sqlite'));
  try {
    const rows = db.prepare(PROJECTION_CHECKPOINTS).all() as { projection: string; position: number }[];
    return Object.fromEntries(rows.map((r) => [r.projection, r.position]));
  } finally {
    db.close();
  }
}

/** Every document and projection checkpoint of a read-model file. */
export function dumpReadModels(dataDir: string): ReadModelDump {
  const db = readOnly(join(dataDir, 'read-models.sqlite'));
  try {
    const checkpoints: ReadModelDump['checkpoints'] = {};
    for (const r of db.prepare(PROJECTION_CHECKPOINTS).all() as ({ projection: string } & Checkpoint)[]) {
      checkpoints[r.projection] = { position: r.position, version: r.version };
    }
    const collections: ReadModelDump['collections'] = {};
    for (const r of db.prepare('SELECT collection, id, doc FROM documents ORDER BY collection, id').all() as { collection: string; id: string; doc: string }[]) {
      (collections[r.collection] ??= {})[r.id] = JSON.parse(r.doc);
    }
    return { checkpoints, collections };
  } finally {
    db.close();
  }
}

/**
 * Copies the log of `dataDir` into a fresh directory, runs the rebuild script there and returns what it built
 * (and the position it says it rebuilt to). The live directory is never written.
 */
export async function rebuildFromCopy(dataDir: string): Promise<{ position: number; dump: ReadModelDump }> {
  const copy = mkdtempSync(join(tmpdir(), 'familyos-rebuild-copy-'));
  try {
    const source = readOnly(join(dataDir, 'events.sqlite'));
    try {
      await source.backup(join(copy, 'events.sqlite'));
    } finally {
      source.close();
    }
    const result = spawnSync(process.execPath, [REBUILD_MAIN], {
      cwd: process.cwd(),
      env: { ...process.env, DATA_DIR: copy, EVENTSTORE_URL: '', MONGO_URL: '' },
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`rebuild exited with ${result.status}: ${result.stdout}${result.stderr}`);
    const line = /^Rebuilt \d+ projections up to position (\d+)/m.exec(result.stdout);
    if (!line) throw new Error(`rebuild said no "Rebuilt" line: ${result.stdout}${result.stderr}`);
    return { position: Number(line[1]), dump: dumpReadModels(copy) };
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/**
 * Where the live read models differ from the rebuilt ones, one line per document (empty when equal): short
 * enough to read in a failure message, unlike a diff of thousands of documents.
 */
export function readModelDifferences(live: ReadModelDump, rebuilt: ReadModelDump): string[] {
  const out: string[] = [];
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  for (const name of new Set([...Object.keys(live.checkpoints), ...Object.keys(rebuilt.checkpoints)])) {
    if (!same(live.checkpoints[name], rebuilt.checkpoints[name])) {
      out.push(`checkpoint ${name}: live ${JSON.stringify(live.checkpoints[name])}, rebuilt ${JSON.stringify(rebuilt.checkpoints[name])}`);
    }
  }
  for (const collection of new Set([...Object.keys(live.collections), ...Object.keys(rebuilt.collections)])) {
    const a = live.collections[collection] ?? {};
    const b = rebuilt.collections[collection] ?? {};
    for (const id of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (!(id in a)) out.push(`${collection}/${id}: only in the rebuild`);
      else if (!(id in b)) out.push(`${collection}/${id}: only in the live read models`);
      else if (!same(canonical(a[id]), canonical(b[id]))) out.push(`${collection}/${id}: live ${JSON.stringify(a[id])}, rebuilt ${JSON.stringify(b[id])}`);
    }
  }
  return out;
}

/** Key order is not content: JSON written by different code paths may list the same fields differently. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, canonical(v)]));
  }
  return value;
}

/** Every balance against the approved ledger entries of its child, and children with entries but no balance. */
export function ledgerDifferences(dump: ReadModelDump): string[] {
  const sums = new Map<string, { balance: number; earned: number; spent: number }>();
  for (const e of Object.values(dump.collections.points ?? {}) as { userId: string; amount: number; approved: boolean; source: string }[]) {
    if (!e.approved) continue;
    const s = sums.get(e.userId) ?? { balance: 0, earned: 0, spent: 0 };
    s.balance += e.amount;
    if (e.amount > 0) s.earned += e.amount;
    if (e.source === 'redemption') s.spent -= e.amount;
    sums.set(e.userId, s);
  }
  const out: string[] = [];
  const balances = (dump.collections.balances ?? {}) as Record<string, { balance: number; totalEarned: number; totalSpent: number }>;
  for (const [userId, b] of Object.entries(balances)) {
    const s = sums.get(userId) ?? { balance: 0, earned: 0, spent: 0 };
    if (b.balance !== s.balance || b.totalEarned !== s.earned || b.totalSpent !== s.spent) {
      out.push(`balance of ${userId}: ${b.balance}/${b.totalEarned}/${b.totalSpent}, ledger says ${s.balance}/${s.earned}/${s.spent}`);
    }
  }
  for (const userId of sums.keys()) if (!(userId in balances)) out.push(`no balance for ${userId}, who has ledger entries`);
  return out;
}

/**
 * The audit trail holds exactly one row per family event, keyed by the event's id, at the event's position;
 * sign-ins, username claims, identity links and the records of keyed requests are plumbing, never listed
 * (audit projection).
 */
export function auditDifferences(dump: ReadModelDump, events: LoggedEvent[]): string[] {
  const plumbing = new Set(['session', 'username', 'identity', 'idempotentRequest']);
  const expected = events.filter((e) => e.metadata.familyId && !plumbing.has(e.streamId.slice(0, e.streamId.indexOf('-'))));
  const audit = (dump.collections.audit ?? {}) as Record<string, { position: number; familyId: string }>;
  const out: string[] = [];
  for (const e of expected) {
    const row = audit[e.metadata.eventId];
    if (!row) out.push(`no audit row for ${e.type} at ${e.position}`);
    else if (row.position !== e.position || row.familyId !== e.metadata.familyId) out.push(`audit row ${e.metadata.eventId} is at ${row.position} for ${row.familyId}`);
  }
  const ids = new Set(expected.map((e) => e.metadata.eventId));
  for (const id of Object.keys(audit)) if (!ids.has(id)) out.push(`audit row ${id} is for no family event`);
  return out;
}
