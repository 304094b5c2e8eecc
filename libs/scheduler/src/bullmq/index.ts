export * from './bullmq-scheduler.js';
export * from './bullmq-wakes.js';
