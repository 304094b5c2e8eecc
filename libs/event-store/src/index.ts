export * from './port.js';
export { SqliteEventStore } from './sqlite/sqlite-event-store.js';
