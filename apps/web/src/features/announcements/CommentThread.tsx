import { Box, Button, List, ListItem, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { limits, messages } from '@familyos/contracts/rules';
import { useState, type FormEvent } from 'react';
import { failureMessage } from '../../lib/api';
import { useOneSubmission } from '../../lib/submission';
import { useToast } from '../../lib/toast';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ShowMore } from '../../components/ShowMore';
import { UserAvatar } from '../../components/UserAvatar';
import { useAddComment, useComments, useDeleteComment, useEditComment, type Comment } from './api';
import { EditPostForm } from './EditPostForm';
import { PostTime } from './PostTime';
import { commentProblem, shortQuote } from './text-rules';
import { usePostActions } from './usePostActions';

/** SPEC §2: an announcement's reply thread, oldest first, and the reply box (1..300; blank input is ignored). */
export function CommentThread({ announcementId }: { announcementId: string }) {
  const { query: comments, rows } = useComments(announcementId);
  const add = useAddComment(announcementId);
  const toast = useToast();
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const text = content.trim();

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    if (!text) return; // SPEC §5: empty or whitespace-only input is ignored.
    if (text.length > limits.comment.max) return setError(messages.commentTooLong);
    try {
      await add.mutateAsync(text);
      setContent('');
      setError(null);
      toast({ title: 'Comment Added', description: 'Your reply is in the thread.' });
    } catch (err) {
      toast({ title: 'Error', description: failureMessage(err, 'Failed to post comment. Please try again.'), variant: 'destructive' });
    }
  }

  const onSubmit = useOneSubmission(submit);
  return (
    <Box sx={{ mt: 1.5, pl: { xs: 0, sm: 2 }, borderLeft: { sm: 2 }, borderColor: { sm: 'divider' } }}>
      {comments.isPending ? (
        <Skeleton variant="rounded" height={48} />
      ) : comments.isError ? (
        <Typography variant="body2" color="error">
          Replies could not be loaded.
        </Typography>
      ) : (
        rows.length > 0 && (
          <>
            <List disablePadding aria-label="Replies">
              {rows.map((c) => (
                <CommentItem key={c.id} comment={c} announcementId={announcementId} />
              ))}
            </List>
            <ShowMore query={comments} label="Show later replies" testId="show-more-replies" />
          </>
        )
      )}
      <Stack component="form" noValidate direction="row" spacing={1} onSubmit={onSubmit} sx={{ mt: 1, alignItems: 'flex-start' }}>
        <TextField
          size="small"
          fullWidth
          label="Write a reply"
          value={content}
          onChange={(e) => (setContent(e.target.value), setError(null))}
          error={Boolean(error)}
          helperText={error ?? (content.length > 0 ? `${text.length}/${limits.comment.max}` : undefined)}
          disabled={add.isPending}
        />
        <Button type="submit" variant="outlined" disabled={add.isPending || !text} sx={{ flexShrink: 0, height: 40 }}>
          {add.isPending ? 'Sending...' : 'Reply'}
        </Button>
      </Stack>
    </Box>
  );
}

/** Small beside a reply's words, yet a finger's height on a phone. */
const replyActionSx = { minWidth: 0, px: 0.75, py: { xs: 0.5, sm: 0 }, fontSize: 12 } as const;

/** One reply: author, time ("edited …" once changed), text, and Edit / Delete as its `can` allows. */
function CommentItem({ comment: c, announcementId }: { comment: Comment; announcementId: string }) {
  const { editing, setEditing, deleting, setDeleting, save, confirmDelete, saving, removing } = usePostActions({
    id: c.id,
    edit: useEditComment(announcementId),
    remove: useDeleteComment(announcementId),
    noun: 'Comment',
    said: { edited: 'Your reply now says what you meant.', deleted: 'The reply was removed for everyone.' },
  });
  const who = c.author?.name ?? 'Someone';

  return (
    <ListItem disableGutters alignItems="flex-start" sx={{ gap: 1, py: 0.75 }} data-testid="comment" aria-label={`Reply by ${who}`}>
      {c.author && <UserAvatar user={c.author} size={28} />}
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Typography variant="body2">
          <Box component="span" sx={{ fontWeight: 700, mr: 1 }}>
            {who}
          </Box>
          <Box component="span" sx={{ color: 'text.secondary', fontSize: 12 }}>
            <PostTime date={c.date} editedAt={c.editedAt} />
          </Box>
        </Typography>
        {editing ? (
          <EditPostForm
            initial={c.content}
            label="Edit reply"
            max={limits.comment.max}
            problem={commentProblem}
            onSave={save}
            onCancel={() => setEditing(false)}
            busy={saving}
          />
        ) : (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {c.content}
          </Typography>
        )}
        {(c.can.edit || c.can.delete) && !editing && (
          <Stack direction="row" sx={{ ml: -0.75 }}>
            {c.can.edit && (
              <Button size="small" onClick={() => setEditing(true)} aria-label="Edit reply" sx={replyActionSx}>
                Edit
              </Button>
            )}
            {c.can.delete && (
              <Button size="small" color="error" onClick={() => setDeleting(true)} aria-label="Delete reply" sx={replyActionSx}>
                Delete
              </Button>
            )}
          </Stack>
        )}
      </Box>
      <ConfirmDialog
        open={deleting}
        title="Delete this reply?"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={removing}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(false)}
      >
        {`“${shortQuote(c.content)}” by ${who} will be removed for everyone.`}
      </ConfirmDialog>
    </ListItem>
  );
}
