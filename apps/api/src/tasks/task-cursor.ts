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

const check = (key: string) => createHash('sha256').update(`${LIST}\n${key}`).digest('base64url').slice(0, 10);

export function taskCursor(listKey: string): string {
  return Buffer.from(`${check(listKey)}.${listKey}`).toString('base64url');
}

/** The listKey a cursor points after; 400 naming `cursor` when it is not one this list gave. */
export function afterCursor(cursor: string): string {
  const text = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const dot = text.indexOf('.');
  const key = text.slice(dot + 1);
  if (dot < 0 || !KEY.test(key) || text.slice(0, dot) !== check(key)) {
    throw new DomainError('invalid', messages.taskListCursor, [{ field: 'cursor', message: messages.taskListCursor }]);
  }
  return key;
}
