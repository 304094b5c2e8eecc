import { fp, signedFp } from '@familyos/contracts/rules';
import { Alert, AlertTitle, Box, Button, Chip, List, ListItem, Skeleton, Stack, Typography } from '@mui/material';
import { Link } from '@tanstack/react-router';
import { DateTime } from 'luxon';
import type { ReactNode } from 'react';
import { useStandings } from '../../api/standings';
import { RECENT_WORK_SHOWN, recentWorkQuery, useTaskSummary } from '../../api/tasks';
import { useQuery } from '@tanstack/react-query';
import { DashboardGrid } from '../../components/DashboardGrid';
import { EmptyState } from '../../components/EmptyState';
import { QueryCard } from '../../components/QueryCard';
import { listSx } from '../../components/SectionCard';
import { StatCard } from '../../components/StatCard';
import { dayLabel, shortDate } from '../../lib/dates';
import type { Me, Task } from '../../lib/types';
import { StreaksCard } from '../../components/StreaksCard';
import { MoreTasksLink } from './FamilyCards';
import { greetingFor } from './greeting';
import { UpcomingChoresCard } from './UpcomingChoresCard';

/** Completing a task, with its toasts: given by the page, which owns the task actions. */
export interface CompleteTask {
  complete(task: Task): Promise<boolean>;
  busyId: string | undefined;
}

const ORDER: Record<Task['status'], number> = { pending: 0, submitted: 1, rejected: 2, approved: 3, reversed: 4, missed: 5, skipped: 6 };

/** SPEC §2 "Dashboard, child view": greeting, four stat cards, the child's tasks and the Redemption Center. */
export function ChildDashboard({
  me,
  ready,
  tasksActions,
  side,
  rewards,
}: {
  me: Me;
  ready: boolean;
  tasksActions: CompleteTask;
  /** The side column: the child's reward requests, events, announcements. */
  side: ReactNode;
  /** The Redemption Center below. */
  rewards: ReactNode;
}) {
  // Its open work and the week's settled tasks (SPEC's list shows "Great job!" on approved ones).
  const tasks = useQuery(recentWorkQuery);
  const summary = useTaskSummary();
  // Every figure is the server's (decision 028): the card shows it, never counts it.
  const standings = useStandings();
  const own = standings.data?.children.find((c) => c.userId === me.id);
  const children = standings.data?.leaderboard.length ?? 0;

  // The server's list is already hers alone (decision 071): assigned to her or asked for by her, and never a
  // shared task a sibling took (that one is the sibling's, not in "My Tasks", as not in Tasks Done).
  const mine = tasks.data ?? [];
  const sorted = [...mine].sort((a, b) => ORDER[a.status] - ORDER[b.status] || b.createdAt.localeCompare(a.createdAt));
  const toDo = mine.filter((t) => t.can.submit).length;

  return (
    <Stack spacing={{ xs: 2.5, md: 3 }}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800, fontSize: { xs: 26, sm: 32 } }}>
          {greetingFor(DateTime.now().hour)}, {me.name}! 👋
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {toDo === 0 ? 'All caught up! Time to pick a reward?' : `You have ${toDo} ${toDo === 1 ? 'task' : 'tasks'} to do. You can do it!`}
        </Typography>
      </Box>

      {/* The server's pausedNow: the pause the child is on today, by the family's day (decision 047). */}
      {me.pausedNow && <PausedNotice pause={me.pausedNow} />}

      <Box
        component="section"
        aria-label="My stats"
        sx={{ display: 'grid', gap: { xs: 1.5, md: 2 }, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' } }}
      >
        <StatCard testId="stat-total-points" label="Total Points" emoji="⭐" value={own ? fp(own.balance) : '—'} />
        <StatCard testId="stat-tasks-done" label="Tasks Done" emoji="✅" value={own ? own.tasksDone : '—'} />
        <StatCard testId="stat-this-week" label="This Week" emoji="📅" value={own ? signedFp(own.thisWeek) : '—'} />
        <StatCard testId="stat-family-rank" label="Family Rank" emoji="🏆" value={own ? `#${own.rank} of ${children}` : '—'} />
      </Box>

      <DashboardGrid
        ready={ready}
        main={
          <>
          <QueryCard
            title="My Tasks"
            emoji="📋"
            testId="my-tasks"
            action={
              <Button component={Link} to="/tasks" size="small">
                View all
              </Button>
            }
            query={tasks}
            pending={
              <Stack spacing={1}>
                <Skeleton variant="rounded" height={64} />
                <Skeleton variant="rounded" height={64} />
              </Stack>
            }
            empty={<EmptyState emoji="🎉">No tasks yet. Ask a parent for one, or request a task yourself!</EmptyState>}
            isEmpty={() => sorted.length === 0}
            after={<MoreTasksLink total={summary.data ? summary.data.total - summary.data.taken : sorted.length} shown={Math.min(RECENT_WORK_SHOWN, sorted.length)} />}
          >
            {() => (
              <List disablePadding sx={listSx}>
                {sorted.slice(0, RECENT_WORK_SHOWN).map((task) => (
                  <ChildTaskRow key={task.id} task={task} actions={tasksActions} />
                ))}
              </List>
            )}
          </QueryCard>
          <UpcomingChoresCard forChild />
          </>
        }
        side={
          <>
            <StreaksCard childId={me.id} name={me.name} self />
            {side}
          </>
        }
      />

      {ready && rewards}
    </Stack>
  );
}

/** A paused child's own dashboard says so: until when, why, and what a pause means for its chores. */
function PausedNotice({ pause }: { pause: NonNullable<Me['pausedNow']> }) {
  return (
    <Alert severity="info" icon={<span aria-hidden="true">⏸️</span>} data-testid="paused-notice">
      <AlertTitle sx={{ fontWeight: 700 }}>Your chores are paused until {dayLabel(pause.untilDay) === 'Today' ? 'tonight' : DateTime.fromISO(pause.untilDay).toFormat('cccc, LLL d')}</AlertTitle>
      {pause.reason ? `${pause.reason}. ` : ''}No chores, no penalties, and your streaks wait for you.
    </Alert>
  );
}

/** One task with what the child can do about it (the server's `can`), else where it stands (SPEC §2, per status). */
function ChildTaskRow({ task, actions }: { task: Task; actions: CompleteTask }) {
  const sending = actions.busyId === task.id;

  let action;
  if (task.can.submit) {
    action = (
      <Button variant="contained" size="small" color="success" onClick={() => void actions.complete(task)} disabled={sending} aria-label={`Complete ${task.title}`}>
        {sending ? 'Sending...' : 'Complete'}
      </Button>
    );
  } else if (task.status === 'submitted' || task.requestAwaitingReview) {
    action = (
      <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
        ⏳ Waiting for approval
      </Typography>
    );
  } else if (task.status === 'approved') {
    action = (
      <Typography variant="body2" sx={{ fontWeight: 700, color: 'success.main' }}>
        🎉 Great job!
      </Typography>
    );
  } else if (task.status === 'reversed') {
    action = (
      <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 700 }}>
        ↩️ Reversed
      </Typography>
    );
  } else if (task.status === 'rejected') {
    action = (
      <Typography variant="body2" sx={{ fontWeight: 700, color: 'error.main' }}>
        ✖ Rejected
      </Typography>
    );
  }

  const details = [
    `${signedFp(task.pointsValue)}`,
    task.dueDate ? `Due ${shortDate(task.dueDate)}` : null,
    task.score !== null && task.status === 'approved' ? `Score ${task.score}/10` : null,
    task.status === 'reversed' && task.reversalReason ? `Reversed: ${task.reversalReason}` : null,
  ].filter(Boolean);

  return (
    <ListItem disableGutters divider data-testid="child-task" sx={{ py: 1.25, gap: 1.5, flexWrap: 'wrap' }}>
      <Box sx={{ flex: '1 1 180px', minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{task.title}</Typography>
          {task.isChildRequest && <Chip size="small" variant="outlined" label="My request" />}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
          {details.join(' · ')}
        </Typography>
      </Box>
      <Box sx={{ flexShrink: 0, ml: 'auto' }}>{action}</Box>
    </ListItem>
  );
}
