export * from './port.js';
export { SqliteReadModelStore, type CollectionIndex, type SqliteReadModelOptions } from './sqlite/sqlite-read-model-store.js';
// The MongoDB driver is its own entry (@familyos/read-models/mongo), imported only when MONGO_URL is set.
export { MemoryReadModelTx } from './memory/memory-read-model-tx.js';
