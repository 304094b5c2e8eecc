import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SqliteEventStore, type EventStore } from '@familyos/event-store';
import { SqliteReadModelStore, type ReadModelStore } from '@familyos/read-models';
import { readModelIndexes } from '@familyos/projections';

/**
 * Where events and read models live. Embedded (the default): two SQLite files in DATA_DIR. At scale:
 * EVENTSTORE_URL (KurrentDB) and MONGO_URL (MongoDB replica set). Each is chosen independently.
 */
export interface StorageConfig {
  dataDir: string;
  eventStoreUrl: string | null;
  mongoUrl: string | null;
  mongoDb: string;
}

export function storageConfigFromEnv(env: NodeJS.ProcessEnv = process.env): StorageConfig {
  return {
    dataDir: resolve(env.DATA_DIR || './data'),
    eventStoreUrl: env.EVENTSTORE_URL || null,
    mongoUrl: env.MONGO_URL || null,
    mongoDb: env.MONGO_DB || 'familyos',
  };
}

export async function openEventStore(config: StorageConfig): Promise<EventStore> {
  if (config.eventStoreUrl) {
    // Imported here, not above: the embedded default never loads the KurrentDB client (memory: decision 022).
    const { KurrentDbEventStore } = await import('@familyos/event-store/kurrentdb');
    return KurrentDbEventStore.connect(config.eventStoreUrl);
  }
  mkdirSync(config.dataDir, { recursive: true });
  return new SqliteEventStore(join(config.dataDir, 'events.sqlite'));
}

/**
 * Opens a connection to the read models. With SQLite, the projector and the queries each get their own
 * connection, so a query never sees a projection batch that has not committed.
 */
export async function openReadModels(config: StorageConfig): Promise<ReadModelStore> {
  if (config.mongoUrl) {
    const { MongoReadModelStore } = await import('@familyos/read-models/mongo');
    return MongoReadModelStore.connect(config.mongoUrl, config.mongoDb);
  }
  mkdirSync(config.dataDir, { recursive: true });
  return new SqliteReadModelStore(join(config.dataDir, 'read-models.sqlite'), { indexes: readModelIndexes });
}
