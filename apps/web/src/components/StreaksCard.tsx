import { Box, List, ListItem, Stack, Typography } from '@mui/material';
import { useChildStreaks } from '../api/streaks';
import { EmptyState } from './EmptyState';
import { InlineLoading } from './page-parts';
import { listSx, SectionCard } from './SectionCard';

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/**
 * A child's streaks as the server counts them (GET /api/streaks): overall in days, then each repeating chore in
 * its own periods. Nothing when the caller may not read them (a sibling's). `self`: worded to the child.
 */
export function StreaksCard({ childId, name, self, variant = 'card' }: { childId: string; name: string; self: boolean; variant?: 'card' | 'page' }) {
  const streaks = useChildStreaks(childId);
  if (streaks.data === null) return null;

  let body;
  if (streaks.isPending) body = <InlineLoading label="Loading streaks" />;
  // A refetch that failed keeps the last answer on screen (the app's notice says the server is away).
  else if (streaks.data === undefined) body = <Typography color="text.secondary">Streaks are not available right now.</Typography>;
  else {
    const { overall, chores } = streaks.data;
    body =
      chores.length === 0 && overall.longest === 0 ? (
        <EmptyState emoji="🌱">
          {self ? 'No repeating chores yet. When you get one, do it every time to grow a streak!' : `${name} has no repeating chores yet.`}
        </EmptyState>
      ) : (
        <Stack spacing={1.5}>
          <Box data-testid="streak-overall" sx={{ p: 2, borderRadius: 2, bgcolor: overall.current > 0 ? 'warning.light' : 'action.hover' }}>
            <Typography sx={{ fontSize: 22, fontWeight: 800 }}>
              {overall.current > 0 ? `🔥 ${days(overall.current)} in a row` : self ? '✨ Start a streak today!' : 'No streak going right now'}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
              {overall.current > 0
                ? `Every chore done, day after day. Longest: ${days(overall.longest)}.`
                : overall.longest > 0
                  ? `Longest so far: ${days(overall.longest)}. ${self ? 'You can beat it!' : ''}`.trim()
                  : self
                    ? 'Do all your chores today and tomorrow to get your fire going.'
                    : 'A day counts when every chore of the day is done.'}
            </Typography>
          </Box>
          {chores.length > 0 && (
            <List disablePadding sx={listSx} aria-label="Streak per chore">
              {chores.map((c) => (
                <ListItem key={c.choreId} disableGutters divider data-testid="chore-streak" sx={{ py: 1, gap: 1.5 }}>
                  <Typography sx={{ fontWeight: 600, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{c.title}</Typography>
                  <Typography variant="body2" sx={{ fontWeight: 700, flexShrink: 0, textAlign: 'right' }}>
                    {c.current > 0 ? `🔥 ${c.current} in a row` : 'Not yet'}
                    <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontWeight: 500 }}>
                      best {c.longest}
                    </Box>
                  </Typography>
                </ListItem>
              ))}
            </List>
          )}
        </Stack>
      );
  }
  return (
    <SectionCard title={self ? 'My Streaks' : 'Streaks'} emoji="🔥" testId="streaks" variant={variant}>
      {body}
    </SectionCard>
  );
}
