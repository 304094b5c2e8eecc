export * from './envelope.js';
export * from './family-events.js';
export * from './member-events.js';
export * from './task-events.js';
export * from './points-events.js';
export * from './catalog.js';
