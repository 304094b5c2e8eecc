import { signedFp } from '@familyos/contracts/rules';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { ReasonField } from '../../components/ReasonField';
import { loadContracts } from '../../lib/contracts';
import { fieldErrors } from '../../lib/forms';
import type { Task, User } from '../../lib/types';
import { useTaskActions } from './useTaskActions';

/**
 * A parent deletes a task that is not approved, after saying so once more: it leaves every list, and the
 * family's activity log keeps its history. Offered only where the server's `task.can.delete` says so.
 */
export function DeleteTaskDialog({ task, onClose, onDeleted }: { task: Task | null; onClose: () => void; onDeleted?: () => void }) {
  const actions = useTaskActions();
  const [last, setLast] = useState<Task | null>(task);
  if (task && task !== last) setLast(task);
  const shown = task ?? last;
  const busy = shown !== null && actions.busyId === shown.id;

  async function confirm() {
    if (!shown || !(await actions.deleteTask(shown))) return;
    onClose();
    onDeleted?.();
  }

  return (
    <Dialog open={task !== null} onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="delete-task-title" aria-describedby="delete-task-text">
      {shown && (
        <>
          <DialogTitle id="delete-task-title" sx={{ fontWeight: 700 }}>
            Delete Task
          </DialogTitle>
          <DialogContent>
            <DialogContentText id="delete-task-text" sx={{ color: 'text.primary' }}>
              Delete “{shown.title}”? It disappears from every list. The activity log keeps a record of it.
            </DialogContentText>
          </DialogContent>
          <DialogActions disableSpacing sx={{ px: 3, pb: 2.5, gap: 1 }}>
            <Button onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button variant="contained" color="error" onClick={() => void confirm()} disabled={busy} autoFocus>
              {busy ? 'Deleting...' : 'Delete Task'}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

/**
 * A parent takes an approval back, with a reason (SPEC §5's reason rules): the credited child's points drop by
 * an entry "Reversed: {title}" and the task shows as reversed. Offered only where `task.can.reverse` says so.
 */
export function ReverseTaskDialog({ task, users, onClose, onReversed }: { task: Task | null; users: User[]; onClose: () => void; onReversed?: () => void }) {
  return (
    <Dialog open={task !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="reverse-task-title">
      {task && <ReverseTaskForm key={task.id} task={task} users={users} onClose={onClose} onReversed={onReversed} />}
    </Dialog>
  );
}

function ReverseTaskForm({ task, users, onClose, onReversed }: { task: Task; users: User[]; onClose: () => void; onReversed?: () => void }) {
  const actions = useTaskActions();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const busy = actions.busyId === task.id;
  const child = users.find((u) => u.id === task.creditedTo)?.name ?? 'the child';
  const change = signedFp(-task.pointsValue);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    // Lazy: class-validator loads with this form's first submit (DESIGN §7), the server's own rules.
    const { validateDto, ReverseTaskDto } = await loadContracts();
    const result = await validateDto(ReverseTaskDto, { reason });
    if (!result.ok) {
      setError(fieldErrors<'reason'>(result.details).reason);
      return;
    }
    if (!(await actions.reverse(task, result.value.reason))) return;
    onClose();
    onReversed?.();
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <DialogTitle id="reverse-task-title" sx={{ fontWeight: 700 }}>
        Reverse Task
      </DialogTitle>
      <DialogContent dividers>
        <DialogContentText sx={{ color: 'text.primary', mb: 2 }}>
          “{task.title}” was approved for {child}. Reversing it changes {child}’s points by {change}, with the entry “Reversed: {task.title}”.
          This cannot be undone.
        </DialogContentText>
        <ReasonField
          value={reason}
          onChange={(value) => {
            setReason(value);
            setError(undefined);
          }}
          error={error}
          hint="Why it is reversed, for the family's activity log"
          disabled={busy}
        />
      </DialogContent>
      <DialogActions disableSpacing sx={{ px: 3, py: 2, gap: 1 }}>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" color="error" disabled={busy}>
          {busy ? 'Reversing...' : `Reverse (${change})`}
        </Button>
      </DialogActions>
    </form>
  );
}
