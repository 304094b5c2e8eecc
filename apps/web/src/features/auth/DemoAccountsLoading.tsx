import { Skeleton, Stack } from '@mui/material';

/** Three rows where the demo accounts will be, while they (or their list's code) load. */
export function DemoAccountsLoading() {
  return (
    <Stack spacing={1} aria-label="Loading demo accounts" role="status">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} variant="rounded" height={60} />
      ))}
    </Stack>
  );
}
