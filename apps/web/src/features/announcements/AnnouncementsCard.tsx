import { Box, Button, List, ListItem, Skeleton, Stack, Typography } from '@mui/material';
import { Link } from '@tanstack/react-router';
import { limits } from '@familyos/contracts/rules';
import { ROLE_LABEL } from '../../lib/types';
import { EmptyState } from '../../components/EmptyState';
import { SectionCard, listSx } from '../../components/SectionCard';
import { SoftChip } from '../../components/SoftChip';
import { UserAvatar } from '../../components/UserAvatar';
import { useAnnouncements } from '../../api/announcements';
import { PostTime } from './PostTime';

/** SPEC §2: the compact announcements card of the dashboards: the newest 3 and "View All Announcements". */
export function AnnouncementsCard() {
  const announcements = useAnnouncements();
  const latest = (announcements.data ?? []).slice(0, limits.announcement.compactCount);
  return (
    <SectionCard title="Announcements" emoji="📢" testId="announcements-card">
      {announcements.isPending ? (
        <Skeleton variant="rounded" height={96} />
      ) : announcements.isError ? (
        <EmptyState emoji="📭">Announcements could not be loaded.</EmptyState>
      ) : latest.length === 0 ? (
        <EmptyState emoji="📭">No announcements yet.</EmptyState>
      ) : (
        <List disablePadding sx={listSx}>
          {latest.map((a) => (
            <ListItem key={a.id} disableGutters divider alignItems="flex-start" sx={{ py: 1.25, gap: 1.5 }} data-testid="announcement-compact">
              {a.author && <UserAvatar user={a.author} size={36} />}
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                  <Typography variant="body2" sx={{ fontWeight: 700 }}>
                    {a.author?.name ?? 'Someone'}
                  </Typography>
                  {a.authorRole && <SoftChip label={ROLE_LABEL[a.authorRole]} tone={a.authorRole === 'child' ? 'secondary' : 'primary'} />}
                  <Typography variant="caption" color="text.secondary">
                    <PostTime date={a.date} editedAt={a.editedAt} />
                  </Typography>
                </Stack>
                <Typography
                  variant="body2"
                  sx={{ mt: 0.5, overflowWrap: 'anywhere', display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
                >
                  {a.photoUrl && (
                    <Box component="span" aria-label="with a photo" role="img" sx={{ mr: 0.5 }}>
                      📷
                    </Box>
                  )}
                  {a.content}
                </Typography>
              </Box>
            </ListItem>
          ))}
        </List>
      )}
      <Button component={Link} to="/announcements" fullWidth sx={{ mt: 1 }}>
        View All Announcements
      </Button>
    </SectionCard>
  );
}
