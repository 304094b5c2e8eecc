import { ApiError } from '../../lib/api';

/**
 * The server's words when a sign-in became a request to join that waits for a parent's (or the platform's)
 * approval: a 403 that carries the `pending` request (decision 012). Null for any other failure.
 */
export function approvalWaitedFor(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 403 || !error.serverMessage) return null;
  const answer = error.answer as { pending?: unknown } | null;
  return answer && typeof answer === 'object' && answer.pending ? error.serverMessage : null;
}
