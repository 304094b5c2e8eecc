import { Box, Stack, Typography } from '@mui/material';
import { DateTime } from 'luxon';
import { useMemo, useState, type ReactNode } from 'react';
import { useFamily } from '../../api/family';
import { useUsers } from '../../api/members';
import { DashboardGrid } from '../../components/DashboardGrid';
import type { Me, User } from '../../lib/types';
import { AllTasksCard, FamilyMembersCard, RecentPointsCard, TokenStatusCard } from './FamilyCards';
import { FirstStepsCard } from './FirstStepsCard';
import { greetingFor } from './greeting';
import { QuickActions } from './QuickActions';
import { UpcomingChoresCard } from './UpcomingChoresCard';

/**
 * SPEC §2 "Dashboard, parent view" (manager, admin, superuser): what waits for a decision first, then the
 * family, the latest points and all tasks. Panels and actions follow `me.abilities`, never the role.
 */
export function ParentDashboard({
  me,
  ready,
  review,
  events,
  announcements,
  issuePoints,
  createTask,
}: {
  me: Me;
  ready: boolean;
  /** What waits for this member's decision, above all tasks. */
  review: ReactNode;
  events: ReactNode;
  announcements: ReactNode;
  /** The Issue Points dialog, opened by the quick action. */
  issuePoints: (open: boolean, onClose: () => void) => ReactNode;
  /** The Create Task form, opened by the quick action (a fresh form each time it opens). */
  createTask: (open: boolean, onClose: () => void) => ReactNode;
}) {
  const users = useUsers();
  const family = useFamily();
  const [issuing, setIssuing] = useState(false);
  const [creatingTask, setCreatingTask] = useState(false);
  const members = useMemo(() => new Map<string, User>((users.data ?? []).map((u) => [u.id, u])), [users.data]);
  const a = me.abilities;

  return (
    <Stack spacing={{ xs: 2.5, md: 3 }}>
      <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2} sx={{ alignItems: { lg: 'flex-end' }, justifyContent: 'space-between' }}>
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800, fontSize: { xs: 26, sm: 32 } }}>
            {greetingFor(DateTime.now().hour)}, {me.name}! 👋
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {family.data ? `Here's what's happening in ${family.data.name}.` : "Here's what's happening in your family."}
          </Typography>
        </Box>
        <QuickActions
          abilities={a}
          onIssuePoints={() => setIssuing(true)}
          onCreateTask={() => setCreatingTask(true)}
        />
      </Stack>

      <FirstStepsCard me={me} users={users.data} onCreateTask={() => setCreatingTask(true)} />

      <DashboardGrid
        ready={ready}
        main={
          <>
            {review}
            <AllTasksCard members={members} />
          </>
        }
        side={
          <>
            <FamilyMembersCard users={users.data ?? []} loading={users.isPending} />
            <UpcomingChoresCard forChild={false} />
            {events}
            {announcements}
            <RecentPointsCard members={members} />
            <TokenStatusCard />
          </>
        }
      />

      {a.issuePoints && issuePoints(issuing, () => setIssuing(false))}
      {a.createTasks && createTask(creatingTask, () => setCreatingTask(false))}
    </Stack>
  );
}
