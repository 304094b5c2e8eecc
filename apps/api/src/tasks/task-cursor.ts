import { createHash } from 'node:crypto';
import { messages } from '@familyos/contracts';
import { DomainError } from '@familyos/domain';

/**
 * The Tasks list's cursor (decision 050): the last row's `listKey` (its createdAt and id, nothing of any other
 * row or family), a check so a changed or another list's cursor is refused, in base64url.
 */
const LIST = 'tasks.v1';
// A chore occurrence's id is `<chore>_<period>_<child>` (about 84 characters): room for 160.
const KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z\|[A-Za-z0-9_-]{1,160}$/;

/**
 * The default list's cursor (decision 071): open work first, then the settled by when they settled, so its place
 * is the last row's `openUntil` and `listKey`, under its own name: a cursor of one list is refused by the other.
 */
const RECENT = 'tasks.recent.v1';
const RECENT_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z\|\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z\|[A-Za-z0-9_-]{1,160}$/;

const check = (list: string, key: string) => createHash('sha256').update(`${list}\n${key}`).digest('base64url').slice(0, 10);

const encode = (list: string, key: string) => Buffer.from(`${check(list, key)}.${key}`).toString('base64url');

function decode(list: string, shape: RegExp, cursor: string): string {
  const text = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const dot = text.indexOf('.');
  const key = text.slice(dot + 1);
  if (dot < 0 || !shape.test(key) || text.slice(0, dot) !== check(list, key)) {
    throw new DomainError('invalid', messages.taskListCursor, [{ field: 'cursor', message: messages.taskListCursor }]);
  }
  return key;
}

export function taskCursor(listKey: string): string {
  return encode(LIST, listKey);
}

/** The listKey a cursor points after; 400 naming `cursor` when it is not one this list gave. */
export function afterCursor(cursor: string): string {
  return decode(LIST, KEY, cursor);
}

/** The default list's cursor after a row (decision 071). */
export function recentCursor(row: { openUntil: string; listKey: string }): string {
  return encode(RECENT, `${row.openUntil}|${row.listKey}`);
}

/** The default list's place a cursor points after, as [openUntil, listKey]; 400 naming `cursor` otherwise. */
export function afterRecentCursor(cursor: string): [string, string] {
  const key = decode(RECENT, RECENT_KEY, cursor);
  const bar = key.indexOf('|');
  return [key.slice(0, bar), key.slice(bar + 1)];
}
