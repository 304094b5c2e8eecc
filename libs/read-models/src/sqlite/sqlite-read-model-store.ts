import { resolve } from 'node:path';
import Database from 'better-sqlite3';
import {
  checkAfter,
  CheckpointMovedError,
  type Checkpoint,
  type Collection,
  type CommitOptions,
  type Condition,
  type Doc,
  type LoadOptions,
  type ProjectionCommit,
  type Query,
  type ReadModelStore,
  type ReadModelTx,
  type Scalar,
} from '../port.js';

const FIELD = /^[A-Za-z_][A-Za-z0-9_]*$/;

function field(name: string): string {
  if (!FIELD.test(name)) throw new Error(`Invalid field name: ${name}`);
  return name === 'id' ? 'id' : `json_extract(doc, '$.${name}')`;
}

/** How many documents a replaying connection remembers (about 50 MB at this project's document sizes). */
const RECENT_DOCUMENTS = 200_000;

const COLLECTION = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Collection names are the code's own constants; checked anyway, since find() writes them into its SQL. */
function collectionName(name: string): string {
  if (!COLLECTION.test(name)) throw new Error(`Invalid collection name: ${name}`);
  return name;
}

/** The write transactions of one file in this process, in the order they began. */
interface WriteQueue {
  file: string;
  tail: Promise<unknown>;
  connections: number;
}

const writeQueues = new Map<string, WriteQueue>();

function writeQueueOf(file: string): WriteQueue {
  const key = resolve(file);
  let queue = writeQueues.get(key);
  if (!queue) writeQueues.set(key, (queue = { file: key, tail: Promise.resolve(), connections: 0 }));
  queue.connections += 1;
  return queue;
}

function releaseWriteQueue(queue: WriteQueue): void {
  queue.connections -= 1;
  if (queue.connections <= 0 && writeQueues.get(queue.file) === queue) writeQueues.delete(queue.file);
}

/** A lookup by fields other than the family (or by the family and a range), indexed for one collection. */
export interface CollectionIndex {
  collection: string;
  fields: string[];
}

export interface SqliteReadModelOptions {
  indexes?: CollectionIndex[];
}

function bind(value: Scalar): Scalar {
  // SQLite's JSON booleans read back as 1/0.
  return typeof value === 'boolean' ? (value ? 1 : 0) : value;
}

function condition(name: string, c: Condition, params: Scalar[]): string {
  const f = field(name);
  if (c === null) return `${f} IS NULL`;
  if (typeof c !== 'object') {
    params.push(bind(c));
    return `${f} = ?`;
  }
  if ('in' in c) {
    if (c.in.length === 0) return '0';
    params.push(...c.in.map(bind));
    return `${f} IN (${c.in.map(() => '?').join(', ')})`;
  }
  if ('ne' in c) {
    if (c.ne === null) return `${f} IS NOT NULL`;
    params.push(bind(c.ne));
    return `(${f} IS NULL OR ${f} != ?)`;
  }
  if ('has' in c) {
    params.push(bind(c.has));
    // Arrays only: json_each walks a scalar as a one-row list. IN, not EXISTS: SQLite (3.53 here) joins an EXISTS
    // over json_each into the outer loop, and with that join it took the order's index (familyId, listKey) over
    // a range of openUntil, walking a child's whole family history for the week's few rows (decision 064).
    return `(json_type(doc, '$.${name}') = 'array' AND ? IN (SELECT value FROM json_each(doc, '$.${name}')))`;
  }
  if ('contains' in c) {
    params.push(String(c.contains));
    // Text only: json_extract answers an array or object as its JSON text.
    return `(json_type(doc, '$.${name}') = 'text' AND instr(${f}, ?) > 0)`;
  }
  // A bound already refuses NULL (a comparison with it is never true): the extra test only parsed the row again.
  const parts: string[] = [];
  for (const [op, sql] of [
    ['gte', '>='],
    ['gt', '>'],
    ['lte', '<='],
    ['lt', '<'],
  ] as const) {
    const v = c[op];
    if (v !== undefined) {
      params.push(bind(v));
      parts.push(`${f} ${sql} ?`);
    }
  }
  return parts.length > 0 ? parts.join(' AND ') : `${f} IS NOT NULL`;
}

/**
 * Rows after a page's last row. The first field's bound (`<=` or `>=`) is redundant but is what lets SQLite seek
 * the index to the cursor (it does not seek on a row value or an OR); the rest tells ties apart.
 */
function afterCondition(query: Query, params: Scalar[]): string {
  checkAfter(query);
  const orderBy = query.orderBy ?? [];
  const after = query.after ?? [];
  const op = (o: { direction?: 'asc' | 'desc' }) => (o.direction === 'desc' ? '<' : '>');
  params.push(bind(after[0]));
  const seek = `${field(orderBy[0].field)} ${op(orderBy[0])}= ?`;
  const alternatives = orderBy.map((o, i) => {
    const equal = orderBy.slice(0, i).map((e, j) => {
      params.push(bind(after[j]));
      return `${field(e.field)} = ?`;
    });
    params.push(bind(after[i]));
    return `(${[...equal, `${field(o.field)} ${op(o)} ?`].join(' AND ')})`;
  });
  return `${seek} AND (${alternatives.join(' OR ')})`;
}

/**
 * Read models in their own SQLite file (not the event log's): they can be dropped and rebuilt at will, and
 * they commit at synchronous=NORMAL, less durable than the log, which is fine because a projection that lost
 * its last commits simply replays them from its checkpoint.
 */
export class SqliteReadModelStore implements ReadModelStore {
  private readonly db: Database.Database;
  /**
   * Prepared statements by SQL text: preparing costs more than running a family-scoped query (a profile under
   * dashboard load showed it as the largest single cost), and queries repeat a handful of shapes. Bounded, since
   * `in` lists of many lengths make distinct texts.
   */
  private readonly statements = new Map<string, Database.Statement>();
  private replaying = false;
  /** The writes of every connection of this process to the same file (`exclusive`). */
  private readonly writes: WriteQueue;
  /**
   * During a replay only: the documents last written, as stored, newest last. A replay at scale reads the same
   * few documents of a family (a member's name, a balance) again a few thousand events later, when its batch
   * has long been flushed; this connection is then the only writer, so what it wrote is what the table holds.
   */
  private readonly recent = new Map<string, string | null>();

  constructor(file: string, options: SqliteReadModelOptions = {}) {
    this.writes = writeQueueOf(file);
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS documents (
        collection TEXT NOT NULL,
        id         TEXT NOT NULL,
        doc        TEXT NOT NULL,
        PRIMARY KEY (collection, id)
      );
      CREATE INDEX IF NOT EXISTS documents_family ON documents (collection, json_extract(doc, '$.familyId'));
      CREATE TABLE IF NOT EXISTS checkpoints (
        projection TEXT PRIMARY KEY,
        position   INTEGER NOT NULL,
        version    INTEGER NOT NULL
      );
    `);
    // Partial indexes: only the collection's own rows pay for them. find() names its collection as a literal,
    // which is what lets SQLite prove a partial index applies (docs/decisions/017).
    const declared = new Set<string>();
    for (const { collection, fields } of options.indexes ?? []) {
      const name = `documents_${collectionName(collection)}_${fields.map((f) => field(f) && f).join('_')}`;
      declared.add(name);
      this.db.exec(
        `CREATE INDEX IF NOT EXISTS ${name} ON documents (${fields.map(field).join(', ')}) WHERE collection = '${collectionName(collection)}'`,
      );
    }
    if (options.indexes) this.dropIndexesNotIn(declared);
  }

  /**
   * A partial index an earlier build declared and this one no longer does (decision 056 replaced
   * `tasks (familyId, openUntil)` by one with listKey) would cost every write of its collection for ever and
   * help no query: it goes. Only the store's own per-collection indexes, and only by a store told its list.
   */
  private dropIndexesNotIn(declared: ReadonlySet<string>): void {
    const partial = this.db
      .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'documents' AND sql LIKE '% WHERE collection = %'")
      .all();
    for (const { name } of partial) if (!declared.has(name)) this.db.exec(`DROP INDEX "${name.replace(/"/g, '""')}"`);
  }

  private prepare<P extends unknown[], R>(sql: string): Database.Statement<P, R> {
    let statement = this.statements.get(sql);
    if (!statement) {
      if (this.statements.size >= 500) this.statements.clear();
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement as unknown as Database.Statement<P, R>;
  }

  async get<T extends Doc>(collection: Collection<T>, id: string): Promise<T | null> {
    const row = this
      .prepare<[string, string], { doc: string }>('SELECT doc FROM documents WHERE collection = ? AND id = ?')
      .get(collection, id);
    return row ? (JSON.parse(row.doc) as T) : null;
  }

  async find<T extends Doc>(collection: Collection<T>, query: Query = {}): Promise<T[]> {
    const { sql, params } = this.findSql(collection, query);
    return this
      .prepare<Scalar[], { doc: string }>(sql)
      .all(...params)
      .map((r) => JSON.parse(r.doc) as T);
  }

  /** How SQLite would run find(collection, query): for tests that keep family-scoped reads on an index. */
  explain(collection: string, query: Query = {}): string[] {
    const { sql, params } = this.findSql(collection, query);
    return this.db
      .prepare<Scalar[], { detail: string }>(`EXPLAIN QUERY PLAN ${sql}`)
      .all(...params)
      .map((r) => r.detail);
  }

  private findSql(collection: string, query: Query): { sql: string; params: Scalar[] } {
    const params: Scalar[] = [];
    const where = [`collection = '${collectionName(collection)}'`];
    for (const [name, c] of Object.entries(query.where ?? {})) where.push(condition(name, c, params));
    if (query.after) where.push(afterCondition(query, params));
    let sql = `SELECT doc FROM documents WHERE ${where.join(' AND ')}`;
    if (query.orderBy?.length) {
      sql += ` ORDER BY ${query.orderBy.map((o) => `${field(o.field)} ${o.direction === 'desc' ? 'DESC' : 'ASC'}`).join(', ')}`;
    }
    if (query.limit !== undefined) {
      sql += ' LIMIT ?';
      params.push(Math.max(0, Math.floor(query.limit)));
    }
    return { sql, params };
  }

  async commit(projection: string, checkpoint: Checkpoint, work: (tx: ReadModelTx) => Promise<void>, from?: number): Promise<void> {
    return this.commitMany([{ projection, checkpoint, from }], work);
  }

  commitMany(entries: ProjectionCommit[], work: (tx: ReadModelTx) => Promise<void>, options: CommitOptions = {}): Promise<void> {
    return this.exclusive(() => this.commitNow(entries, work, options));
  }

  /**
   * One write transaction at a time per file in this process. A transaction here spans awaits (the port is
   * async), and the projector's connection and the queries' (where every reactor stores its checkpoint) write
   * to the same file. On one connection a second BEGIN failed and its ROLLBACK undid the open batch; across the
   * two, a BEGIN IMMEDIATE waited out SQLite's 5 s busy timeout synchronously, so the batch holding the lock
   * could not finish either: the whole process stood still 5 s, then the checkpoint failed ("database is
   * locked"). Other processes (a scaled-out projector) are still kept out by SQLite's own lock.
   */
  private exclusive<T>(write: () => Promise<T>): Promise<T> {
    const run = this.writes.tail.then(write, write);
    this.writes.tail = run.catch(() => undefined);
    return run;
  }

  private async commitNow(entries: ProjectionCommit[], work: (tx: ReadModelTx) => Promise<void>, options: CommitOptions): Promise<void> {
    // A replay's batches need no fsync (the read models are rebuildable from the log); its last commit syncs
    // the whole WAL, and with it every batch before it.
    const synchronous = options.durable === false ? 'OFF' : options.durable === true ? 'FULL' : null;
    if (synchronous) this.db.pragma(`synchronous = ${synchronous}`);
    if (options.durable === false && !this.replaying) {
      // A replay touches index pages all over a large table: the default 2 MB page cache would write and
      // re-read them batch after batch. Only a replaying connection (a rebuild process) grows it.
      this.replaying = true;
      this.db.pragma('cache_size = -1048576');
    }
    // better-sqlite3 transactions are synchronous, but projections are written against an async port: an
    // explicit BEGIN..COMMIT spans the awaits, and `exclusive` keeps every other writer of this connection out.
    const remember = options.durable === false;
    if (!remember) this.recent.clear();
    this.db.exec('BEGIN IMMEDIATE');
    try {
      this.checkFrom(entries);
      // Write-behind: a batch touches the same few documents over and over (a balance, a family's members),
      // so puts and deletes wait in memory, serialised at put time as SQLite would store them, and reach the
      // table once each when the batch ends. A find first writes out what it could see, so it reads its own writes.
      const pending = new Map<string, Map<string, string | null>>();
      const pendingIn = (c: string) => {
        let docs = pending.get(c);
        if (!docs) pending.set(c, (docs = new Map()));
        return docs;
      };
      const upsert = this.prepare<[string, string, string], unknown>(
        'INSERT INTO documents (collection, id, doc) VALUES (?, ?, ?) ON CONFLICT(collection, id) DO UPDATE SET doc = excluded.doc',
      );
      const remove = this.prepare<[string, string], unknown>('DELETE FROM documents WHERE collection = ? AND id = ?');
      const flush = (c: string) => {
        const docs = pending.get(c);
        if (!docs) return;
        for (const [id, doc] of docs) {
          if (doc === null) remove.run(c, id);
          else upsert.run(c, id, doc);
          if (remember) {
            const key = `${c}\u0000${id}`;
            this.recent.delete(key);
            this.recent.set(key, doc);
          }
        }
        pending.delete(c);
        while (this.recent.size > RECENT_DOCUMENTS) this.recent.delete(this.recent.keys().next().value!);
      };
      const tx: ReadModelTx = {
        get: async <T extends Doc>(c: Collection<T>, id: string) => {
          let doc = pending.get(c)?.get(id);
          if (doc === undefined && remember) doc = this.recent.get(`${c}\u0000${id}`);
          if (doc === undefined) return this.get(c, id);
          return doc === null ? null : (JSON.parse(doc) as T);
        },
        find: async (c, q) => {
          flush(c);
          return this.find(c, q);
        },
        put: async (c, doc) => {
          pendingIn(c).set(doc.id, JSON.stringify(doc));
        },
        delete: async (c, id) => {
          pendingIn(c).set(id, null);
        },
      };
      await work(tx);
      for (const c of [...pending.keys()]) flush(c);
      this.saveCheckpoints(entries);
      this.db.exec('COMMIT');
    } catch (error) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      this.recent.clear();
      throw error;
    } finally {
      if (synchronous) this.db.pragma('synchronous = NORMAL');
    }
  }

  load(entries: ProjectionCommit[], documents: Map<string, Iterable<Doc>>, options: LoadOptions): Promise<void> {
    return this.exclusive(() => this.loadNow(entries, documents, options));
  }

  private async loadNow(entries: ProjectionCommit[], documents: Map<string, Iterable<Doc>>, options: LoadOptions): Promise<void> {
    this.recent.clear();
    // Loading millions of rows: a cache that holds the growing table's right edge and the sorts of CREATE INDEX.
    const cacheSize = this.db.pragma('cache_size', { simple: true }) as number;
    this.db.pragma('cache_size = -1048576');
    this.db.pragma('synchronous = FULL');
    const rollbackJournal = options.replace && this.leaveWal();
    this.db.exec('BEGIN IMMEDIATE');
    try {
      this.checkFrom(entries);
      // Secondary indexes are dropped and made again once the rows are in: CREATE INDEX sorts all keys at once,
      // where keeping them up to date would insert millions of random keys one by one (docs/decisions/019).
      const indexes = this.db
        .prepare<[], { name: string; sql: string }>("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'documents' AND sql IS NOT NULL")
        .all();
      for (const { name } of indexes) this.db.exec(`DROP INDEX "${name.replace(/"/g, '""')}"`);
      const del = this.db.prepare('DELETE FROM documents WHERE collection = ?');
      const upsert = ' ON CONFLICT(collection, id) DO UPDATE SET doc = excluded.doc';
      // One row per statement: measured on 875,000 rows, 200-row statements took 10 s and one row 6 s (binding
      // 600 arguments through a spread costs more than the calls it saves).
      const insert = this.db.prepare<[string, string, string], unknown>(`INSERT INTO documents (collection, id, doc) VALUES (?, ?, ?)${upsert}`);
      const remove = this.db.prepare<[string, string], unknown>('DELETE FROM documents WHERE collection = ? AND id = ?');
      // Replacing every collection there is: one DELETE without WHERE, which SQLite does by dropping pages.
      let truncate = options.replace;
      // The collections present, one primary-key seek each (DISTINCT would read the whole key).
      const next = this.db.prepare<[string], { collection: string }>('SELECT collection FROM documents WHERE collection > ? ORDER BY collection LIMIT 1');
      for (let row = next.get(''); truncate && row; row = next.get(row.collection)) truncate = documents.has(row.collection);
      if (truncate) this.db.exec('DELETE FROM documents');
      for (const collection of documents.keys()) {
        if (options.replace && !truncate) del.run(collection);
        else for (const id of options.deleted?.get(collection) ?? []) remove.run(collection, id);
        // In the order given (the order first stored), not sorted by key: rowids then follow it as they do when
        // the rows are written as they come, and a query's ties (same createdAt, no further order) still come
        // out in that order, as users saw them before the rebuild.
        for (const doc of documents.get(collection)!) insert.run(collection, doc.id, JSON.stringify(doc));
      }
      for (const { sql } of indexes) this.db.exec(sql);
      this.saveCheckpoints(entries);
      this.db.exec('COMMIT');
    } catch (error) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      throw error;
    } finally {
      if (rollbackJournal) this.db.pragma('journal_mode = WAL');
      this.db.pragma('synchronous = NORMAL');
      this.db.pragma(`cache_size = ${Number(cacheSize)}`);
    }
  }

  /**
   * For a load that replaces the read models: through the WAL, every page is written twice (into the WAL, then
   * copied into the file by the checkpoint; 5.4 GB each way at 10,000 families), where a rollback journal writes
   * the pages that were free or new when the load began once. SQLite allows the switch only while no other
   * connection has the file open; when one has, the load goes through the WAL as before. Answers whether it switched.
   */
  private leaveWal(): boolean {
    try {
      return this.db.pragma('journal_mode = DELETE', { simple: true }) === 'delete';
    } catch {
      return false;
    }
  }

  /** Inside a transaction: refuses the commit unless every checkpoint is still where its runner read it. */
  private checkFrom(entries: ProjectionCommit[]): void {
    for (const { projection, from } of entries) {
      if (from === undefined) continue;
      const stored = this.prepare<[string], { position: number }>('SELECT position FROM checkpoints WHERE projection = ?').get(projection);
      if ((stored?.position ?? 0) !== from) throw new CheckpointMovedError(projection, from, stored?.position ?? 0);
    }
  }

  private saveCheckpoints(entries: ProjectionCommit[]): void {
    const save = this.prepare<[string, number, number], unknown>(
      'INSERT INTO checkpoints (projection, position, version) VALUES (?, ?, ?) ON CONFLICT(projection) DO UPDATE SET position = excluded.position, version = excluded.version',
    );
    for (const { projection, checkpoint } of entries) save.run(projection, checkpoint.position, checkpoint.version);
  }

  async checkpoint(projection: string): Promise<Checkpoint | null> {
    const row = this
      .prepare<[string], Checkpoint>('SELECT position, version FROM checkpoints WHERE projection = ?')
      .get(projection);
    return row ?? null;
  }

  reset(projection: string, collections: Collection[]): Promise<void> {
    return this.exclusive(async () => this.resetNow(projection, collections));
  }

  private resetNow(projection: string, collections: Collection[]): void {
    this.recent.clear();
    const drop = this.db.transaction(() => {
      const del = this.prepare('DELETE FROM documents WHERE collection = ?');
      for (const c of collections) del.run(c);
      this.prepare('DELETE FROM checkpoints WHERE projection = ?').run(projection);
    });
    drop.immediate();
  }

  async close(): Promise<void> {
    if (!this.db.open) return;
    releaseWriteQueue(this.writes);
    this.db.close();
  }
}
