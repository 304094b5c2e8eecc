export * from './port.js';
export { SqliteReadModelStore } from './sqlite/sqlite-read-model-store.js';
