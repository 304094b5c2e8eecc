/**
 * Whether the family's server answers (issue 26). A phone can be online while the server is not: stopped, being
 * restarted, or a proxy in front of it answering 502/503/504. The app then shows what it last knew with a
 * notice, as it does offline, never an empty list or the sign-in form: only the server's own 401 signs out.
 * Every call of lib/api.ts reports here; any real answer (also a 4xx) says the server is back.
 */
type Listener = () => void;

let answering = true;
const listeners = new Set<Listener>();

/** The status codes a proxy or a server that is starting answers with: the family's server did not answer. */
const NOT_ANSWERED = new Set([502, 503, 504]);

export const serverReach = {
  isAnswering: (): boolean => answering,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** One call's outcome: `status` 0 when the request got no answer at all. */
  noted(status: number): void {
    const now = status !== 0 && !NOT_ANSWERED.has(status);
    if (now === answering) return;
    answering = now;
    for (const listener of listeners) listener();
  },
};

/** A status that means the server did not answer (no answer, or a proxy's 502/503/504). */
export const notAnswered = (status: number) => status === 0 || NOT_ANSWERED.has(status);
