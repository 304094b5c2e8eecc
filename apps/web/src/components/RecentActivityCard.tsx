import { Alert, Box, Skeleton, Stack, Typography } from '@mui/material';
import { RECENT_ACTIVITY_COUNT, useRecentActivity } from '../api/audit';
import { ago } from '../lib/dates';
import { EmptyState } from './EmptyState';
import { SectionCard } from './SectionCard';

/**
 * SPEC §2: the first audit entries (10 on Settings, 8 on Admin), the action with spaces for underscores, and
 * when ("Unknown time").
 */
export function RecentActivityCard({ count = RECENT_ACTIVITY_COUNT, testId = 'settings-activity' }: { count?: number; testId?: string }) {
  const log = useRecentActivity(true, count);
  const entries = (log.data ?? []).slice(0, count);
  return (
    <SectionCard title="Recent Activity" emoji="🕒" testId={testId}>
      {log.isPending ? (
        <Stack sx={{ gap: 1 }}>
          <Skeleton variant="rounded" height={48} />
          <Skeleton variant="rounded" height={48} />
        </Stack>
      ) : log.data === undefined ? (
        <Alert severity="error">Unable to load activity data</Alert>
      ) : entries.length === 0 ? (
        <EmptyState emoji="🕒">Nothing has happened yet.</EmptyState>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {entries.map((e) => (
            <Box
              component="li"
              key={e.id}
              data-testid="audit-entry"
              sx={{ py: 1, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0, pb: 0 }, '&:first-of-type': { pt: 0 } }}
            >
              <Stack direction="row" sx={{ gap: 1, justifyContent: 'space-between', alignItems: 'baseline' }}>
                <Typography variant="body2" sx={{ fontWeight: 700, '&::first-letter': { textTransform: 'uppercase' } }}>
                  {String(e.action ?? '').replace(/_/g, ' ')}
                </Typography>
                <Typography variant="caption" component="span" sx={{ color: 'text.secondary', whiteSpace: 'nowrap', flexShrink: 0 }}>
                  {ago(e.timestamp)}
                </Typography>
              </Stack>
              {typeof e.summary === 'string' && e.summary && (
                <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                  {e.summary}
                </Typography>
              )}
            </Box>
          ))}
        </Box>
      )}
    </SectionCard>
  );
}
