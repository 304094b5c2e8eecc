import { limits, messages } from '@familyos/contracts/rules';

/** SPEC §5 for a post's text, new or edited: what is wrong with it, or null. The server checks the same. */
export const announcementProblem = (text: string): string | null =>
  !text ? messages.announcementRequired : text.length > limits.announcement.max ? messages.announcementTooLong : null;

/** SPEC §5 for a reply's text, new or edited (a new blank reply is ignored rather than refused). */
export const commentProblem = (text: string): string | null =>
  !text ? messages.commentEmpty : text.length > limits.comment.max ? messages.commentTooLong : null;

/** A post's first words on one line, for a question about it ("Delete “Pizza night on…”?"). */
export function shortQuote(text: string, max = 50): string {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('').trimEnd()}…`;
}
