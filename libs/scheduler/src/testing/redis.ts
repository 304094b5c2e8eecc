import type { describe as Describe, it as It } from '@jest/globals';
import { Redis } from 'ioredis';

/**
 * Registers `suite` as a skipped jest suite and says why in one plain line (CI has Redis at 127.0.0.1:6379 and
 * runs it; a machine without Redis says so instead of failing).
 */
export function skipWithoutRedis(suite: string, reason: string): void {
  const { describe, it } = globalThis as unknown as { describe: typeof Describe; it: typeof It };
  process.stdout.write(`${suite} skipped: ${reason}\n`);
  describe.skip(suite, () => {
    it('needs a Redis server', () => undefined);
  });
}

/** Deletes every key of one BullMQ queue (`<prefix>:<queue>:*`), so a test leaves Redis as it found it. */
export async function deleteQueueKeys(url: string, prefix: string, queueName: string): Promise<number> {
  const client = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    let deleted = 0;
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}:${queueName}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) deleted += await client.del(...keys);
    } while (cursor !== '0');
    return deleted;
  } finally {
    await client.quit();
  }
}
