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
import { useUsers } from '../../api/members';
import { AvatarPicker } from '../../components/AvatarPicker';
import { useNewestPoints } from '../../api/points';
import { useStandings } from '../../api/standings';
import { useTasks } from '../../api/tasks';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useProviders } from '../../api/auth';
import { hubProfileUrl } from '../../lib/hub';
import { AboutEditor } from './AboutEditor';
import { DisplayNameEditor } from './DisplayNameEditor';
import { EmailCard } from './EmailCard';
import { DeviceNotificationsCard } from './DeviceNotificationsCard';
import { PasswordCard } from './PasswordCard';
import { ProfileCard } from './ProfileCard';
import { StreaksCard } from '../../components/StreaksCard';

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
  // SPEC §2: "a button opening the hub profile in a new tab", for a member linked to the hub.
  const hubUrl = useProviders().data?.hubUrl ?? null;

  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1" sx={h1Sx}>
        👤 My Profile
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 3fr)' }, alignItems: 'start' }}>
        <Stack spacing={3}>
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
            about={
              <>
                <AboutEditor user={me} />
                {me.hubUsername && hubUrl && (
                  <Button
                    href={hubProfileUrl(hubUrl, me.hubUsername)}
                    target="_blank"
                    rel="noopener noreferrer"
                    variant="contained"
                    size="small"
                    endIcon={<OpenInNewIcon />}
                    data-testid="view-hub-profile"
                  >
                    View hub profile
                  </Button>
                )}
              </>
            }
          />
          {me.familyId && <DeviceNotificationsCard />}
          <PasswordCard user={me} />
          {/* The mails (weekly report, daily summary) are for parents: a child has nothing to be sent. */}
          {me.familyId && me.abilities.reviewTasks && <EmailCard memberId={me.id} />}
        </Stack>
        {me.abilities.hasBalance ? <ChildSide me={me} /> : me.familyId ? <ParentSide /> : <NoFamilySide />}
      </Box>
      {canChangeAvatar && <AvatarPicker user={me} open={picking} onClose={() => setPicking(false)} />}
    </Stack>
  );
}

function ChildSide({ me }: { me: Me }) {
  const standings = useStandings();
  const points = useNewestPoints(me.id, POINTS_SHOWN);
  // A child's own approved tasks, newest first: the first page is plenty for the card.
  const tasks = useTasks({ status: 'approved', limit: 50 });
  const users = useUsers();
  const mine = standings.data?.children.find((c) => c.userId === me.id);
  // SPEC §2: the Family Rank (the server's, DESIGN §9) shows only when there is more than one child.
  const showRank = (standings.data?.leaderboard.length ?? 0) > 1;
  const completed = newestFirst(
    (tasks.data ?? []).filter((t) => t.status === 'approved' && t.creditedTo === me.id),
    (t) => t.reviewedAt ?? t.updatedAt,
  );
  const history = points.data ?? [];

  return (
    <Stack spacing={3}>
      <Card data-testid="total-family-points" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', border: 0 }}>
        <CardContent sx={{ p: 3, '&:last-child': { pb: 3 } }}>
          <Typography component="h2" sx={{ fontWeight: 700, opacity: 0.95 }}>
            ⭐ Total Family Points
          </Typography>
          <Typography sx={{ fontSize: 40, fontWeight: 800, lineHeight: 1.2, mt: 0.5 }}>
            {standings.isError ? '—' : mine ? fp(mine.balance) : '…'}
          </Typography>
        </CardContent>
      </Card>

      <SectionCard variant="page" title="My Stats" emoji="📈" testId="my-stats">
        {standings.isPending ? (
          <InlineLoading label="Loading stats" />
        ) : standings.isError || !mine ? (
          <Typography color="text.secondary">Your stats are not available right now.</Typography>
        ) : (
          <Box sx={{ display: 'grid', gap: { xs: 1, sm: 1.5 }, gridTemplateColumns: `repeat(${showRank ? 3 : 2}, minmax(0, 1fr))` }}>
            <StatTile emoji="📅" label="Points This Week" value={mine.thisWeek} testId="stat-week" />
            <StatTile emoji="✅" label="Tasks Done" value={mine.tasksDone} testId="stat-tasks" />
            {showRank && <StatTile emoji="🏆" label="Family Rank" value={`#${mine.rank}`} testId="stat-rank" />}
          </Box>
        )}
      </SectionCard>

      <StreaksCard childId={me.id} name={me.name} self variant="page" />

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
  const tasks = useTasks({ status: 'open,history', limit: TASKS_SHOWN });
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
