import { Box, Skeleton, Stack } from '@mui/material';

/**
 * Where the demo accounts will be, while they (or their list's code) load: as tall as the list and its password
 * line (DemoAccountList.tsx: 66 px rows 8 px apart; the line wraps to two on a phone), so the form below does not
 * move down under a finger about to tap it when the list arrives.
 */
export function DemoAccountsLoading() {
  return (
    <Box aria-label="Loading demo accounts" role="status">
      <Stack spacing={1}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={66} />
        ))}
      </Stack>
      <Skeleton variant="rounded" sx={{ mt: 1.5, height: { xs: 40, sm: 20 } }} />
    </Box>
  );
}
