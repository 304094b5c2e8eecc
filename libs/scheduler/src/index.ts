export * from './port.js';
export * from './schedule.js';
export * from './in-process/in-process-scheduler.js';
// BullMQ and ioredis are their own entry (@familyos/scheduler/bullmq), imported only when REDIS_URL is set.
export * from './wakes/port.js';
export * from './wakes/in-process-wakes.js';
export * from './wakes/open-wakes.js';
