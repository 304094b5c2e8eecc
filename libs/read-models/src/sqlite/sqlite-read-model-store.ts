import Database from 'better-sqlite3';
import { CheckpointMovedError, type Checkpoint, type Condition, type Doc, type Query, type ReadModelStore, type ReadModelTx, type Scalar } from '../port.js';

const FIELD = /^[A-Za-z_][A-Za-z0-9_]*$/;

function field(name: string): string {
  if (!FIELD.test(name)) throw new Error(`Invalid field name: ${name}`);
  return name === 'id' ? 'id' : `json_extract(doc, '$.${name}')`;
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
  const parts: string[] = [`${f} IS NOT NULL`];
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
  return parts.join(' AND ');
}

/**
 * Read models in their own SQLite file (not the event log's): they can be dropped and rebuilt at will, and
 * they commit at synchronous=NORMAL, less durable than the log, which is fine because a projection that lost
 * its last commits simply replays them from its checkpoint.
 */
export class SqliteReadModelStore implements ReadModelStore {
  private readonly db: Database.Database;

  constructor(file: string) {
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
  }

  async get<T extends Doc>(collection: string, id: string): Promise<T | null> {
    const row = this.db
      .prepare<[string, string], { doc: string }>('SELECT doc FROM documents WHERE collection = ? AND id = ?')
      .get(collection, id);
    return row ? (JSON.parse(row.doc) as T) : null;
  }

  async find<T extends Doc>(collection: string, query: Query = {}): Promise<T[]> {
    const params: Scalar[] = [collection];
    const where = ['collection = ?'];
    for (const [name, c] of Object.entries(query.where ?? {})) where.push(condition(name, c, params));
    let sql = `SELECT doc FROM documents WHERE ${where.join(' AND ')}`;
    if (query.orderBy?.length) {
      sql += ` ORDER BY ${query.orderBy.map((o) => `${field(o.field)} ${o.direction === 'desc' ? 'DESC' : 'ASC'}`).join(', ')}`;
    }
    if (query.limit !== undefined) {
      sql += ' LIMIT ?';
      params.push(Math.max(0, Math.floor(query.limit)));
    }
    return this.db
      .prepare<Scalar[], { doc: string }>(sql)
      .all(...params)
      .map((r) => JSON.parse(r.doc) as T);
  }

  async commit(projection: string, checkpoint: Checkpoint, work: (tx: ReadModelTx) => Promise<void>, from?: number): Promise<void> {
    // better-sqlite3 transactions are synchronous, but projections are written against an async port.
    // The runner gives this connection to one projection batch at a time, so an explicit BEGIN..COMMIT
    // spanning awaits cannot interleave with another writer on this connection.
    this.db.exec('BEGIN IMMEDIATE');
    try {
      if (from !== undefined) {
        const stored = this.db.prepare<[string], { position: number }>('SELECT position FROM checkpoints WHERE projection = ?').get(projection);
        if ((stored?.position ?? 0) !== from) throw new CheckpointMovedError(projection, from, stored?.position ?? 0);
      }
      const tx: ReadModelTx = {
        get: (c, id) => this.get(c, id),
        find: (c, q) => this.find(c, q),
        put: async (c, doc) => {
          this.db
            .prepare('INSERT INTO documents (collection, id, doc) VALUES (?, ?, ?) ON CONFLICT(collection, id) DO UPDATE SET doc = excluded.doc')
            .run(c, doc.id, JSON.stringify(doc));
        },
        delete: async (c, id) => {
          this.db.prepare('DELETE FROM documents WHERE collection = ? AND id = ?').run(c, id);
        },
      };
      await work(tx);
      this.db
        .prepare(
          'INSERT INTO checkpoints (projection, position, version) VALUES (?, ?, ?) ON CONFLICT(projection) DO UPDATE SET position = excluded.position, version = excluded.version',
        )
        .run(projection, checkpoint.position, checkpoint.version);
      this.db.exec('COMMIT');
    } catch (error) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      throw error;
    }
  }

  async checkpoint(projection: string): Promise<Checkpoint | null> {
    const row = this.db
      .prepare<[string], Checkpoint>('SELECT position, version FROM checkpoints WHERE projection = ?')
      .get(projection);
    return row ?? null;
  }

  async reset(projection: string, collections: string[]): Promise<void> {
    const drop = this.db.transaction(() => {
      const del = this.db.prepare('DELETE FROM documents WHERE collection = ?');
      for (const c of collections) del.run(c);
      this.db.prepare('DELETE FROM checkpoints WHERE projection = ?').run(projection);
    });
    drop.immediate();
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
