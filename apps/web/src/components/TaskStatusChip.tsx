import { Chip } from '@mui/material';
import { STATUS_COLOR, STATUS_EMOJI, STATUS_LABEL, statusOf, type TaskStatus } from '../lib/task-model';
import type { Task } from '../lib/types';
import { SoftChip, type Tone } from './SoftChip';

const PLAIN_TONE: Record<TaskStatus, Tone> = {
  pending: 'default',
  submitted: 'info',
  approved: 'success',
  rejected: 'error',
  reversed: 'secondary',
  missed: 'error',
  skipped: 'secondary',
  taken: 'secondary',
};

type Props =
  /** The task lists' chip: the status with its emoji. */
  | { status: TaskStatus; size?: 'small' | 'medium'; task?: never }
  /** The dashboard's compact chip, without emoji, which also tells a child's undecided request ("Requested"). */
  | { task: Pick<Task, 'status' | 'requestAwaitingReview' | 'takenBy'>; status?: never; size?: never };

/** A task's status in words: colour is never the only signal. */
export function TaskStatusChip(props: Props) {
  if (props.task) {
    const task = props.task;
    const requested = task.requestAwaitingReview;
    const status = statusOf(task);
    return <SoftChip label={requested ? 'Requested' : STATUS_LABEL[status]} tone={requested ? 'warning' : PLAIN_TONE[status]} testId="task-status" />;
  }
  const { status, size = 'small' } = props;
  return (
    <Chip
      size={size}
      variant="outlined"
      color={STATUS_COLOR[status]}
      icon={<span aria-hidden="true">{STATUS_EMOJI[status]}</span>}
      label={STATUS_LABEL[status]}
      data-testid="task-status"
      sx={(theme) => {
        const tone = (theme.vars ?? theme).palette[STATUS_COLOR[status]];
        // Coloured border and tint, body-coloured text: the status tones are too light for small text (AA).
        return {
          fontWeight: 600,
          color: 'text.primary',
          borderColor: tone.main,
          bgcolor: theme.alpha(tone.main, 0.1),
          '& .MuiChip-icon': { ml: 0.75, fontSize: '0.9rem' },
        };
      }}
    />
  );
}
