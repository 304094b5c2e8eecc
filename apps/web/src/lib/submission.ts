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
 * it answered then instead of creating a second item. Once the server has answered, and for any other body, the
 * next submission gets a new key.
 */
export class SubmissionKey {
  private current: { body: string; key: string } | null = null;

  /** Runs `request` with the key of `body` (its text tells one submission from another). */
  async send<T>(body: string, request: (key: string) => Promise<T>): Promise<T> {
    if (this.current?.body !== body) this.current = { body, key: newKey() };
    try {
      const answer = await request(this.current.key);
      this.current = null;
      return answer;
    } catch (error) {
      if (!unanswered(error)) this.current = null;
      throw error;
    }
  }
}

/** One form's SubmissionKey, kept as long as the form is. */
export function useSubmissionKey(): SubmissionKey {
  const [key] = useState(() => new SubmissionKey());
  return key;
}

/** A POST that creates something, sent with its submission's Idempotency-Key: what every create mutation uses. */
export function useCreatePost() {
  const key = useSubmissionKey();
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
