import { Alert, Avatar, Box, ButtonBase, Skeleton, Stack, Typography } from '@mui/material';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { ROLE_LABEL, type User } from '../../lib/types';
import { SectionCard, SoftChip } from '../dashboard/parts';
import { AvatarPicker } from '../members/AvatarPicker';
import { profilePath } from '../members/api';
import { initials } from '../members/UserAvatar';

/** SPEC §2: a member's name, or the username when there is none. */
export const displayName = (u: Pick<User, 'name' | 'username'>) => u.name.trim() || u.username;

/** SPEC §2: the age, or "Adult" for a grown-up whose age is not given. */
function ageLabel(u: User): string | null {
  if (u.age !== null && u.age !== undefined) return `Age ${u.age}`;
  return u.role === 'child' ? null : 'Adult';
}

/** SPEC §2 Settings, family members: a click on an avatar opens the avatar picker for that member. */
export function MembersCard({ users }: { users: { data?: User[]; isPending: boolean; isError: boolean } }) {
  const [picking, setPicking] = useState<User | null>(null);
  const list = users.data ?? [];
  return (
    <SectionCard title="Family Members" emoji="👨‍👩‍👧‍👦" count={list.length} testId="settings-members">
      {users.isPending ? (
        <Stack sx={{ gap: 1 }}>
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={56} />
        </Stack>
      ) : users.isError ? (
        <Alert severity="error">Failed to fetch users</Alert>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
          {list.map((u) => (
            <MemberRow key={u.id} user={u} onPick={() => setPicking(u)} />
          ))}
        </Box>
      )}
      {picking && <AvatarPicker user={{ ...picking, name: displayName(picking) }} open onClose={() => setPicking(null)} />}
    </SectionCard>
  );
}

function MemberRow({ user, onPick }: { user: User; onPick: () => void }) {
  const name = displayName(user);
  const age = ageLabel(user);
  return (
    <Stack component="li" aria-label={name} direction="row" sx={{ alignItems: 'center', gap: 1.5, p: 1, borderRadius: 2, bgcolor: 'action.hover' }}>
      <ButtonBase
        onClick={onPick}
        aria-label={`Change avatar for ${name}`}
        sx={{ borderRadius: '50%', '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 } }}
      >
        <Avatar alt="" sx={{ width: 44, height: 44, fontSize: 24, bgcolor: 'background.paper', color: 'text.primary', border: 1, borderColor: 'divider' }}>
          {user.avatar || initials(name)}
        </Avatar>
      </ButtonBase>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography
          component={Link}
          to={profilePath(user)}
          sx={{ fontWeight: 700, color: 'text.primary', textDecoration: 'none', overflowWrap: 'anywhere', '&:hover': { textDecoration: 'underline' } }}
        >
          {name}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="member-details">
          {ROLE_LABEL[user.role]}
          {age ? ` · ${age}` : ''}
        </Typography>
        {user.isPrimaryAdmin && (
          <Box sx={{ mt: 0.5 }}>
            <SoftChip label="👑 Primary Admin" tone="warning" testId="primary-admin" />
          </Box>
        )}
      </Box>
    </Stack>
  );
}
