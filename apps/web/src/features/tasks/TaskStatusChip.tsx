import { Chip } from '@mui/material';
import type { Task } from '../../lib/types';
import { STATUS_COLOR, STATUS_EMOJI, STATUS_LABEL } from './task-model';

/** The status in words with an emoji: colour is never the only signal. */
export function TaskStatusChip({ status, size = 'small' }: { status: Task['status']; size?: 'small' | 'medium' }) {
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
