import { Chip } from '@mui/material';
import type { ReactNode } from 'react';

export type Tone = 'default' | 'primary' | 'secondary' | 'success' | 'error' | 'warning' | 'info';

/**
 * A small label in a tone: coloured border and tint, body-coloured text, because the status tones are too
 * light for small text on white (WCAG AA); the words carry the meaning, the colour only helps.
 */
export function SoftChip({ label, tone = 'default', ariaLabel, testId }: { label: ReactNode; tone?: Tone; ariaLabel?: string; testId?: string }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      label={label}
      aria-label={ariaLabel}
      data-testid={testId}
      sx={(theme) => {
        if (tone === 'default') return { fontWeight: 600, color: 'text.primary' };
        const palette = (theme.vars ?? theme).palette[tone];
        return { fontWeight: 700, color: 'text.primary', borderColor: palette.main, bgcolor: theme.alpha(palette.main, 0.1) };
      }}
    />
  );
}
