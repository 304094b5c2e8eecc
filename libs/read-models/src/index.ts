export * from './port.js';
export { SqliteReadModelStore, type CollectionIndex, type SqliteReadModelOptions } from './sqlite/sqlite-read-model-store.js';
export { MongoReadModelStore } from './mongo/mongo-read-model-store.js';
export { MemoryReadModelTx } from './memory/memory-read-model-tx.js';
