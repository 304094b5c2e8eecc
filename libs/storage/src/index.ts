export * from './stores.js';
