import { limits } from '@familyos/contracts/rules';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import UndoIcon from '@mui/icons-material/Undo';
import { useState, type ReactNode } from 'react';
import { shortDate } from '../../lib/dates';
import type { Me, Task, User } from '../../lib/types';
import { UserAvatar } from '../../components/UserAvatar';
import { TaskStatusChip } from '../../components/TaskStatusChip';
import { dueDateText, REQUEST_TYPE_LABEL, scoreText, statusOf } from '../../lib/task-model';
import { signedFp } from '@familyos/contracts/rules';
import { useTaskActions } from './useTaskActions';

const SCORES = Array.from({ length: limits.task.scoreMax - limits.task.scoreMin + 1 }, (_, i) => limits.task.scoreMax - i);

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '110px 1fr', sm: '140px 1fr' }, gap: 1, alignItems: 'center', py: 0.75 }}>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary', fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0 }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The corrections a parent may make from the dialog; each opens its own form or confirmation. */
export interface TaskCorrections {
  onEdit: (task: Task) => void;
  onDelete: (task: Task) => void;
  onReverse: (task: Task) => void;
}

/**
 * SPEC §2: the task details dialog. Every button comes from the server's `task.can`: a parent reviewing a
 * submitted task or a pending child request picks a score (default 10) and approves, or rejects; a child
 * completes a pending task; a parent edits or deletes a task that is not approved, and reverses an approved one.
 */
export function TaskDetailsDialog({
  task: taskProp,
  me,
  users,
  onClose,
  corrections,
}: {
  task: Task | null;
  me: Me;
  users: User[];
  onClose: () => void;
  corrections: TaskCorrections;
}) {
  const [score, setScore] = useState<number>(limits.task.defaultScore);
  // Keep showing the last task while the dialog fades out.
  const [last, setLast] = useState<Task | null>(taskProp);
  if (taskProp && taskProp !== last) setLast(taskProp);
  const open = taskProp !== null;
  const task = taskProp ?? last;
  const actions = useTaskActions();
  const busy = task !== null && actions.busyId === task.id;
  const review = task !== null && (task.can.approve || task.can.reject);
  const correct = task !== null && (task.can.edit || task.can.delete || task.can.reverse);
  const nameOf = (id: string | null) => users.find((u) => u.id === id)?.name ?? 'the child';

  const assignees = (task?.assignedTo ?? []).map((id) => users.find((u) => u.id === id) ?? { id, username: '', name: 'Unknown member', avatar: '' });
  const creator = task ? users.find((u) => u.id === task.createdBy) : undefined;

  const run = async (action: () => Promise<boolean>) => {
    if (await action()) onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="task-details-title"
      slotProps={{ transition: { onExited: () => setScore(limits.task.defaultScore) } }}
    >
      {task && (
        <>
          <DialogTitle id="task-details-title" sx={{ pr: 3, fontWeight: 700 }}>
            {review ? 'Review Task' : 'Task Details'}
          </DialogTitle>
          <DialogContent dividers>
            <Typography variant="h6" component="p" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {task.title}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, mb: 1.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {task.description || 'No description.'}
            </Typography>
            <Box component="dl" sx={{ m: 0 }}>
              <Detail label={assignees.length > 1 ? 'Assigned to' : 'Assignee'}>
                <Stack component="span" sx={{ gap: 1, flexWrap: 'wrap', flexDirection: 'row' }}>
                  {assignees.map((user) => (
                    <Stack key={user.id} component="span" direction="row" sx={{ alignItems: 'center', gap: 1 }}>
                      <UserAvatar user={user} size={28} link={Boolean(user.username)} />
                      <span>{user.name}</span>
                    </Stack>
                  ))}
                </Stack>
              </Detail>
              <Detail label="Points">
                <strong>{signedFp(task.pointsValue)}</strong>
              </Detail>
              <Detail label="Due date">{dueDateText(task.dueDate)}</Detail>
              <Detail label="Status">
                <TaskStatusChip status={statusOf(task)} />
              </Detail>
              {task.score !== null && <Detail label="Score">{scoreText(task.score)}</Detail>}
              {task.creditedTo && <Detail label="Credited to">{nameOf(task.creditedTo)}</Detail>}
              {task.status === 'reversed' && (
                <Detail label="Reversed">
                  {task.reversalReason}
                  {task.reversedAt ? ` (${shortDate(task.reversedAt)})` : ''}
                </Detail>
              )}
              {task.isRecurring && <Detail label="Repeats">{task.recurringFrequency === 'daily' ? 'Daily' : 'Weekly'}</Detail>}
              {task.isChildRequest && task.requestType && (
                <Detail label="Request type">
                  {task.requestType === 'already_did' ? '🙋 ' : '💡 '}
                  {REQUEST_TYPE_LABEL[task.requestType]}
                  {creator ? ` (requested by ${creator.id === me.id ? 'you' : creator.name})` : ''}
                </Detail>
              )}
              <Detail label="Created">{shortDate(task.createdAt)}</Detail>
            </Box>

            {task.can.approve && task.approvalCreditsTo && (
              <TextField
                select
                fullWidth
                label="Score"
                value={score}
                onChange={(e) => setScore(Number(e.target.value))}
                helperText={`Approving awards ${signedFp(task.pointsValue)} to ${nameOf(task.approvalCreditsTo)}.`}
                sx={{ mt: 2.5 }}
                disabled={busy}
              >
                {SCORES.map((value) => (
                  <MenuItem key={value} value={value}>
                    {value}/10
                  </MenuItem>
                ))}
              </TextField>
            )}
            {task.can.approve && !task.approvalCreditsTo && (
              <Alert severity="info" sx={{ mt: 2.5 }}>
                {`Approving adds this task to ${assignees.map((a) => a.name).join(' and ') || 'the child'}'s tasks. Points are awarded once it is done and approved.`}
              </Alert>
            )}
            {correct && (
              <Stack direction="row" role="group" aria-label="Correct this task" sx={{ mt: 2.5, gap: 1, flexWrap: 'wrap' }}>
                {task.can.edit && (
                  <Button size="small" variant="outlined" startIcon={<EditOutlinedIcon />} disabled={busy} onClick={() => corrections.onEdit(task)}>
                    Edit
                  </Button>
                )}
                {task.can.delete && (
                  <Button size="small" variant="outlined" color="error" startIcon={<DeleteOutlineIcon />} disabled={busy} onClick={() => corrections.onDelete(task)}>
                    Delete
                  </Button>
                )}
                {task.can.reverse && (
                  <Button size="small" variant="outlined" color="error" startIcon={<UndoIcon />} disabled={busy} onClick={() => corrections.onReverse(task)}>
                    Reverse
                  </Button>
                )}
              </Stack>
            )}
          </DialogContent>
          <DialogActions sx={{ px: 3, py: 2, gap: 1, flexWrap: 'wrap' }}>
            <Button onClick={onClose} disabled={busy} sx={{ mr: 'auto' }}>
              Close
            </Button>
            {task.can.reject && (
              <Button variant="outlined" color="error" disabled={busy} onClick={() => run(() => actions.reject(task))}>
                Reject
              </Button>
            )}
            {task.can.approve && (
              <Button variant="contained" color="success" disabled={busy} onClick={() => run(() => actions.approve(task, score))}>
                Approve
              </Button>
            )}
            {task.can.submit && (
              <Button variant="contained" disabled={busy} onClick={() => run(() => actions.complete(task))}>
                Complete
              </Button>
            )}
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
