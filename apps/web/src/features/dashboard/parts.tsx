import { Box, Card, CardContent, Chip, CircularProgress, Stack, Typography } from '@mui/material';
import { relativeTime } from '../../lib/dates';
import type { ReactNode } from 'react';
import type { Task } from '../../lib/types';

/** A dashboard card with an h2 heading, an optional count and action, and room to breathe. */
export function SectionCard({
  title,
  emoji,
  count,
  action,
  children,
  testId,
}: {
  title: string;
  emoji?: string;
  count?: number;
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  const headingId = `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <Card component="section" aria-labelledby={headingId} data-testid={testId} sx={{ height: '100%' }}>
      <CardContent sx={{ p: { xs: 2, sm: 2.5 }, '&:last-child': { pb: { xs: 2, sm: 2.5 } } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5, minHeight: 32 }}>
          <Typography id={headingId} variant="h6" component="h2" sx={{ fontWeight: 700, flexGrow: 1, lineHeight: 1.3 }}>
            {emoji && (
              <Box component="span" aria-hidden sx={{ mr: 1 }}>
                {emoji}
              </Box>
            )}
            {title}
          </Typography>
          {count !== undefined && count > 0 && <Chip size="small" color="primary" label={count} aria-label={`${count} items`} sx={{ fontWeight: 700 }} />}
          {action}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

/** A friendly sentence where a list is empty. */
export function EmptyState({ emoji, children }: { emoji: string; children: ReactNode }) {
  return (
    <Box sx={{ textAlign: 'center', py: 3, px: 2, color: 'text.secondary', bgcolor: 'action.hover', borderRadius: 2 }}>
      <Typography component="div" aria-hidden sx={{ fontSize: 32, mb: 0.5 }}>
        {emoji}
      </Typography>
      <Typography variant="body2">{children}</Typography>
    </Box>
  );
}

/** A big number with a label, e.g. "Total Points: 120 FP". */
export function StatCard({ label, value, emoji, testId }: { label: string; value: ReactNode; emoji: string; testId?: string }) {
  return (
    <Card data-testid={testId}>
      <CardContent sx={{ p: { xs: 1.75, sm: 2.5 }, '&:last-child': { pb: { xs: 1.75, sm: 2.5 } } }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
            {label}
          </Typography>
          <Box component="span" aria-hidden sx={{ fontSize: 22, lineHeight: 1 }}>
            {emoji}
          </Box>
        </Stack>
        <Typography component="p" sx={{ fontSize: { xs: 24, sm: 30 }, fontWeight: 800, mt: 0.5, lineHeight: 1.2 }}>
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

type Tone = 'default' | 'primary' | 'secondary' | 'success' | 'error' | 'warning' | 'info';

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

const STATUS: Record<Task['status'], { label: string; tone: Tone }> = {
  pending: { label: 'Pending', tone: 'default' },
  submitted: { label: 'Submitted', tone: 'info' },
  approved: { label: 'Approved', tone: 'success' },
  rejected: { label: 'Rejected', tone: 'error' },
};

/** The status in words (colour is never the only signal). */
export function TaskStatusChip({ task }: { task: Pick<Task, 'status' | 'isChildRequest' | 'requestAccepted'> }) {
  const awaitingParent = task.isChildRequest && !task.requestAccepted && task.status === 'pending';
  const s = awaitingParent ? { label: 'Requested', tone: 'warning' as const } : STATUS[task.status];
  return <SoftChip label={s.label} tone={s.tone} testId="task-status" />;
}

/** "+10 FP" / "-5 FP": signed, so the sign and not only the colour tells gain from loss. */
export const signedFp = (amount: number) => `${amount > 0 ? '+' : amount < 0 ? '-' : ''}${Math.abs(amount)} FP`;

/**
 * Two-column page grid: main column and side column on a laptop, one column on a phone. Until `ready` (the
 * cards' data has answered) a spinner a screen high holds the place, so the cards appear together and the
 * footer stays below the fold instead of jumping down.
 */
export function DashboardGrid({ main, side, ready = true }: { main: ReactNode; side: ReactNode; ready?: boolean }) {
  if (!ready) {
    return (
      <Box role="status" sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', pt: 6, gap: 1 }}>
        <CircularProgress aria-label="Loading the dashboard" />
        <Typography color="text.secondary">Loading…</Typography>
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: { xs: 2, md: 3 }, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
      <Stack spacing={{ xs: 2, md: 3 }} sx={{ minWidth: 0 }}>
        {main}
      </Stack>
      <Stack spacing={{ xs: 2, md: 3 }} sx={{ minWidth: 0 }}>
        {side}
      </Stack>
    </Box>
  );
}

/** "Good morning" / "Good afternoon" / "Good evening" by the device's local time. */
export function greetingFor(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

/** Lists inside cards: a divider between items, none under the last one (the card's edge is enough). */
export const listSx = { '& > .MuiListItem-root:last-of-type': { borderBottom: 0 } } as const;

/** relativeTime, but "just now" for the last minute instead of luxon's "0 seconds ago". */
export function ago(iso: string | null | undefined): string {
  if (iso && Date.now() - Date.parse(iso) < 60_000) return 'just now';
  return relativeTime(iso);
}
