/**
 * The rules as plain constants: limits, SPEC §5 messages, the built-in catalogue. The web app imports this
 * entry point up front; the class-validator DTOs (`@familyos/contracts`) are loaded only by forms that run them.
 */
export * from './limits.js';
export * from './messages.js';
export * from './catalog.js';
export * from './format.js';
export type * from './views/index.js';
export * from './due-dates.js';
export * from './notification-kinds.js';
