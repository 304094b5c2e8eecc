import { Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { ReasonField } from '../../components/ReasonField';
import { ApiError, failureMessage } from '../../lib/api';
import { useToast } from '../../lib/toast';
import type { Task, User } from '../../lib/types';
import { useSkipStep } from './api';

/** A child asks to skip its occurrence of a repeating chore, with a reason a parent reads (required: the server says so). */
export function SkipRequestDialog({ task, onClose }: { task: Task | null; onClose: () => void }) {
  return (
    <Dialog open={task !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="skip-request-title">
      {task && <SkipRequestForm key={task.id} task={task} onClose={onClose} />}
    </Dialog>
  );
}

function SkipRequestForm({ task, onClose }: { task: Task; onClose: () => void }) {
  const skip = useSkipStep();
  const toast = useToast();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (skip.isPending) return;
    try {
      await skip.mutateAsync({ id: task.id, step: { type: 'request', reason } });
      toast({ title: 'Skip Requested', description: `Your parents will see why you want to skip “${task.title}”.` });
      onClose();
    } catch (e) {
      // The server's words: a reason is required, too long, or the task can no longer be skipped.
      const message = e instanceof ApiError && e.details.length > 0 ? e.details.map((d) => d.message).join(' ') : failureMessage(e, 'Could not ask to skip. Please try again.');
      setError(message);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <DialogTitle id="skip-request-title" sx={{ fontWeight: 700 }}>
        Ask to skip
      </DialogTitle>
      <DialogContent dividers>
        <DialogContentText sx={{ color: 'text.primary', mb: 2 }}>
          Ask your parents to let you skip “{task.title}” this time. If they allow it, no points are given or taken.
        </DialogContentText>
        <ReasonField
          value={reason}
          onChange={(value) => {
            setReason(value);
            setError(undefined);
          }}
          error={error}
          hint="Why you can't do it this time"
          disabled={skip.isPending}
        />
      </DialogContent>
      <DialogActions disableSpacing sx={{ px: 3, py: 2, gap: 1 }}>
        <Button onClick={onClose} disabled={skip.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={skip.isPending}>
          {skip.isPending ? 'Sending…' : 'Ask to skip'}
        </Button>
      </DialogActions>
    </form>
  );
}

/**
 * A child's skip request on a task, for everyone who sees the task: who asked and why. A parent answers it here
 * with Allow skip or Keep it, as the task's `can` allows.
 */
export function SkipRequestNote({ task, users }: { task: Task; users: User[] }) {
  const skip = useSkipStep();
  const toast = useToast();
  const request = task.skipRequest;
  if (!request) return null;
  const who = users.find((u) => u.id === request.by)?.name ?? 'A child';
  const answer = async (type: 'approve' | 'decline') => {
    try {
      await skip.mutateAsync({ id: task.id, step: { type } });
      toast(
        type === 'approve'
          ? { title: 'Skip Allowed', description: `${who} can skip “${task.title}” this time.` }
          : { title: 'Skip Declined', description: `“${task.title}” is still ${who}’s to do.` },
      );
    } catch (e) {
      toast({ title: 'Error', description: failureMessage(e, 'Could not answer the skip request. Please try again.'), variant: 'destructive' });
    }
  };
  return (
    <Box sx={{ mt: 1, p: 1.25, borderRadius: 2, bgcolor: 'action.hover' }} data-testid="skip-request">
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        <span aria-hidden="true">⏭️ </span>
        <strong>{who} asked to skip:</strong> {request.reason}
      </Typography>
      {(task.can.approveSkip || task.can.declineSkip) && (
        <Stack direction="row" sx={{ gap: 1, mt: 1 }}>
          {task.can.approveSkip && (
            <Button size="small" variant="contained" disabled={skip.isPending} onClick={() => void answer('approve')}>
              Allow skip
            </Button>
          )}
          {task.can.declineSkip && (
            <Button size="small" variant="outlined" disabled={skip.isPending} onClick={() => void answer('decline')}>
              Keep it
            </Button>
          )}
        </Stack>
      )}
    </Box>
  );
}
