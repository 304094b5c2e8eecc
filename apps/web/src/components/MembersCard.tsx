import { Alert, Avatar, Box, ButtonBase, Skeleton, Stack, Typography } from '@mui/material';
import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { displayName, initials, profilePath } from '../lib/members';
import { ROLE_LABEL, type Role, type User } from '../lib/types';
import { AvatarPicker } from './AvatarPicker';
import { QueryCard, type QueryState } from './QueryCard';
import { SoftChip } from './SoftChip';

const ROLE_TONE: Record<Role, 'primary' | 'secondary' | 'info' | 'success'> = { admin: 'primary', superuser: 'secondary', manager: 'info', child: 'success' };

/** SPEC §2: the age, or "Adult" for a grown-up whose age is not given. */
function ageLabel(u: User): string | null {
  if (u.age !== null && u.age !== undefined) return `Age ${u.age}`;
  return u.role === 'child' ? null : 'Adult';
}

const avatarSx = { bgcolor: 'background.paper', color: 'text.primary', border: 1, borderColor: 'divider' } as const;
const nameSx = { fontWeight: 700, color: 'text.primary', textDecoration: 'none', overflowWrap: 'anywhere', '&:hover': { textDecoration: 'underline' } } as const;

/** Deactivated members stay listed, their history names them; the chip says why they cannot sign in (decision 029). */
function InactiveChip({ user }: { user: User }) {
  return user.active ? null : <SoftChip label="Inactive" tone="default" testId="member-inactive" />;
}

/**
 * SPEC §2 "Family Members" of Settings and of the Admin panel: avatar, name (to the profile) and the Primary
 * Admin flag. Settings (`editAvatars`) adds the role and age and opens the avatar picker on an avatar's click;
 * the Admin panel shows the role as a badge, two members a row, and `actions` at the end of each row.
 */
export function MembersCard({
  users,
  testId,
  editAvatars = false,
  actions,
}: {
  users: QueryState<User[]>;
  testId: string;
  editAvatars?: boolean;
  actions?: (user: User) => ReactNode;
}) {
  const [picking, setPicking] = useState<User | null>(null);
  return (
    <QueryCard
      title="Family Members"
      emoji="👨‍👩‍👧‍👦"
      count={users.data?.length ?? 0}
      testId={testId}
      query={users}
      pending={
        <Stack sx={{ gap: 1 }}>
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={56} />
        </Stack>
      }
      error={<Alert severity="error">Failed to fetch users</Alert>}
      empty={null}
      after={picking && <AvatarPicker user={{ ...picking, name: displayName(picking) }} open onClose={() => setPicking(null)} />}
    >
      {(list) => (
        <Box
          component="ul"
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1, ...(editAvatars ? {} : { gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }) }}
        >
          {list.map((u) =>
            editAvatars ? <EditableMemberRow key={u.id} user={u} onPick={() => setPicking(u)} /> : <MemberRow key={u.id} user={u} action={actions?.(u)} />,
          )}
        </Box>
      )}
    </QueryCard>
  );
}

function MemberRow({ user, action }: { user: User; action?: ReactNode }) {
  const name = displayName(user);
  return (
    <Stack component="li" aria-label={name} direction="row" sx={{ alignItems: 'center', gap: 1.5, p: 1, borderRadius: 2, bgcolor: 'action.hover', minWidth: 0 }}>
      <Avatar alt="" sx={{ width: 40, height: 40, fontSize: 22, ...avatarSx, ...(user.active ? {} : { opacity: 0.55 }) }}>
        {user.avatar || initials(name)}
      </Avatar>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography component={Link} to={profilePath(user)} sx={nameSx}>
          {name}
        </Typography>
        <Stack direction="row" sx={{ gap: 0.5, mt: 0.25, flexWrap: 'wrap' }}>
          <SoftChip label={ROLE_LABEL[user.role]} tone={ROLE_TONE[user.role]} testId="member-role" />
          {user.isPrimaryAdmin && <SoftChip label="👑 Primary Admin" tone="warning" testId="primary-admin" />}
          <InactiveChip user={user} />
        </Stack>
      </Box>
      {action}
    </Stack>
  );
}

function EditableMemberRow({ user, onPick }: { user: User; onPick: () => void }) {
  const name = displayName(user);
  const age = ageLabel(user);
  return (
    <Stack component="li" aria-label={name} direction="row" sx={{ alignItems: 'center', gap: 1.5, p: 1, borderRadius: 2, bgcolor: 'action.hover' }}>
      <ButtonBase
        onClick={onPick}
        aria-label={`Change avatar for ${name}`}
        sx={{ borderRadius: '50%', '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 } }}
      >
        <Avatar alt="" sx={{ width: 44, height: 44, fontSize: 24, ...avatarSx }}>
          {user.avatar || initials(name)}
        </Avatar>
      </ButtonBase>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography component={Link} to={profilePath(user)} sx={nameSx}>
          {name}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="member-details">
          {ROLE_LABEL[user.role]}
          {age ? ` · ${age}` : ''}
        </Typography>
        {(user.isPrimaryAdmin || !user.active) && (
          <Box sx={{ mt: 0.5 }}>
            {user.isPrimaryAdmin && <SoftChip label="👑 Primary Admin" tone="warning" testId="primary-admin" />}
            <InactiveChip user={user} />
          </Box>
        )}
      </Box>
    </Stack>
  );
}
