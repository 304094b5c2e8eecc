/**
 * The answers boot/early-answers.ts asked for before this script ran (decision 054). Each is taken once, by the
 * first call of its path, and only in the page's first seconds: later, data is asked for afresh.
 */
const EARLY_KEY = '__familyosEarlyAnswers';
const FRESH_FOR_MS = 15_000;

const earlyAnswers = () => (globalThis as unknown as Record<string, Map<string, Promise<Response>> | undefined>)[EARLY_KEY];

export function takeEarlyAnswer(path: string): Promise<Response> | undefined {
  const answers = earlyAnswers();
  const answer = answers?.get(path);
  if (!answer) return undefined;
  answers!.delete(path);
  return performance.now() < FRESH_FOR_MS ? answer : undefined;
}

/**
 * Once the family's change stream stands or tells of a change, an answer asked for before may be older than what
 * the server now holds: every read from then on is asked afresh.
 */
export function forgetEarlyAnswers(): void {
  earlyAnswers()?.clear();
}
