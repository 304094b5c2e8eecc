import { Box, Button, Typography } from '@mui/material';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** SPEC §8's page-level "Access Denied": a page the signed-in member may not use, and the way back. */
export function AccessDenied({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ textAlign: 'center', py: { xs: 6, sm: 10 }, px: 2, maxWidth: 520, mx: 'auto' }} data-testid="access-denied">
      <Typography aria-hidden sx={{ fontSize: 56, lineHeight: 1.2 }}>
        🔒
      </Typography>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, fontSize: { xs: 26, sm: 32 }, mt: 1 }}>
        Access Denied
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 1.5 }}>{children}</Typography>
      <Button component={Link} to="/dashboard" variant="contained" sx={{ mt: 3 }}>
        Back to Dashboard
      </Button>
    </Box>
  );
}
