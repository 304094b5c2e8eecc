export * from './collections.js';
export type * from './documents.js';
