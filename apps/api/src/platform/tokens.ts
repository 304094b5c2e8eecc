/** Injection tokens for the ports, so every adapter is chosen in one place (app.module.ts). */
export const EVENT_STORE = Symbol('EventStore');
export const READ_MODELS = Symbol('ReadModelStore');
export const PROJECTION_PROGRESS = Symbol('ProjectionProgress');
export const CLOCK = Symbol('Clock');
export const CONFIG = Symbol('AppConfig');
/** Uploaded photos' bytes (photos/blob-store.ts): a folder in DATA_DIR, or GridFS with MONGO_URL. */
export const BLOB_STORE = Symbol('BlobStore');
/** The records of requests sent with an Idempotency-Key (platform/idempotency-records.ts, decision 045). */
export const IDEMPOTENCY_RECORDS = Symbol('IdempotencyRecords');
/** The built web app's index.html, or null when the web app is not built: the SPA fallback for client routes. */
export const WEB_INDEX_HTML = Symbol('WebIndexHtml');

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
