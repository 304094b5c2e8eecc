export { KurrentDbEventStore } from './kurrentdb-event-store.js';
