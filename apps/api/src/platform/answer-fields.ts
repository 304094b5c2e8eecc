/**
 * A stored row as an answer: every field in the row's own order except `hidden` (the read model's filter and
 * scope fields). A rest pattern with named exclusions (`const { familyId, ...rest } = row`) copied each row
 * through V8's slow path: measured on a page of 24 tasks, 700 µs of a 920 µs answer; this loop costs ~60 µs.
 */
export function answerFields<T extends object, K extends keyof T>(row: T, hidden: ReadonlySet<K>): Omit<T, K> {
  const answer: Record<string, unknown> = {};
  for (const key in row) if (!hidden.has(key as unknown as K)) answer[key] = row[key];
  return answer as Omit<T, K>;
}
