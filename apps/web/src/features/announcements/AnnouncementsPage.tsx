import { Alert, Box, Button, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { usePageTitle } from '../../lib/page-title';
import { ROLE_LABEL } from '../../lib/types';
import { EmptyState } from '../../components/EmptyState';
import { SoftChip } from '../../components/SoftChip';
import { ago } from '../../lib/dates';
import { UserAvatar } from '../../components/UserAvatar';
import { useAnnouncements, type Announcement } from '../../api/announcements';
import { CommentThread } from './CommentThread';
import { NewAnnouncementForm } from './NewAnnouncementForm';

/** SPEC §2 Announcements: the form, then every announcement, newest first, each with its reply thread. */
export default function AnnouncementsPage() {
  usePageTitle('Announcements');
  const announcements = useAnnouncements();
  return (
    <Stack spacing={3} sx={{ maxWidth: 760, mx: 'auto' }}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800, fontSize: { xs: 26, sm: 32 } }}>
          📢 Announcements
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          News for the whole family. Everyone can post and reply.
        </Typography>
      </Box>
      <NewAnnouncementForm />
      {announcements.isPending ? (
        <Stack spacing={2}>
          <Skeleton variant="rounded" height={120} />
          <Skeleton variant="rounded" height={120} />
        </Stack>
      ) : announcements.isError ? (
        <Alert severity="error">Unable to load announcements.</Alert>
      ) : announcements.data.length === 0 ? (
        <EmptyState emoji="📭">No announcements yet. Be the first to share something!</EmptyState>
      ) : (
        <Stack spacing={2} component="section" aria-label="All announcements">
          {announcements.data.map((a) => (
            <AnnouncementCard key={a.id} announcement={a} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function AnnouncementCard({ announcement: a }: { announcement: Announcement }) {
  const [open, setOpen] = useState(false);
  const who = a.author?.name ?? 'Someone';
  const replies = a.commentCount === 1 ? '1 reply' : `${a.commentCount} replies`;
  return (
    <Card component="article" aria-label={`Announcement by ${who}`} data-testid="announcement">
      <CardContent sx={{ p: { xs: 2, sm: 2.5 } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          {a.author && <UserAvatar user={a.author} size={40} />}
          <Box sx={{ minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
              <Typography sx={{ fontWeight: 700 }}>{who}</Typography>
              {a.authorRole && <SoftChip label={ROLE_LABEL[a.authorRole]} tone={a.authorRole === 'child' ? 'secondary' : 'primary'} testId="author-role" />}
            </Stack>
            <Typography variant="caption" color="text.secondary">
              {ago(a.date)}
            </Typography>
          </Box>
        </Stack>
        <Typography sx={{ mt: 1.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{a.content}</Typography>
        {a.photoUrl && (
          <Box
            component="img"
            src={a.photoUrl}
            alt={`Photo shared by ${who}`}
            loading="lazy"
            sx={{ mt: 1.5, display: 'block', maxWidth: '100%', maxHeight: 420, borderRadius: 2, objectFit: 'contain', bgcolor: 'action.hover' }}
          />
        )}
        <Button size="small" onClick={() => setOpen((o) => !o)} aria-expanded={open} sx={{ mt: 1, ml: -1 }}>
          💬 {open ? 'Hide replies' : a.commentCount > 0 ? replies : 'Reply'}
        </Button>
        {open && <CommentThread announcementId={a.id} />}
      </CardContent>
    </Card>
  );
}
