import { Box, Card, CardContent, Chip, Link, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { ROLE_EMOJI, ROLE_LABEL, type User } from '../../lib/types';
import { UserAvatar } from '../../components/UserAvatar';

/** Only http(s) addresses become links: a stored "javascript:" URL must never run. */
export const safeWebsite = (url: string) => (/^https?:\/\//i.test(url.trim()) ? url.trim() : null);

export function RoleChip({ role }: { role: User['role'] }) {
  return (
    <Chip
      label={`${ROLE_EMOJI[role]} ${ROLE_LABEL[role]}`}
      color={role === 'child' ? 'success' : role === 'manager' ? 'secondary' : 'primary'}
      variant="outlined"
      sx={{ fontWeight: 700 }}
      data-testid="role-badge"
    />
  );
}

/** SPEC §2 bio and website link, as anyone looking at a profile sees them. */
export function AboutMember({ user }: { user: Pick<User, 'bio' | 'websiteUrl'> }) {
  const website = safeWebsite(user.websiteUrl);
  return (
    <>
      {user.bio && (
        <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="bio">
          {user.bio}
        </Typography>
      )}
      {website && (
        <Link href={website} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere', fontWeight: 600 }} data-testid="website">
          🔗 {website.replace(/^https?:\/\//i, '')}
        </Link>
      )}
    </>
  );
}

/**
 * The member card at the top of a profile: avatar (with an optional action under it), name (or the name
 * editor), @username, role with emoji, age, an inactive mark, then bio and website (or `about`, the member's
 * own editor of them).
 */
export function ProfileCard({ user, avatarAction, name, about }: { user: User; avatarAction?: ReactNode; name?: ReactNode; about?: ReactNode }) {
  return (
    <Card component="section" aria-label="Profile" data-testid="profile-card">
      <CardContent sx={{ p: { xs: 2.5, sm: 3 }, '&:last-child': { pb: { xs: 2.5, sm: 3 } } }}>
        <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
          <UserAvatar user={user} size={96} link={false} sx={{ fontSize: 56 }} />
          {avatarAction}
          <Box sx={{ width: '100%' }}>
            {name ?? (
              <Typography variant="h5" component="h2" sx={{ fontWeight: 800, overflowWrap: 'anywhere' }} data-testid="display-name">
                {user.name}
              </Typography>
            )}
            {user.username && user.username !== 'unknown' && (
              <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                @{user.username}
              </Typography>
            )}
          </Box>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', justifyContent: 'center' }}>
            <RoleChip role={user.role} />
            {user.isPrimaryAdmin && <Chip label="Primary Admin" variant="outlined" sx={{ fontWeight: 600 }} />}
            {user.age !== null && <Chip label={`🎂 Age ${user.age}`} variant="outlined" sx={{ fontWeight: 600 }} data-testid="age" />}
            {!user.active && <Chip label="Inactive" variant="outlined" sx={{ fontWeight: 600 }} data-testid="member-inactive" />}
          </Stack>
          {about ?? <AboutMember user={user} />}
        </Stack>
      </CardContent>
    </Card>
  );
}
