import type { User } from './types';

/** SPEC §2: a member's name, or the username when there is none. */
export const displayName = (u: Pick<User, 'name' | 'username'>) => u.name.trim() || u.username;

/** Initials, at most two letters (SPEC §7's fallback when there is no emoji avatar). */
export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => [...part][0]!.toUpperCase())
    .join('') || '?';

/** SPEC §2: avatars link to /user/{username}, or the id when the username is empty or "unknown". */
export const profilePath = (user: Pick<User, 'id' | 'username'>) =>
  `/user/${encodeURIComponent(user.username && user.username !== 'unknown' ? user.username : user.id)}`;
