import { Alert, Avatar, Box, Skeleton, Stack, Typography } from '@mui/material';
import { Link } from '@tanstack/react-router';
import { ROLE_LABEL, type Role, type User } from '../../lib/types';
import { SectionCard, SoftChip } from '../dashboard/parts';
import { profilePath } from '../members/api';
import { initials } from '../members/UserAvatar';
import { displayName } from '../settings/MembersCard';

const ROLE_TONE: Record<Role, 'primary' | 'secondary' | 'info' | 'success'> = { admin: 'primary', superuser: 'secondary', manager: 'info', child: 'success' };

/** SPEC §2 Admin panel, family members: avatar, name (to the profile), role badge and the Primary Admin flag. */
export function AdminMembersCard({ users }: { users: { data?: User[]; isPending: boolean; isError: boolean } }) {
  const list = users.data ?? [];
  return (
    <SectionCard title="Family Members" emoji="👨‍👩‍👧‍👦" count={list.length} testId="admin-members">
      {users.isPending ? (
        <Stack sx={{ gap: 1 }}>
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={56} />
        </Stack>
      ) : users.isError ? (
        <Alert severity="error">Failed to fetch users</Alert>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
          {list.map((u) => {
            const name = displayName(u);
            return (
              <Stack component="li" key={u.id} aria-label={name} direction="row" sx={{ alignItems: 'center', gap: 1.5, p: 1, borderRadius: 2, bgcolor: 'action.hover', minWidth: 0 }}>
                <Avatar alt="" sx={{ width: 40, height: 40, fontSize: 22, bgcolor: 'background.paper', color: 'text.primary', border: 1, borderColor: 'divider' }}>
                  {u.avatar || initials(name)}
                </Avatar>
                <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                  <Typography
                    component={Link}
                    to={profilePath(u)}
                    sx={{ fontWeight: 700, color: 'text.primary', textDecoration: 'none', overflowWrap: 'anywhere', '&:hover': { textDecoration: 'underline' } }}
                  >
                    {name}
                  </Typography>
                  <Stack direction="row" sx={{ gap: 0.5, mt: 0.25, flexWrap: 'wrap' }}>
                    <SoftChip label={ROLE_LABEL[u.role]} tone={ROLE_TONE[u.role]} testId="member-role" />
                    {u.isPrimaryAdmin && <SoftChip label="👑 Primary Admin" tone="warning" testId="primary-admin" />}
                  </Stack>
                </Box>
              </Stack>
            );
          })}
        </Box>
      )}
    </SectionCard>
  );
}
