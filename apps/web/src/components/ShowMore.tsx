import { Box, Button } from '@mui/material';

/**
 * "Show more" under a history list read a page at a time (decision 051): shown while the server has an older
 * page, busy while it loads. `label` names what comes (e.g. "Show older points").
 */
export function ShowMore({
  query,
  label = 'Show more',
  testId = 'show-more',
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  label?: string;
  testId?: string;
}) {
  if (!query.hasNextPage) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', pt: 1.5 }}>
      <Button variant="outlined" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage} data-testid={testId}>
        {query.isFetchingNextPage ? 'Loading…' : label}
      </Button>
    </Box>
  );
}
