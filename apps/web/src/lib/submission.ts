import { useRef, useState } from 'react';
import { ApiError, post } from './api';

/**
 * A new Idempotency-Key. From getRandomValues, which every browser offers, also on a family server reached over
 * plain http (crypto.randomUUID needs a secure context).
 */
function newKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The attempt got no answer the server kept: it failed on the way, or the server failed (5xx). */
const unanswered = (error: unknown) => !(error instanceof ApiError) || error.status === 0 || error.status >= 500;

/**
 * The Idempotency-Key of one form's submissions (DESIGN §4, decision 026, README "Idempotency keys"). The same body
 * sent again after it got no answer keeps its key: if the first attempt did get through, the server answers what
 * it answered then instead of creating a second item. A refusal (4xx) ends the submission, and so does any other
 * body: the next one gets a new key.
 *
 * `forOpenedForm`: the key belongs to a dialog opened for one thing (mounted each time it opens), not to the
 * click (issue 26). An answered submission keeps its key too, so a second tap that reaches the form as it
 * closes is answered the first answer and creates nothing. Without it (a form that stays on the page, a button
 * that makes a new thing each time, such as Generate Report), an answered submission's next one gets a new key.
 */
export class SubmissionKey {
  private current: { body: string; key: string } | null = null;

  constructor(private readonly forOpenedForm = false) {}

  /** Runs `request` with the key of `body` (its text tells one submission from another). */
  async send<T>(body: string, request: (key: string) => Promise<T>): Promise<T> {
    if (this.current?.body !== body) this.current = { body, key: newKey() };
    try {
      const answer = await request(this.current.key);
      if (!this.forOpenedForm) this.current = null;
      return answer;
    } catch (error) {
      if (!unanswered(error)) this.current = null;
      throw error;
    }
  }
}

/** One form's SubmissionKey, kept as long as the form is. */
export function useSubmissionKey(forOpenedForm = false): SubmissionKey {
  const [key] = useState(() => new SubmissionKey(forOpenedForm));
  return key;
}

/** A POST that creates something, sent with its submission's Idempotency-Key: what every create mutation uses. */
export function useCreatePost({ forOpenedForm = false }: { forOpenedForm?: boolean } = {}) {
  const key = useSubmissionKey(forOpenedForm);
  return <T>(path: string, body: unknown = {}, headers?: Record<string, string>) =>
    key.send(JSON.stringify([path, body]), (idempotencyKey) => post<T>(path, body, { idempotencyKey, headers }));
}

/**
 * A form's submit handler that runs one submission at a time: a second submit while one is under way (a double
 * click, a double tap, a second click while the first still validates or sends) is dropped at once, before React
 * has re-rendered the submit button disabled. The form still disables it while its request is in flight.
 */
export function useOneSubmission<E extends { preventDefault(): void }>(submit: (event?: E) => Promise<unknown>): (event?: E) => void {
  const running = useRef(false);
  return (event) => {
    event?.preventDefault();
    if (running.current) return;
    running.current = true;
    void submit(event).finally(() => {
      running.current = false;
    });
  };
}
