import { limits } from '@familyos/contracts/rules';
import { Button, Stack, Typography } from '@mui/material';
import { Link } from '@tanstack/react-router';
import { useUsers } from '../../api/members';
import { nextDays, useUpcomingChores } from '../../api/upcoming-chores';
import { EmptyState } from '../../components/EmptyState';
import { QueryCard } from '../../components/QueryCard';
import { UpcomingChoresByDay } from '../../components/UpcomingChores';

/** How many planned occurrences the dashboards show (of the days the calendar card looks ahead): a child's, the next few. */
const SHOWN = { parent: 10, child: 6 };

/**
 * The repeating chores coming up (GET /api/chores/upcoming, planned by the server): for a parent "Up next" with
 * who each goes to; for a child its own, today first: the occurrences made and still open, then those planned.
 */
export function UpcomingChoresCard({ forChild }: { forChild: boolean }) {
  const upcoming = useUpcomingChores(nextDays(limits.calendar.dashboardDays));
  const users = useUsers();
  return (
    <QueryCard
      title={forChild ? 'Your Chores: Today & Next' : 'Up Next: Chores'}
      emoji="🧹"
      testId="upcoming-chores"
      query={upcoming}
      action={
        <Button component={Link} to="/tasks" size="small">
          Tasks
        </Button>
      }
      empty={
        <EmptyState emoji="🧺">
          {forChild ? 'No repeating chores for you in the next few days. Enjoy!' : 'No repeating chores planned for the next few days.'}
        </EmptyState>
      }
      isEmpty={(data) => data.length === 0}
    >
      {(data) => (
        <Stack spacing={1.5}>
          <UpcomingChoresByDay chores={data} users={users.data} showWho={!forChild} max={forChild ? SHOWN.child : SHOWN.parent} />
          <Typography variant="caption" color="text.secondary">
            Filled: a task to do now. Dashed: planned, it becomes a task on its day.
          </Typography>
        </Stack>
      )}
    </QueryCard>
  );
}
