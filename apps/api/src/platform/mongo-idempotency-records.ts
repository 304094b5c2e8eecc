import { MongoClient, MongoServerError, type Collection } from 'mongodb';
import { idempotentRequestDecider, type IdempotentRequestState } from '@familyos/domain';
import type { IdempotencyRecords, StoredRequest } from './idempotency-records.js';

interface RecordDoc {
  _id: string;
  version: number;
  expiresAt: Date;
  record: IdempotentRequestState;
}

const DUPLICATE_KEY = 11000;

/**
 * The records in MongoDB beside the read models when MONGO_URL is set, shared by every api replica. A TTL index
 * on `expiresAt` lets MongoDB delete them (its monitor runs about once a minute, so a read checks the expiry
 * too); writes are acknowledged by the majority and journaled before they answer (decision 045).
 */
export class MongoIdempotencyRecords implements IdempotencyRecords {
  private constructor(
    private readonly client: MongoClient,
    private readonly records: Collection<RecordDoc>,
  ) {}

  static async connect(url: string, dbName: string): Promise<MongoIdempotencyRecords> {
    const client = new MongoClient(url, { writeConcern: { w: 'majority', journal: true } });
    await client.connect();
    const records = client.db(dbName).collection<RecordDoc>('idempotentRequests');
    await records.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
    return new MongoIdempotencyRecords(client, records);
  }

  async read(key: string, now: Date): Promise<StoredRequest> {
    const doc = await this.records.findOne({ _id: key });
    if (!doc) return { state: idempotentRequestDecider.initialState, version: 0, expiresAt: null };
    if (doc.expiresAt.getTime() <= now.getTime()) return { state: idempotentRequestDecider.initialState, version: doc.version, expiresAt: null };
    return { state: doc.record, version: doc.version, expiresAt: doc.expiresAt };
  }

  async write(key: string, state: IdempotentRequestState, version: number, expiresAt: Date): Promise<boolean> {
    if (version === 0) {
      try {
        await this.records.insertOne({ _id: key, version: 1, expiresAt, record: state });
        return true;
      } catch (error) {
        if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) return false;
        throw error;
      }
    }
    const { modifiedCount } = await this.records.updateOne({ _id: key, version }, { $set: { expiresAt, record: state }, $inc: { version: 1 } });
    return modifiedCount === 1;
  }

  async sweep(now: Date): Promise<number> {
    return (await this.records.deleteMany({ expiresAt: { $lte: now } })).deletedCount;
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
