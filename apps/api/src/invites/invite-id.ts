import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes: the link is the only secret that lets someone into a family. */
export const newInviteToken = (): string => randomBytes(32).toString('base64url');

/**
 * The invite's id (stream invite-<id>): derived from the token, so the join page finds the invite in the log
 * from the link alone, and the id shown in lists and URLs does not reveal the token.
 */
export const inviteIdOf = (token: string): string => createHash('sha256').update(token).digest('hex').slice(0, 32);
