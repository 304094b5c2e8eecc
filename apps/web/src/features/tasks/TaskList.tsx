import MoreVertIcon from '@mui/icons-material/MoreVert';
import {
  Box,
  Button,
  Card,
  Chip,
  IconButton,
  Link as MuiLink,
  Menu,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { Me, Task, User } from '../../lib/types';
import { UserAvatar } from '../../components/UserAvatar';
import { TaskStatusChip } from '../../components/TaskStatusChip';
import { dueDateText, REQUEST_TYPE_LABEL, scoreText, statusOf } from '../../lib/task-model';
import { signedFp } from '@familyos/contracts/rules';
import { useState } from 'react';
import { visuallyHidden } from '../../components/visually-hidden';
import { SkipRequestNote } from './SkipRequest';

/** A correction a parent may make to a task, offered where the server's `task.can` allows it. */
export type TaskCorrection = 'edit' | 'delete' | 'reverse';

const CORRECTION_LABEL: Record<TaskCorrection, string> = { edit: 'Edit', delete: 'Delete', reverse: 'Reverse' };

interface ListProps {
  tasks: Task[];
  me: Me;
  users: User[];
  phone: boolean;
  busyId: string | undefined;
  onOpen: (task: Task) => void;
  onComplete: (task: Task) => void;
  onCorrect: (task: Task, correction: TaskCorrection) => void;
  /** A child asks to skip its occurrence of a repeating chore (offered where `task.can.requestSkip`). */
  onAskSkip: (task: Task) => void;
  emptyText: string;
  /** A virtual list's: measures each row, its `data-index` counted from `firstIndex` (VirtualTaskList). */
  measure?: (row: HTMLElement | null) => void;
  firstIndex?: number;
}

/** Edit, Delete and Reverse, those `task.can` allows, behind one button: the Action column stays one button wide. */
function CorrectionMenu({ task, busy, onCorrect }: { task: Task; busy: boolean; onCorrect: (task: Task, correction: TaskCorrection) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const offered = (['edit', 'delete', 'reverse'] as const).filter((c) => task.can[c]);
  if (offered.length === 0) return null;
  const menuId = `task-menu-${task.id}`;
  return (
    <>
      <IconButton
        size="small"
        aria-label={`More actions for ${task.title}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        disabled={busy}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {offered.map((c) => (
          <MenuItem
            key={c}
            onClick={() => {
              setAnchor(null);
              onCorrect(task, c);
            }}
            sx={c === 'edit' ? undefined : { color: 'error.dark' }}
          >
            {CORRECTION_LABEL[c]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** A chore's occurrence with a due instant is due on its day (the instant may be the next midnight); other tasks on their due date. */
function DueDate({ task }: { task: Task }) {
  const due = task.chore && task.dueDate ? task.chore.periodKey : task.dueDate;
  if (!due) {
    return (
      <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
        No due date
      </Typography>
    );
  }
  return (
    <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
      {dueDateText(due)}
      {task.dueGroup === 'overdue' && (
        <Typography component="span" variant="caption" sx={{ display: 'block', color: 'error.dark', fontWeight: 700 }}>
          Overdue
        </Typography>
      )}
    </Typography>
  );
}

/**
 * The Action column (SPEC §2): what this member can do now, from the server's `task.can` (Complete, Review),
 * else a child's note on where the task stands.
 */
function TaskAction({
  task,
  me,
  users,
  busy,
  onOpen,
  onComplete,
  onAskSkip,
  fullWidth,
}: {
  task: Task;
  me: Me;
  users: User[];
  busy: boolean;
  onOpen: () => void;
  onComplete: () => void;
  onAskSkip: () => void;
  /** On a phone card: a full-width button, and nothing at all when there is nothing to do. */
  fullWidth?: boolean;
}) {
  const note = (emoji: string, text: string, color = 'text.secondary') => (
    <Typography variant="body2" component="span" sx={{ color, fontWeight: 600, whiteSpace: 'nowrap' }}>
      <span aria-hidden="true">{emoji} </span>
      {text}
    </Typography>
  );
  const askSkip = task.can.requestSkip && (
    <Button variant="text" size="small" disabled={busy} onClick={onAskSkip} aria-label={`Ask to skip ${task.title}`} sx={{ whiteSpace: 'nowrap' }}>
      Ask to skip
    </Button>
  );
  if (task.can.submit) {
    return (
      <>
        {askSkip}
        <Button variant="contained" size="small" disabled={busy} onClick={onComplete} fullWidth={fullWidth} aria-label={`Complete ${task.title}`}>
          Complete
        </Button>
      </>
    );
  }
  if (askSkip) return askSkip;
  if (task.can.approve || task.can.reject) {
    return (
      <Button variant="contained" size="small" onClick={onOpen} disabled={busy} fullWidth={fullWidth} aria-label={`Review ${task.title}`}>
        Review
      </Button>
    );
  }
  if (me.abilities.completeTasks) {
    // A sibling took this shared task: it is theirs, whatever its status (the server's `takenBy`).
    if (task.takenBy) return note('🤝', `Taken by ${users.find((u) => u.id === task.takenBy)?.name ?? 'a sibling'}`);
    if (task.status === 'submitted' || task.requestAwaitingReview) return note('⏳', 'Waiting for approval');
    if (task.status === 'approved') return note('🎉', 'Great job!', 'success.dark');
    if (task.status === 'rejected') return note('❌', 'Rejected', 'error.dark');
    if (task.status === 'reversed') return note('↩️', 'Reversed');
    if (task.status === 'missed') return note('⌛', 'Missed', 'error.dark');
    if (task.status === 'skipped') return note('⏭️', 'Skipped');
    return null;
  }
  // Nothing to do now: a dash, unless the correction menu stands in this column (or on a phone card).
  if (fullWidth || task.can.edit || task.can.delete || task.can.reverse) return null;
  return (
    <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
      <span aria-hidden="true">—</span>
      <Box component="span" sx={visuallyHidden}>
        No action needed
      </Box>
    </Typography>
  );
}

function TaskTitle({ task, onOpen }: { task: Task; onOpen: () => void }) {
  return (
    <MuiLink
      component="button"
      type="button"
      onClick={onOpen}
      underline="hover"
      aria-haspopup="dialog"
      sx={{ fontWeight: 700, textAlign: 'left', color: 'text.primary', fontSize: '1rem', overflowWrap: 'anywhere' }}
    >
      {task.title}
    </MuiLink>
  );
}

function TaskMeta({ task, me, users }: { task: Task; me: Me; users: User[] }) {
  const assignees = task.assignedTo.map((id) => users.find((u) => u.id === id)).filter((u): u is User => Boolean(u));
  const showAssignees = !me.abilities.completeTasks && assignees.length > 0;
  if (!showAssignees && !task.isChildRequest && !task.isRecurring && !task.chore) return null;
  return (
    <Stack direction="row" sx={{ gap: 0.75, mt: 0.75, flexWrap: 'wrap', alignItems: 'center' }}>
      {showAssignees &&
        assignees.map((user) => (
          <Stack key={user.id} direction="row" sx={{ alignItems: 'center', gap: 0.5, mr: 0.5 }}>
            <UserAvatar user={user} size={22} link={false} />
            <Typography variant="caption" sx={{ fontWeight: 600 }}>
              {user.name}
            </Typography>
          </Stack>
        ))}
      {task.isChildRequest && task.requestType && (
        <Chip size="small" variant="outlined" label={`🙋 Request · ${REQUEST_TYPE_LABEL[task.requestType]}`} />
      )}
      {task.chore ? (
        <Chip size="small" variant="outlined" label="🔁 Repeats" data-testid="repeats-mark" />
      ) : (
        task.isRecurring && <Chip size="small" variant="outlined" label={`🔁 ${task.recurringFrequency === 'daily' ? 'Daily' : 'Weekly'}`} />
      )}
    </Stack>
  );
}

/** Why a parent reversed the task, for everyone who sees it. */
function ReversalNote({ task }: { task: Task }) {
  if (task.status !== 'reversed') return null;
  return (
    <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="reversal-note">
      <span aria-hidden="true">↩️ </span>
      Reversed: {task.reversalReason}
    </Typography>
  );
}

function Description({ task, lines }: { task: Task; lines: number }) {
  if (!task.description) return null;
  return (
    <Typography
      variant="body2"
      sx={{
        color: 'text.secondary',
        mt: 0.25,
        display: '-webkit-box',
        WebkitLineClamp: lines,
        WebkitBoxOrient: 'vertical',
        overflow: 'hidden',
        overflowWrap: 'anywhere',
      }}
    >
      {task.description}
    </Typography>
  );
}

/** SPEC §2's task list: a table on wider screens, stacked cards on a phone (no sideways scrolling). */
export function TaskList({ tasks, me, users, phone, busyId, onOpen, onComplete, onCorrect, onAskSkip, emptyText, measure, firstIndex = 0 }: ListProps) {
  if (tasks.length === 0) {
    return (
      <Box sx={{ textAlign: 'center', py: 6, px: 2 }}>
        <Typography sx={{ fontSize: '2.5rem' }} aria-hidden="true">
          📭
        </Typography>
        <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
          No tasks found
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {emptyText}
        </Typography>
      </Box>
    );
  }

  if (phone) {
    return (
      <Stack component="ul" sx={{ listStyle: 'none', m: 0, p: 0, gap: 1.5 }} aria-label="Tasks">
        {tasks.map((task, i) => (
          <Card component="li" key={task.id} ref={measure} data-index={firstIndex + i} sx={{ p: 2 }} data-testid="task-card">
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
              <Box sx={{ minWidth: 0 }}>
                <TaskTitle task={task} onOpen={() => onOpen(task)} />
                <Description task={task} lines={2} />
                <ReversalNote task={task} />
                <SkipRequestNote task={task} users={users} />
              </Box>
              <TaskStatusChip status={statusOf(task)} />
            </Stack>
            <TaskMeta task={task} me={me} users={users} />
            <Box
              component="dl"
              sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1, m: 0, mt: 1.5, '& dt': { typography: 'caption', color: 'text.secondary' }, '& dd': { m: 0 } }}
            >
              <div>
                <dt>Due Date</dt>
                <dd>
                  <DueDate task={task} />
                </dd>
              </div>
              <div>
                <dt>Points</dt>
                <dd>
                  <Typography variant="body2" component="span" sx={{ fontWeight: 700 }}>
                    {signedFp(task.pointsValue)}
                  </Typography>
                </dd>
              </div>
              <div>
                <dt>Score</dt>
                <dd>
                  <Typography variant="body2" component="span">
                    {scoreText(task.score)}
                  </Typography>
                </dd>
              </div>
            </Box>
            <Box sx={{ mt: 1.5, display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1, '&:empty': { display: 'none' }, '& > .MuiButton-root': { flex: 1 } }}>
              <TaskAction task={task} me={me} users={users} busy={busyId === task.id} onOpen={() => onOpen(task)} onComplete={() => onComplete(task)} onAskSkip={() => onAskSkip(task)} fullWidth />
              <CorrectionMenu task={task} busy={busyId === task.id} onCorrect={onCorrect} />
            </Box>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <TableContainer>
      {/* Fixed column widths: the Tasks page shows one table per due group, and their columns line up. */}
      <Table aria-label="Tasks" sx={{ tableLayout: 'fixed' }}>
        <TableHead>
          <TableRow>
            <TableCell>Task</TableCell>
            <TableCell sx={{ width: 110 }}>Due Date</TableCell>
            <TableCell sx={{ width: 90 }}>Points</TableCell>
            <TableCell sx={{ width: 150 }}>Status</TableCell>
            <TableCell sx={{ width: 64 }}>Score</TableCell>
            <TableCell align="right" sx={{ width: 230 }}>
              Action
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {tasks.map((task, i) => (
            <TableRow key={task.id} ref={measure} data-index={firstIndex + i} hover data-testid="task-row">
              <TableCell>
                <TaskTitle task={task} onOpen={() => onOpen(task)} />
                <Description task={task} lines={2} />
                <ReversalNote task={task} />
                <SkipRequestNote task={task} users={users} />
                <TaskMeta task={task} me={me} users={users} />
              </TableCell>
              <TableCell>
                <DueDate task={task} />
              </TableCell>
              <TableCell sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>{signedFp(task.pointsValue)}</TableCell>
              <TableCell>
                <TaskStatusChip status={statusOf(task)} />
              </TableCell>
              <TableCell>{scoreText(task.score)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <TaskAction task={task} me={me} users={users} busy={busyId === task.id} onOpen={() => onOpen(task)} onComplete={() => onComplete(task)} onAskSkip={() => onAskSkip(task)} />
                <CorrectionMenu task={task} busy={busyId === task.id} onCorrect={onCorrect} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
