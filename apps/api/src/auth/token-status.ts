import type { TokenStatusView } from '@familyos/contracts';
import type { SignedIn } from './sessions.service.js';

/** Longer than any JWT a hub issues: a longer header is "present" and nothing more is read of it. */
const LONGEST_READ = 4096;
/** 9999-12-31T23:59:59Z: an `exp` past it is not a date a hub meant. */
const LATEST_EXP = 253_402_300_799;

/**
 * When a hub token says it expires, if it is shaped like a JWT: the `exp` claim of its payload. The token is the
 * browser's word (a header): its signature is not checked and the date is for the debug card alone, never a
 * reason to accept or refuse anything. Anything unreadable is null.
 */
export function claimedExpiry(token: string): string | null {
  if (token.length > LONGEST_READ) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !/^[A-Za-z0-9_-]+$/.test(parts[1]!)) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const exp = payload !== null && typeof payload === 'object' ? (payload as { exp?: unknown }).exp : undefined;
  if (typeof exp !== 'number' || !Number.isFinite(exp) || exp <= 0 || exp > LATEST_EXP) return null;
  return new Date(exp * 1000).toISOString();
}

/**
 * GET /api/debug/tokens (DESIGN §9): whether the session and the hub token exist and when they expire. Only
 * booleans and dates leave: no value, prefix or claim of either token is ever echoed.
 */
export function tokenStatus(session: SignedIn, via: 'bearer' | 'cookie', hubHeader: string | string[] | undefined): TokenStatusView {
  const hubToken = (Array.isArray(hubHeader) ? hubHeader.join(',') : (hubHeader ?? '')).trim();
  return {
    session: { present: true, expiresAt: session.expiresAt, via },
    hub: { present: hubToken !== '', expiresAt: hubToken === '' ? null : claimedExpiry(hubToken) },
  };
}
