/**
 * The answers boot/early-answers.ts asked for before this script ran (decision 054). Each is taken once, by the
 * first call of its path, and only in the page's first seconds: later, data is asked for afresh.
 */
const EARLY_KEY = '__familyosEarlyAnswers';
const FRESH_FOR_MS = 15_000;

export function takeEarlyAnswer(path: string): Promise<Response> | undefined {
  const answers = (window as unknown as Record<string, Map<string, Promise<Response>> | undefined>)[EARLY_KEY];
  const answer = answers?.get(path);
  if (!answer) return undefined;
  answers!.delete(path);
  return performance.now() < FRESH_FOR_MS ? answer : undefined;
}
