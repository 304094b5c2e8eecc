import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

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
