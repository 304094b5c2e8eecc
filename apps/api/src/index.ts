export { startApp, type AppRoute, type RunningApp } from './server.js';
export { configFromEnv, type AppConfig } from './config.js';
export { idempotentRequestStream, requestFingerprint } from './platform/idempotency.js';
