export { startApp, type AppRoute, type RunningApp } from './server.js';
export { configFromEnv, type AppConfig } from './config.js';
export { idempotentRequestKey, idempotentRequestStream, requestFingerprint } from './platform/idempotency.js';
export { RECORD_TTL_MS } from './platform/idempotency-records.js';
export { LIVE_OPENS_PER_MINUTE } from './live/live-open-limit.js';
