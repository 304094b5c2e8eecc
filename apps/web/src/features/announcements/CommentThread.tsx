import { Box, Button, List, ListItem, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { limits, messages } from '@familyos/contracts/rules';
import { useState, type FormEvent } from 'react';
import { failureMessage } from '../../lib/api';
import { useOneSubmission } from '../../lib/submission';
import { useToast } from '../../lib/toast';
import { ago } from '../../lib/dates';
import { UserAvatar } from '../../components/UserAvatar';
import { useAddComment, useComments } from './api';

/** SPEC §2: an announcement's reply thread, oldest first, and the reply box (1..300; blank input is ignored). */
export function CommentThread({ announcementId }: { announcementId: string }) {
  const comments = useComments(announcementId);
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
        comments.data.length > 0 && (
          <List disablePadding aria-label="Replies">
            {comments.data.map((c) => (
              <ListItem key={c.id} disableGutters alignItems="flex-start" sx={{ gap: 1, py: 0.75 }} data-testid="comment">
                {c.author && <UserAvatar user={c.author} size={28} />}
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2">
                    <Box component="span" sx={{ fontWeight: 700, mr: 1 }}>
                      {c.author?.name ?? 'Someone'}
                    </Box>
                    <Box component="span" sx={{ color: 'text.secondary', fontSize: 12 }}>
                      {ago(c.date)}
                    </Box>
                  </Typography>
                  <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {c.content}
                  </Typography>
                </Box>
              </ListItem>
            ))}
          </List>
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
