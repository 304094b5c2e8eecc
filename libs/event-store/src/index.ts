export * from './port.js';
export { SqliteEventStore } from './sqlite/sqlite-event-store.js';
export { KurrentDbEventStore } from './kurrentdb/kurrentdb-event-store.js';
