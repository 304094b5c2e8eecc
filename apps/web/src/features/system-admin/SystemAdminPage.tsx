import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { usePageTitle } from '../../lib/page-title';
import { useMe } from '../../lib/session';
import { ago } from '../../lib/dates';
import { EmptyState } from '../../components/EmptyState';
import { SectionCard } from '../../components/SectionCard';
import { SoftChip } from '../../components/SoftChip';
import { StatCard } from '../../components/StatCard';
import { LoadingScreen } from '../../components/LoadingScreen';
import { AccessDenied } from '../../components/AccessDenied';
import { useAllFamilies, useAllPendingUsers, usePlatformStats, useSystemPendingUsers, type PendingUser, type PlatformStats } from './api';
import { AssignFamilyDialog, FamilyRequestDialog, ReviewDialog } from './dialogs';
import { displayName } from '../../lib/members';

const h1Sx = { fontWeight: 800, fontSize: { xs: 26, sm: 32 } } as const;

/** SPEC §2 "System admin page (/admin/system)": the whole platform, for a superuser (abilities.systemAdmin) only. */
export default function SystemAdminPage() {
  usePageTitle('System Admin');
  const me = useMe();
  if (!me.abilities.systemAdmin) return <AccessDenied>Only a super user of this server can open the System Admin page.</AccessDenied>;
  return <SystemAdmin />;
}


type Open = { kind: 'assign' | 'review' | 'family'; request: PendingUser } | null;

function SystemAdmin() {
  const stats = usePlatformStats(true);
  const families = useAllFamilies(true);
  const allPending = useAllPendingUsers(true);
  const systemPending = useSystemPendingUsers(true);
  const [open, setOpen] = useState<Open>(null);

  if ([stats, families, allPending, systemPending].some((q) => q.isPending)) return <LoadingScreen />;
  const failed = [stats, families, allPending, systemPending].some((q) => q.isError);

  const roles = stats.data?.usersByRole ?? { admin: 0, manager: 0, child: 0, superuser: 0 };
  const cards = stats.data
    ? { totalFamilies: stats.data.totalFamilies, totalUsers: stats.data.totalUsers, pendingRequests: stats.data.totalPendingUsers, platformAdmins: roles.admin + roles.superuser }
    : null;
  const familyRequests = (allPending.data ?? []).filter((p) => p.familyId);
  const familyName = (id: string | null) => (id ? (families.data?.find((f) => f.id === id)?.name ?? 'Unknown family') : 'No family');

  return (
    <Stack sx={{ gap: 3 }}>
      <Box>
        <Typography variant="h4" component="h1" sx={h1Sx}>
          🛡️ System Admin
        </Typography>
        <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>Every family on this server, and the people waiting to join one.</Typography>
      </Box>
      {failed && <Alert severity="error">Some platform data could not be loaded. Please refresh the page to try again.</Alert>}
      {cards && (
        <Box component="section" aria-label="Platform statistics" sx={{ display: 'grid', gap: { xs: 1.5, sm: 2 }, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' } }}>
          <StatCard label="Total Families" value={cards.totalFamilies} emoji="🏠" testId="stat-total-families" />
          <StatCard label="Total Users" value={cards.totalUsers} emoji="👥" testId="stat-total-users" />
          <StatCard label="Pending Requests" value={cards.pendingRequests} emoji="⏳" testId="stat-pending-requests" />
          <StatCard label="Platform Admins" value={cards.platformAdmins} emoji="👑" testId="stat-platform-admins" />
        </Box>
      )}

      <ToneCard tone="error" title="System-Pending Users" emoji="🚨" count={systemPending.data?.length ?? 0} testId="system-pending" intro="New parents with no family yet: give them a family, or reject the request.">
        <RequestList
          requests={systemPending.data ?? []}
          empty="Nobody is waiting for a family."
          actions={(r) => (
            <>
              <Button variant="contained" color="error" size="small" onClick={() => setOpen({ kind: 'assign', request: r })} aria-label={`Assign Family to ${displayName(r)}`}>
                Assign Family
              </Button>
              <Button variant="outlined" size="small" onClick={() => setOpen({ kind: 'review', request: r })} aria-label={`Review ${displayName(r)}`}>
                Review
              </Button>
            </>
          )}
        />
      </ToneCard>

      <ToneCard tone="warning" title="Family Access Requests" emoji="📨" count={familyRequests.length} testId="family-pending" intro="People asking to join a particular family; its admins can decide too.">
        <RequestList
          requests={familyRequests}
          empty="No family has anyone waiting."
          extra={(r) => familyName(r.familyId)}
          actions={(r) => (
            <Button variant="outlined" color="warning" size="small" onClick={() => setOpen({ kind: 'family', request: r })} aria-label={`View Details of ${displayName(r)}`} sx={{ color: 'text.primary', borderColor: 'warning.main' }}>
              View Details
            </Button>
          )}
        />
      </ToneCard>

      <Box sx={{ display: 'grid', gap: { xs: 2, md: 3 }, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
        <FamilyOverview breakdown={stats.data?.familyBreakdown ?? []} />
        <SectionCard title="Role Distribution" emoji="📊" testId="role-distribution">
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1 }}>
            {(
              [
                ['Family Admins', roles.admin, 'role-admins'],
                ['Children', roles.child, 'role-children'],
                ['Managers', roles.manager, 'role-managers'],
                ['Super Users', roles.superuser, 'role-superusers'],
              ] as const
            ).map(([label, value, id]) => (
              <Box key={label} data-testid={id} sx={{ p: 1.25, borderRadius: 2, bgcolor: 'action.hover', display: 'flex', flexDirection: 'column-reverse', textAlign: 'center' }}>
                <Typography component="dt" variant="body2" sx={{ color: 'text.secondary', fontWeight: 600 }}>
                  {label}
                </Typography>
                <Typography component="dd" sx={{ m: 0, fontSize: 24, fontWeight: 800 }}>
                  {value}
                </Typography>
              </Box>
            ))}
          </Box>
        </SectionCard>
      </Box>

      {open?.kind === 'assign' && <AssignFamilyDialog request={open.request} families={families.data ?? []} onClose={() => setOpen(null)} />}
      {open?.kind === 'review' && <ReviewDialog request={open.request} onClose={() => setOpen(null)} />}
      {open?.kind === 'family' && <FamilyRequestDialog request={open.request} familyName={familyName(open.request.familyId)} onClose={() => setOpen(null)} />}
    </Stack>
  );
}

function ToneCard({ tone, title, emoji, count, intro, testId, children }: { tone: 'error' | 'warning'; title: string; emoji: string; count: number; intro: string; testId: string; children: ReactNode }) {
  const headingId = `section-${testId}`;
  return (
    <Card component="section" aria-labelledby={headingId} data-testid={testId} sx={{ border: 2, borderColor: `${tone}.main`, bgcolor: tone === 'error' ? 'rgba(211, 47, 47, 0.04)' : 'rgba(237, 108, 2, 0.05)' }}>
      <CardContent sx={{ p: { xs: 2, sm: 2.5 }, '&:last-child': { pb: { xs: 2, sm: 2.5 } } }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
          <Typography id={headingId} variant="h6" component="h2" sx={{ fontWeight: 700, flexGrow: 1, color: `${tone}.dark` }}>
            <Box component="span" aria-hidden sx={{ mr: 1 }}>
              {emoji}
            </Box>
            {title}
          </Typography>
          <SoftChip label={count} tone={tone} ariaLabel={`${count} waiting`} />
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, mb: 1.5 }}>
          {intro}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function RequestList({ requests, empty, extra, actions }: { requests: PendingUser[]; empty: string; extra?: (r: PendingUser) => string; actions: (r: PendingUser) => ReactNode }) {
  if (requests.length === 0) return <EmptyState emoji="✅">{empty}</EmptyState>;
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.25 }}>
      {requests.map((r) => (
        <Box
          component="li"
          key={r.id}
          aria-label={displayName(r)}
          data-testid="platform-request"
          sx={{ p: 1.5, borderRadius: 2, bgcolor: 'background.paper', border: 1, borderColor: 'divider', display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 1.25, alignItems: { sm: 'center' } }}
        >
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{displayName(r)}</Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
              @{r.username}
              {r.email ? ` · ${r.email}` : ''}
              {extra ? ` · ${extra(r)}` : ''} · asked {ago(r.requestedAt)}
            </Typography>
          </Box>
          <Stack direction="row" sx={{ gap: 1, flexShrink: 0 }}>
            {actions(r)}
          </Stack>
        </Box>
      ))}
    </Box>
  );
}

function FamilyOverview({ breakdown }: { breakdown: PlatformStats['familyBreakdown'] }) {
  return (
    <SectionCard title="Family Overview" emoji="🏡" count={breakdown.length} testId="family-overview">
      {breakdown.length === 0 ? (
        <EmptyState emoji="🏠">No families yet.</EmptyState>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
          {breakdown.map((f) => (
            <Box component="li" key={f.id} aria-label={f.name} data-testid="family-row" sx={{ p: 1.5, borderRadius: 2, bgcolor: 'action.hover' }}>
              <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{f.name}</Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary', fontFamily: 'monospace', fontSize: 12, overflowWrap: 'anywhere' }}>
                ID: {f.id}
              </Typography>
              <Typography variant="body2" sx={{ mt: 0.5 }}>
                {plural(f.userCount, 'user', 'users')} · {plural(f.adminCount, 'admin', 'admins')} · {plural(f.childCount, 'child', 'children')}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </SectionCard>
  );
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
