import { Box, CircularProgress, Typography } from '@mui/material';

export function LoadingScreen() {
  return (
    <Box role="status" aria-live="polite" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', gap: 2 }}>
      <Box sx={{ textAlign: 'center' }}>
        <Typography component="div" sx={{ fontSize: 48 }} aria-hidden>
          🏠
        </Typography>
        <CircularProgress aria-label="Loading FamilyOS" />
        <Typography sx={{ mt: 1 }} color="text.secondary">
          Loading…
        </Typography>
      </Box>
    </Box>
  );
}
