export * from './port.js';
export { SqliteEventStore } from './sqlite/sqlite-event-store.js';
// KurrentDB's client is its own entry (@familyos/event-store/kurrentdb), imported only when EVENTSTORE_URL is set:
// loading it (with the MongoDB driver and BullMQ, likewise split) cost the embedded api ~25 MB resident at rest.
