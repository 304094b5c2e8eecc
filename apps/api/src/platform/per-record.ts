import { Logger } from '@nestjs/common';

const logger = new Logger('Reads');

/**
 * What a read works out from one stored record (a chore's plan, a task's due group), or `fallback` when that
 * record makes it throw: a record stored before today's bounds (a date past 9999 once a day is added) is shown
 * without the part that cannot be worked out, and logged with its id, so it never fails a family's whole list.
 */
export function perRecord<T>(record: string, what: string, fallback: T, compute: () => T): T {
  try {
    return compute();
  } catch (error) {
    logger.warn(`${record}: ${what} left out: ${error instanceof Error ? error.message : String(error)}`);
    return fallback;
  }
}
