import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

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
