import { MongoClient, type ClientSession, type Collection, type Db, type Filter, type Sort } from 'mongodb';
import { checkAfter, CheckpointMovedError, type Checkpoint, type Collection as Named, type Condition, type Doc, type Query, type ReadModelStore, type ReadModelTx, type Scalar } from '../port.js';

const FIELD = /^[A-Za-z_][A-Za-z0-9_]*$/;
const COLLECTION = /^[A-Za-z_][A-Za-z0-9_-]*$/;
const CHECKPOINTS = 'checkpoints';

/** What is kept in Mongo: the document as put, plus `_id` (= id); its other fields are the projection's. */
type Stored = { _id: string; id: string; [field: string]: unknown };
type StoredCheckpoint = Checkpoint & { _id: string };

function field(name: string): string {
  if (!FIELD.test(name)) throw new Error(`Invalid field name: ${name}`);
  // `id` is copied into `_id`, which is indexed.
  return name === 'id' ? '_id' : name;
}

/** Only plain scalars reach the server: an object or RegExp here would be read as an operator or a pattern. */
function scalar(value: unknown): Scalar {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return value as Scalar;
  throw new Error(`Invalid value in query: ${String(value)}`);
}

/** Same meaning as the SQLite adapter: null matches a missing field too, and ranges never match null. */
function condition(c: Condition): unknown {
  if (c === null || typeof c !== 'object') return scalar(c);
  if ('in' in c) return { $in: c.in.map(scalar) };
  if ('ne' in c) return { $ne: scalar(c.ne) };
  if ('has' in c) return { $elemMatch: { $eq: scalar(c.has) } };
  if ('contains' in c) {
    if (typeof c.contains !== 'string') throw new Error(`Invalid condition: ${JSON.stringify(c)}`);
    return { $type: 'string', $regex: c.contains.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') };
  }
  const ops = ['gte', 'gt', 'lte', 'lt'] as const;
  if (Object.getPrototypeOf(c) !== Object.prototype || !Object.keys(c).every((k) => (ops as readonly string[]).includes(k))) {
    throw new Error(`Invalid condition: ${JSON.stringify(c)}`);
  }
  const range: Record<string, unknown> = { $ne: null };
  for (const op of ops) {
    if (c[op] !== undefined) range[`$${op}`] = scalar(c[op]);
  }
  return range;
}

function filterOf(query: Query): Filter<Stored> {
  const filter: Record<string, unknown> = {};
  for (const [name, c] of Object.entries(query.where ?? {})) filter[field(name)] = condition(c);
  if (query.after) {
    // After the last row: greater (or less, descending) on the first field, or equal on it and after on the next.
    checkAfter(query);
    const orderBy = query.orderBy ?? [];
    const after = query.after.map(scalar);
    filter.$or = orderBy.map((o, i) => ({
      ...Object.fromEntries(orderBy.slice(0, i).map((e, j) => [field(e.field), after[j]])),
      [field(o.field)]: { [o.direction === 'desc' ? '$lt' : '$gt']: after[i] },
    }));
  }
  return filter as Filter<Stored>;
}

function sortOf(query: Query): Sort {
  const sort: [string, 1 | -1][] = (query.orderBy ?? []).map((o) => [field(o.field), o.direction === 'desc' ? -1 : 1]);
  // Ties (and unordered queries) come back in id order, as SQLite's primary key gives them.
  if (!sort.some(([f]) => f === '_id')) sort.push(['_id', 1]);
  return sort;
}

function strip<T extends Doc>(stored: Stored): T {
  const { _id: _ignored, ...doc } = stored;
  return doc as unknown as T;
}

/**
 * Read models in MongoDB: one collection per read-model collection, a document's `_id` is its `id`, and each
 * projection's checkpoint lives in `checkpoints`. commit() is a multi-document transaction, which MongoDB
 * only offers on a replica set (or sharded cluster): a standalone mongod is refused, a one-node replica set
 * is enough.
 */
export class MongoReadModelStore implements ReadModelStore {
  private readonly db: Db;

  constructor(
    private readonly client: MongoClient,
    dbName: string,
  ) {
    this.db = client.db(dbName);
  }

  static async connect(url: string, dbName: string): Promise<MongoReadModelStore> {
    // ignoreUndefined: a document must come back as JSON would have kept it, without `field: null` for undefined.
    const client = new MongoClient(url, { ignoreUndefined: true });
    await client.connect();
    return new MongoReadModelStore(client, dbName);
  }

  private collection(name: string): Collection<Stored> {
    if (!COLLECTION.test(name) || name === CHECKPOINTS) throw new Error(`Invalid collection name: ${name}`);
    return this.db.collection<Stored>(name);
  }

  private checkpoints(): Collection<StoredCheckpoint> {
    return this.db.collection<StoredCheckpoint>(CHECKPOINTS);
  }

  private async getIn<T extends Doc>(collection: string, id: string, session?: ClientSession): Promise<T | null> {
    const stored = await this.collection(collection).findOne({ _id: id }, { session });
    return stored ? strip<T>(stored) : null;
  }

  private async findIn<T extends Doc>(collection: string, query: Query, session?: ClientSession): Promise<T[]> {
    const filter = filterOf(query);
    const sort = sortOf(query);
    // Mongo reads limit(0) as "no limit"; the port means "nothing".
    if (query.limit !== undefined && Math.floor(query.limit) <= 0) return [];
    const cursor = this.collection(collection).find(filter, { session, sort });
    if (query.limit !== undefined) cursor.limit(Math.floor(query.limit));
    return (await cursor.toArray()).map((s) => strip<T>(s));
  }

  get<T extends Doc>(collection: Named<T>, id: string): Promise<T | null> {
    return this.getIn<T>(collection, id);
  }

  async find<T extends Doc>(collection: Named<T>, query: Query = {}): Promise<T[]> {
    await this.ensureFamilyIndex(collection);
    return this.findIn<T>(collection, query);
  }

  private readonly indexed = new Set<string>();

  /**
   * Every query is scoped to a family, so each collection gets a familyId index the first time it is queried
   * (outside any transaction: index builds are not allowed in one on an existing collection).
   */
  private async ensureFamilyIndex(collection: string): Promise<void> {
    if (this.indexed.has(collection)) return;
    await this.collection(collection).createIndex({ familyId: 1 });
    this.indexed.add(collection);
  }

  async commit(projection: string, checkpoint: Checkpoint, work: (tx: ReadModelTx) => Promise<void>, from?: number): Promise<void> {
    // withTransaction may run `work` again on a transient error; projections are deterministic, so that is safe.
    await this.transaction(async (session) => {
      if (from !== undefined) {
        const stored = await this.checkpoints().findOne({ _id: projection }, { session });
        if ((stored?.position ?? 0) !== from) throw new CheckpointMovedError(projection, from, stored?.position ?? 0);
      }
      const tx: ReadModelTx = {
        get: (c, id) => this.getIn(c, id, session),
        find: (c, q) => this.findIn(c, q ?? {}, session),
        put: async (c, doc) => {
          await this.collection(c).replaceOne({ _id: doc.id }, { ...(doc as object), _id: doc.id } as never, { upsert: true, session });
        },
        delete: async (c, id) => {
          await this.collection(c).deleteOne({ _id: id }, { session });
        },
      };
      await work(tx);
      await this.checkpoints().updateOne(
        { _id: projection },
        { $set: { position: checkpoint.position, version: checkpoint.version } },
        { upsert: true, session },
      );
    });
  }

  async checkpoint(projection: string): Promise<Checkpoint | null> {
    const stored = await this.checkpoints().findOne({ _id: projection });
    return stored ? { position: stored.position, version: stored.version } : null;
  }

  async reset(projection: string, collections: Named[]): Promise<void> {
    // In one transaction: a crash half-way must not leave a checkpoint over emptied collections.
    await this.transaction(async (session) => {
      for (const c of collections) await this.collection(c).deleteMany({}, { session });
      await this.checkpoints().deleteOne({ _id: projection }, { session });
    });
  }

  private async transaction(fn: (session: ClientSession) => Promise<void>): Promise<void> {
    const session = this.client.startSession();
    try {
      await session.withTransaction(() => fn(session), {
        readConcern: { level: 'snapshot' },
        writeConcern: { w: 'majority' },
        readPreference: 'primary',
      });
    } finally {
      await session.endSession();
    }
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
