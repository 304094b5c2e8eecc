import { Box, Stack, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { usePageTitle } from '../../lib/page-title';
import { useMe } from '../../lib/session';
import { DashboardGrid } from '../../components/DashboardGrid';
import { AccessDenied } from '../../components/AccessDenied';
import { useUsers } from '../../api/members';
import { RecentActivityCard } from '../../components/RecentActivityCard';
import { AddMemberCard } from './AddMemberCard';
import { MembersCard } from '../../components/MembersCard';
import { AdminStatsCard } from './AdminStatsCard';
import { useInvites, usePendingUsers } from './api';
import { InvitesCard } from './InvitesCard';
import { MemberActions } from './MemberActions';
import { PendingRequestsCard } from './PendingRequestsCard';

/** SPEC §9: the admin panel shows the first 8 audit entries. */
const ADMIN_ACTIVITY_COUNT = 8;

/** SPEC §2 Admin panel: for those who may manage the members (admin, superuser); everyone else sees Access Denied. */
export default function AdminPage() {
  usePageTitle('Admin');
  const me = useMe();
  if (!me.abilities.manageMembers) return <AccessDenied>You don't have admin permissions to access this panel.</AccessDenied>;
  // A superuser without a family never gets here: the router shows the page's no-family notice (decision 032).
  return <AdminPanel />;
}

function Heading() {
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, fontSize: { xs: 26, sm: 32 } }}>
        🛡️ Admin Panel
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>Who is in your family, who is waiting to join, and the links that let new members in.</Typography>
    </Box>
  );
}

function AdminPanel() {
  const me = useMe();
  const users = useUsers();
  const pending = usePendingUsers();
  const invites = useInvites();
  const addMember = useRef<HTMLDivElement>(null);
  // "Add a child" (the dashboard's first steps, an empty Create Task) links here: the form, ready to type in.
  useEffect(() => {
    if (window.location.hash !== '#add-member' || !addMember.current) return;
    addMember.current.scrollIntoView({ block: 'start' });
    addMember.current.querySelector('input')?.focus({ preventScroll: true });
  }, []);

  return (
    <Stack sx={{ gap: 3 }}>
      <Heading />
      <DashboardGrid
        main={
          <>
            {/* A new family's first step (issue 26): its members and the form to add one come first. */}
            <MembersCard users={users} testId="admin-members" actions={(u) => <MemberActions user={u} />} />
            <Box id="add-member" ref={addMember} sx={{ scrollMarginTop: 80 }}>
              <AddMemberCard />
            </Box>
            {me.abilities.reviewHubRequests && <PendingRequestsCard pending={pending} />}
            {me.abilities.manageInvites && <InvitesCard invites={invites} />}
          </>
        }
        side={
          <>
            <AdminStatsCard users={users.data} pendingCount={pending.data?.length} />
            {me.abilities.viewAuditLog && <RecentActivityCard count={ADMIN_ACTIVITY_COUNT} testId="admin-activity" />}
          </>
        }
      />
    </Stack>
  );
}
