/**
 * GET /api/debug/tokens (DESIGN §9): whether each token exists and when it expires, never a token's value.
 * Types only: importing them costs the browser nothing.
 */
export interface TokenStatusView {
  /** The session this request was signed in with (bearer header or cookie). */
  session: { present: true; expiresAt: string; via: 'bearer' | 'cookie' };
  /**
   * The hub access token the browser holds, sent as X-Hub-Token. The browser's word: `expiresAt` is a JWT's
   * `exp` claim read for display only (never verified, never trusted), null when the token is not a JWT.
   */
  hub: { present: boolean; expiresAt: string | null };
}
