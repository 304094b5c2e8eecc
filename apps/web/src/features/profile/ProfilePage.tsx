import { fp } from '@familyos/contracts/rules';
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { usePageTitle } from '../../lib/page-title';
import type { Me } from '../../lib/types';
import { SectionCard } from '../../components/SectionCard';
import { h1Sx, InlineLoading, StatTile, TaskSummaryList } from '../../components/page-parts';
import { newestFirst } from '../../lib/dates';
import { PointsHistory } from '../../components/PointsHistory';
import { useMe } from '../../lib/session';
import { useLeaderboard, useUsers } from '../../api/members';
import { AvatarPicker } from '../../components/AvatarPicker';
import { useBalance, usePoints } from '../../api/points';
import { useTasks } from '../../api/tasks';
import { DisplayNameEditor } from './DisplayNameEditor';
import { ProfileCard } from './ProfileCard';

/** SPEC §9: own profile points history shows the last 10; non-children see the 5 most recent tasks. */
const POINTS_SHOWN = 10;
const TASKS_SHOWN = 5;

/** SPEC §2 Own profile (/profile). */
export default function ProfilePage() {
  usePageTitle('My Profile');
  const me = useMe();
  const [picking, setPicking] = useState(false);
  // SPEC §2: the avatar can be changed here only when the account has no hub link (the hub owns it then).
  const canChangeAvatar = me.hubUserId === null;

  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1" sx={h1Sx}>
        👤 My Profile
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 3fr)' }, alignItems: 'start' }}>
        <ProfileCard
          user={me}
          name={<DisplayNameEditor user={me} />}
          avatarAction={
            canChangeAvatar && (
              <Button size="small" variant="outlined" onClick={() => setPicking(true)} data-testid="change-avatar">
                Change avatar
              </Button>
            )
          }
        />
        {me.abilities.hasBalance ? <ChildSide me={me} /> : me.familyId ? <ParentSide /> : <NoFamilySide />}
      </Box>
      {canChangeAvatar && <AvatarPicker user={me} open={picking} onClose={() => setPicking(false)} />}
    </Stack>
  );
}

function ChildSide({ me }: { me: Me }) {
  const balance = useBalance();
  const leaderboard = useLeaderboard();
  const points = usePoints();
  const tasks = useTasks();
  const users = useUsers();
  const rows = leaderboard.data ?? [];
  const mine = rows.find((r) => r.userId === me.id);
  // DESIGN §9: Family Rank = 1 + the number of children with a higher balance; only with more than one child.
  const rank = mine ? 1 + rows.filter((r) => r.balance > mine.balance).length : null;
  const completed = newestFirst(
    (tasks.data ?? []).filter((t) => t.status === 'approved' && t.assignedTo[0] === me.id),
    (t) => t.reviewedAt ?? t.updatedAt,
  );
  const history = (points.data ?? []).filter((e) => e.userId === me.id).slice(0, POINTS_SHOWN);

  return (
    <Stack spacing={3}>
      <Card data-testid="total-family-points" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', border: 0 }}>
        <CardContent sx={{ p: 3, '&:last-child': { pb: 3 } }}>
          <Typography component="h2" sx={{ fontWeight: 700, opacity: 0.95 }}>
            ⭐ Total Family Points
          </Typography>
          <Typography sx={{ fontSize: 40, fontWeight: 800, lineHeight: 1.2, mt: 0.5 }}>
            {balance.isError ? '—' : balance.data ? fp(balance.data.balance) : '…'}
          </Typography>
        </CardContent>
      </Card>

      <SectionCard variant="page" title="My Stats" emoji="📈" testId="my-stats">
        {leaderboard.isPending ? (
          <InlineLoading label="Loading stats" />
        ) : leaderboard.isError || !mine ? (
          <Typography color="text.secondary">Your stats are not available right now.</Typography>
        ) : (
          <Box sx={{ display: 'grid', gap: { xs: 1, sm: 1.5 }, gridTemplateColumns: `repeat(${rows.length > 1 ? 3 : 2}, minmax(0, 1fr))` }}>
            <StatTile emoji="📅" label="Points This Week" value={mine.weekPoints} testId="stat-week" />
            <StatTile emoji="✅" label="Tasks Done" value={mine.tasksDone} testId="stat-tasks" />
            {rows.length > 1 && rank !== null && <StatTile emoji="🏆" label="Family Rank" value={`#${rank}`} testId="stat-rank" />}
          </Box>
        )}
      </SectionCard>

      <SectionCard variant="page" title="Points History" emoji="📜" testId="profile-history">
        {points.isPending ? (
          <InlineLoading label="Loading points history" />
        ) : points.isError ? (
          <Typography color="error">Unable to load your points history.</Typography>
        ) : (
          <PointsHistory entries={history} users={users.data} issuerNote="name" empty="No points yet. Complete a task to earn your first Family Points! 💪" />
        )}
      </SectionCard>

      <SectionCard variant="page" title="Completed Tasks" emoji="✅" testId="completed-tasks">
        {tasks.isPending ? (
          <InlineLoading label="Loading tasks" />
        ) : tasks.isError ? (
          <Typography color="error">Unable to load your tasks.</Typography>
        ) : (
          <TaskSummaryList tasks={completed} when="reviewed" empty="No completed tasks yet. Your approved tasks will show up here." />
        )}
      </SectionCard>
    </Stack>
  );
}

/** A member of no family (the platform's superuser): no family tasks to list, and where its work is instead. */
function NoFamilySide() {
  return (
    <Alert severity="info" role="note" data-testid="no-family">
      You look after the whole platform and are not a member of a family, so there are no family tasks or points here.
      The families and their members are on the System Admin page.
    </Alert>
  );
}

function ParentSide() {
  const tasks = useTasks();
  const users = useUsers();
  const recent = newestFirst(tasks.data ?? [], (t) => t.createdAt).slice(0, TASKS_SHOWN);
  return (
    <Stack spacing={3}>
      <Alert severity="info" data-testid="parent-note">
        Profile features are mainly for children: they collect Family Points, stats and a rank here. As a parent you
        manage tasks, points and rewards from the Dashboard.
      </Alert>
      <SectionCard variant="page" title="Recent Family Tasks" emoji="📋" testId="recent-tasks">
        {tasks.isPending ? (
          <InlineLoading label="Loading tasks" />
        ) : tasks.isError ? (
          <Typography color="error">Unable to load the family's tasks.</Typography>
        ) : (
          <TaskSummaryList tasks={recent} users={users.data} showAssignee when="created" empty="No tasks yet. Create one from the Tasks page." />
        )}
      </SectionCard>
    </Stack>
  );
}
