import { lazy, Suspense, useMemo } from 'react';
import { useUsers } from '../../api/members';
import { AnnouncementsCard } from '../../features/announcements/AnnouncementsCard';
import { UpcomingEventsCard } from '../../features/calendar/UpcomingEventsCard';
import { useDashboardReady, useRefreshOnOpen } from '../../features/dashboard/api';
import { ChildDashboard } from '../../features/dashboard/ChildDashboard';
import { ParentDashboard } from '../../features/dashboard/ParentDashboard';
import { IssuePointsDialog } from '../../features/points/IssuePointsDialog';
import { PendingRequestsCard, RedemptionCenter } from '../../features/redemptions/RedemptionCenter';
import { AwaitingApprovalPanel, ChildRequestsPanel, RedemptionRequestsPanel } from '../../features/review/ReviewPanels';
import { useTaskActions } from '../../features/review/useTaskActions';
import { usePageTitle } from '../../lib/page-title';
import { useMe } from '../../lib/session';
import type { Me, User } from '../../lib/types';

export { prefetchDashboard } from '../../features/dashboard/api';

const CreateTaskDialog = lazy(() => import('../../features/tasks/CreateTaskDialog').then((m) => ({ default: m.CreateTaskDialog })));

/** SPEC §2 Dashboard: the child view for a member with a balance, the parent view for everyone else. */
export default function DashboardPage() {
  usePageTitle('Dashboard');
  const me = useMe();
  useRefreshOnOpen();
  const ready = useDashboardReady(me);
  return me.abilities.hasBalance ? <ChildView me={me} ready={ready} /> : <ParentView me={me} ready={ready} />;
}

function ChildView({ me, ready }: { me: Me; ready: boolean }) {
  const actions = useTaskActions();
  return (
    <ChildDashboard
      me={me}
      ready={ready}
      tasksActions={actions}
      side={
        <>
          <PendingRequestsCard />
          <UpcomingEventsCard />
          <AnnouncementsCard />
        </>
      }
      rewards={<RedemptionCenter me={me} />}
    />
  );
}

/** Panels and actions follow `me.abilities`, never the role. */
function ParentView({ me, ready }: { me: Me; ready: boolean }) {
  const users = useUsers();
  const members = useMemo(() => new Map<string, User>((users.data ?? []).map((u) => [u.id, u])), [users.data]);
  const a = me.abilities;
  return (
    <ParentDashboard
      me={me}
      ready={ready}
      review={
        <>
          {a.reviewChildRequests && <ChildRequestsPanel members={members} />}
          {a.reviewTasks && <AwaitingApprovalPanel members={members} />}
          {a.reviewRedemptions && <RedemptionRequestsPanel members={members} />}
        </>
      }
      events={<UpcomingEventsCard compact />}
      announcements={<AnnouncementsCard />}
      issuePoints={(open, onClose) => <IssuePointsDialog open={open} onClose={onClose} />}
      createTask={(open, onClose) =>
        // Mounted only while open: a fresh form each time, and its date picker loads with the first opening.
        open && (
          <Suspense fallback={null}>
            <CreateTaskDialog open mode="create" onClose={onClose} />
          </Suspense>
        )
      }
    />
  );
}
