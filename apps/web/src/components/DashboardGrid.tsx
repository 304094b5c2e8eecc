import { Box, CircularProgress, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

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
