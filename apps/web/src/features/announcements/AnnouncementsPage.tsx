import { Alert, Box, Button, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import { limits } from '@familyos/contracts/rules';
import { useState } from 'react';
import { usePageTitle } from '../../lib/page-title';
import { photoFallbackSrc, photoSrcSet } from '../../lib/photos';
import { ROLE_LABEL } from '../../lib/types';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { ShowMore } from '../../components/ShowMore';
import { SoftChip } from '../../components/SoftChip';
import { UserAvatar } from '../../components/UserAvatar';
import { useAnnouncementBoard, type Announcement } from '../../api/announcements';
import { useDeleteAnnouncement, useEditAnnouncement } from './api';
import { CommentThread } from './CommentThread';
import { EditPostForm } from './EditPostForm';
import { NewAnnouncementForm } from './NewAnnouncementForm';
import { PostTime } from './PostTime';
import { announcementProblem, shortQuote } from './text-rules';
import { usePostActions } from './usePostActions';

/** SPEC §2 Announcements: the form, then every announcement, newest first, each with its reply thread. */
export default function AnnouncementsPage() {
  usePageTitle('Announcements');
  const { query: announcements, rows } = useAnnouncementBoard();
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
      ) : rows.length === 0 ? (
        <EmptyState emoji="📭">No announcements yet. Be the first to share something!</EmptyState>
      ) : (
        <Stack spacing={2} component="section" aria-label="All announcements">
          {rows.map((a) => (
            <AnnouncementCard key={a.id} announcement={a} />
          ))}
          <ShowMore query={announcements} label="Show older announcements" />
        </Stack>
      )}
    </Stack>
  );
}

/** The card's width for a photo: the screen less the page's and card's padding on a phone, the board's column beyond. */
const PHOTO_SIZES = '(max-width: 760px) calc(100vw - 64px), 712px';

/** One post: its author and time ("edited …" once changed), its text and photo, Edit and Delete as `can` allows, its thread. */
function AnnouncementCard({ announcement: a }: { announcement: Announcement }) {
  const [open, setOpen] = useState(false);
  const { editing, setEditing, deleting, setDeleting, save, confirmDelete, saving, removing } = usePostActions({
    id: a.id,
    edit: useEditAnnouncement(),
    remove: useDeleteAnnouncement(),
    noun: 'Announcement',
    said: { edited: 'Your family sees the new text, marked as edited.', deleted: 'It was removed for everyone.' },
  });
  const who = a.author?.name ?? 'Someone';
  const replies = a.commentCount === 1 ? '1 reply' : `${a.commentCount} replies`;
  // What leaves the board with the post (the log keeps it all).
  const goesWith = [...(a.commentCount > 0 ? [`its ${replies}`] : []), ...(a.photoUrl ? ['its photo'] : [])];

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
              <PostTime date={a.date} editedAt={a.editedAt} />
            </Typography>
          </Box>
        </Stack>
        {editing ? (
          <EditPostForm
            initial={a.content}
            label="Edit announcement"
            max={limits.announcement.max}
            problem={announcementProblem}
            onSave={save}
            onCancel={() => setEditing(false)}
            busy={saving}
            rows={3}
          />
        ) : (
          <Typography sx={{ mt: 1.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{a.content}</Typography>
        )}
        {a.photoUrl && (
          // A tap opens the original, full size; the card shows the thumbnail that fits the screen. The card's width is
          // set, not the picture's own: srcset's descriptors would draw a photo narrower than 1280 px below its size.
          <Box component="a" href={a.photoUrl} target="_blank" rel="noopener" aria-label={`Open the full-size photo shared by ${who}`} sx={{ display: 'block', mt: 1.5 }}>
            <Box
              component="img"
              src={photoFallbackSrc(a.photoUrl)}
              srcSet={photoSrcSet(a.photoUrl)}
              sizes={PHOTO_SIZES}
              alt={`Photo shared by ${who}`}
              loading="lazy"
              sx={{ display: 'block', width: '100%', height: 'auto', maxHeight: 420, borderRadius: 2, objectFit: 'contain', bgcolor: 'action.hover' }}
            />
          </Box>
        )}
        <Stack direction="row" sx={{ mt: 1, ml: -1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button size="small" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
            💬 {open ? 'Hide replies' : a.commentCount > 0 ? replies : 'Reply'}
          </Button>
          <Box sx={{ flexGrow: 1 }} />
          {a.can.edit && !editing && (
            <Button size="small" onClick={() => setEditing(true)} aria-label="Edit announcement">
              Edit
            </Button>
          )}
          {a.can.delete && !editing && (
            <Button size="small" color="error" onClick={() => setDeleting(true)} aria-label="Delete announcement">
              Delete
            </Button>
          )}
        </Stack>
        {open && <CommentThread announcementId={a.id} />}
      </CardContent>
      <ConfirmDialog
        open={deleting}
        title="Delete this announcement?"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={removing}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(false)}
      >
        {`“${shortQuote(a.content)}” by ${who} will be removed for everyone${goesWith.length ? `, with ${goesWith.join(' and ')}` : ''}.`}
      </ConfirmDialog>
    </Card>
  );
}
