import { InProcessWakeScheduler } from './in-process-wakes.js';
import type { WakeScheduler } from './port.js';

export interface OpenWakesOptions {
  /** REDIS_URL: wakes on BullMQ (any process runs them); null, in-process timers. */
  redisUrl: string | null;
  /** The BullMQ queue of these wakes (one per kind of wake: the chores', the daily summaries'). */
  queueName: string;
  clock: { now(): Date };
  onError: (error: unknown, key: string | null) => void;
}

/**
 * The wakes of one kind, where the deployment keeps them (decision 035): BullMQ with REDIS_URL, its module loaded
 * only then (decision 022), else in-process timers that the caller's boot catch-up sets again.
 */
export async function openWakes({ redisUrl, queueName, clock, onError }: OpenWakesOptions): Promise<WakeScheduler> {
  if (!redisUrl) return new InProcessWakeScheduler({ clock, onError });
  const { BullMqWakeScheduler } = await import('../bullmq/index.js');
  return BullMqWakeScheduler.connect({ url: redisUrl, queueName, clock, onError });
}
