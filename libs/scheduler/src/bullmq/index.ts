export * from './bullmq-scheduler.js';
