import { Box, Chip, Stack, Typography } from '@mui/material';
import { Link } from '@tanstack/react-router';
import { dayLabel } from '../lib/dates';
import type { UpcomingChore, User } from '../lib/types';

/** Who a planned period would go to, by name; past two, how many ("3 children"). */
function plannedFor(chore: UpcomingChore, users: readonly User[] | undefined): string {
  const names = chore.plannedAssignees.map((id) => users?.find((u) => u.id === id)?.name ?? 'a child');
  return names.length > 2 ? `${names.length} children` : names.join(' & ');
}

/**
 * A chore occurrence ("🧹 Make Bed · Emma"): made and waiting (its task exists) it is a filled chip; still to
 * come it is dashed and lighter, for it is only planned. Both lead to the Tasks page, where the chores are.
 */
function UpcomingChoreChip({ chore, users, showWho }: { chore: UpcomingChore; users: readonly User[] | undefined; showWho: boolean }) {
  const who = showWho ? plannedFor(chore, users) : '';
  return (
    <Chip
      component={Link}
      to="/tasks"
      clickable
      variant={chore.taskId ? 'filled' : 'outlined'}
      color={chore.taskId ? 'primary' : 'default'}
      data-testid="upcoming-chore"
      data-made={chore.taskId ? 'yes' : 'planned'}
      label={`🧹 ${chore.title}${who ? ` · ${who}` : ''}`}
      sx={{
        maxWidth: '100%',
        fontWeight: 600,
        ...(chore.taskId ? {} : { borderStyle: 'dashed', color: 'text.secondary' }),
        '& .MuiChip-label': { overflow: 'hidden', textOverflow: 'ellipsis' },
      }}
    />
  );
}

/** Chore occurrences to do and planned (GET /api/chores/upcoming) under a heading per day, at most `max` of them. */
export function UpcomingChoresByDay({ chores, users, showWho = true, max }: { chores: UpcomingChore[]; users: readonly User[] | undefined; showWho?: boolean; max?: number }) {
  const days = new Map<string, UpcomingChore[]>();
  for (const c of chores.slice(0, max)) days.set(c.periodKey, [...(days.get(c.periodKey) ?? []), c]);
  return (
    <Stack spacing={1.5}>
      {[...days].map(([day, ofDay]) => (
        <Box key={day} component="section" aria-label={`Chores ${dayLabel(day)}`}>
          <Typography variant="body2" sx={{ fontWeight: 700, color: 'text.secondary', mb: 0.75 }}>
            {dayLabel(day)}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {ofDay.map((c) => (
              <UpcomingChoreChip key={`${c.choreId}:${c.periodKey}:${c.taskId ?? ''}`} chore={c} users={users} showWho={showWho} />
            ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}
