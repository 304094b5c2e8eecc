import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { requestContext } from './request-context.js';

/** The bytes a request's seed gives for `purpose`: the same seed and purpose, the same bytes. */
const derived = (seed: string, purpose: string): Buffer => createHash('sha256').update(`${seed}\n${purpose}`).digest();

/**
 * A new id for what a command creates (`purpose`: 'task', 'pointsEntry', …). Random, except inside a request sent
 * with an Idempotency-Key: there it derives from the request's seed (decision 026), so a run of that request that
 * starts again (its first run died before answering) makes the very same ids, and the deciders, finding them
 * taken, append nothing. One id per purpose and request. Shaped as a UUID (version 8: made by us).
 */
export function newId(purpose: string): string {
  const seed = requestContext.getStore()?.idSeed;
  if (!seed) return randomUUID();
  const hex = derived(seed, purpose).toString('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * 32 unguessable bytes, base64url, for a secret a command creates (an invite link's token): random, or derived
 * like newId. The seed is random and kept in the log only, never answered, so a derived secret is as
 * unguessable as a random one.
 */
export function newSecret(purpose: string): string {
  const seed = requestContext.getStore()?.idSeed;
  return (seed ? derived(seed, purpose) : randomBytes(32)).toString('base64url');
}
