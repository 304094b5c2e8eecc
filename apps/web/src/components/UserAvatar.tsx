import { Avatar, type SxProps } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useProviders } from '../api/auth';
import { hubProfilePhoto } from '../lib/hub';
import { initials, profilePath } from '../lib/members';
import type { User } from '../lib/types';

type AvatarUser = Pick<User, 'id' | 'username' | 'name' | 'avatar'> & { hubUserId?: string | null };

/**
 * A hub-linked member's hub profile photo (SPEC §7: GET {hub}/api/public/user/{id}/profile-photo), fetched once
 * per member and kept: null when there is none, no hub, or the hub cannot be asked.
 */
function useHubPhoto(hubUserId: string | null | undefined): string | null {
  const providers = useProviders();
  const hubUrl = providers.data?.hub ? (providers.data.hubUrl ?? null) : null;
  const photo = useQuery({
    queryKey: ['hub', 'profile-photo', hubUrl, hubUserId],
    queryFn: () => hubProfilePhoto(hubUrl!, hubUserId!),
    enabled: Boolean(hubUrl && hubUserId),
    staleTime: 60 * 60_000,
    gcTime: 2 * 60 * 60_000,
    retry: false,
  });
  return photo.data ?? null;
}

/** A member's avatar (the hub's photo for a hub-linked member, else the emoji, else initials); a click opens their profile (SPEC §2). */
export function UserAvatar({ user, size = 40, link = true, sx }: { user: AvatarUser; size?: number; link?: boolean; sx?: SxProps }) {
  const photo = useHubPhoto(user.hubUserId);
  // A photo that does not load falls back like a missing one.
  const [broken, setBroken] = useState<string | null>(null);
  const src = photo && photo !== broken ? photo : undefined;
  const avatar = (
    <Avatar
      src={src}
      slotProps={{ img: { onError: () => setBroken(photo), referrerPolicy: 'no-referrer' } }}
      sx={{ width: size, height: size, fontSize: size * 0.55, bgcolor: 'action.selected', color: 'text.primary', ...sx }}
      alt=""
    >
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
