import { createHash } from 'node:crypto';
import { newSecret } from '../platform/request-ids.js';

/**
 * 32 unguessable bytes: the link is the only secret that lets someone into a family. Random, or derived from the
 * seed of a request sent with an Idempotency-Key (decision 026), so that request run again makes the same invite.
 */
export const newInviteToken = (): string => newSecret('inviteToken');

/**
 * The invite's id (stream invite-<id>): derived from the token, so the join page finds the invite in the log
 * from the link alone, and the id shown in lists and URLs does not reveal the token.
 */
export const inviteIdOf = (token: string): string => createHash('sha256').update(token).digest('hex').slice(0, 32);
