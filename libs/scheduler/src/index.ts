export * from './port.js';
export * from './schedule.js';
export * from './in-process/in-process-scheduler.js';
export * from './bullmq/bullmq-scheduler.js';
