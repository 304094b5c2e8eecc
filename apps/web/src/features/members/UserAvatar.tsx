import { Avatar, type SxProps } from '@mui/material';
import { Link } from '@tanstack/react-router';
import type { User } from '../../lib/types';
import { profilePath } from './api';

/** Initials, at most two letters (SPEC §7's fallback when there is no emoji avatar). */
export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => [...part][0]!.toUpperCase())
    .join('') || '?';

/** A member's emoji avatar; a click opens their profile (SPEC §2). */
export function UserAvatar({ user, size = 40, link = true, sx }: { user: Pick<User, 'id' | 'username' | 'name' | 'avatar'>; size?: number; link?: boolean; sx?: SxProps }) {
  const avatar = (
    <Avatar sx={{ width: size, height: size, fontSize: size * 0.55, bgcolor: 'action.selected', color: 'text.primary', ...sx }} alt="">
      {user.avatar || initials(user.name)}
    </Avatar>
  );
  if (!link) return avatar;
  return (
    <Link to={profilePath(user)} aria-label={`${user.name}'s profile`} style={{ textDecoration: 'none', borderRadius: '50%' }}>
      {avatar}
    </Link>
  );
}
