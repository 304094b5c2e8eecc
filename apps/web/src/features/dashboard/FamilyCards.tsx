import { Box, Button, List, ListItem, ListItemAvatar, ListItemText, Skeleton, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { DateTime } from 'luxon';
import { ROLE_LABEL, type Task, type User } from '../../lib/types';
import { UserAvatar } from '../../components/UserAvatar';
import { usePoints } from '../../api/points';
import { useStandings } from '../../api/standings';
import { recentTasksQuery, useTaskSummary } from '../../api/tasks';
import { useTokenStatus } from './api';
import { EmptyState } from '../../components/EmptyState';
import { QueryCard } from '../../components/QueryCard';
import { SectionCard, listSx } from '../../components/SectionCard';
import { SoftChip } from '../../components/SoftChip';
import { TaskStatusChip } from '../../components/TaskStatusChip';
import { ago } from '../../lib/dates';
import { signedFp } from '@familyos/contracts/rules';

type Members = Map<string, User>;

const ROLE_ORDER: Record<User['role'], number> = { admin: 0, superuser: 1, manager: 2, child: 3 };

/** SPEC §2: the family's members: avatar, name, role, age or "Adult"; children with their balance. */
export function FamilyMembersCard({ users, loading }: { users: User[]; loading: boolean }) {
  const standings = useStandings();
  const sorted = [...users].sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role] || a.name.localeCompare(b.name));
  return (
    <SectionCard title="Family Members" emoji="👨‍👩‍👧‍👦" testId="family-members">
      {loading ? (
        <Skeleton variant="rounded" height={120} />
      ) : sorted.length === 0 ? (
        <EmptyState emoji="🏠">No members yet.</EmptyState>
      ) : (
        <List disablePadding sx={listSx}>
          {sorted.map((u) => {
            const row = standings.data?.children.find((c) => c.userId === u.id);
            const isChild = u.role === 'child';
            return (
              <ListItem key={u.id} disableGutters divider sx={{ py: 1 }} data-testid="family-member">
                <ListItemAvatar sx={{ minWidth: 52 }}>
                  <UserAvatar user={u} size={40} />
                </ListItemAvatar>
                <ListItemText
                  primary={u.name}
                  secondary={`${ROLE_LABEL[u.role]} · ${isChild ? (u.age !== null ? `Age ${u.age}` : 'Age not set') : 'Adult'}${u.active ? '' : ' · Inactive'}`}
                  slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                />
                {isChild && (
                  <SoftChip tone="secondary" label={`⭐ ${row ? row.balance : '…'} FP`} ariaLabel={`${u.name}'s balance: ${row ? row.balance : 'loading'} FP`} />
                )}
              </ListItem>
            );
          })}
        </List>
      )}
    </SectionCard>
  );
}

/** SPEC §2 / §9: the last 10 points entries, newest first. */
export function RecentPointsCard({ members }: { members: Members }) {
  const points = usePoints();
  const entries = (points.data ?? []).slice().sort((a, b) => b.date.localeCompare(a.date)).slice(0, 10);
  return (
    <QueryCard
      title="Recent Points"
      emoji="⭐"
      testId="recent-points"
      action={
        <Button component={Link} to="/activity" size="small">
          View all
        </Button>
      }
      query={points}
      empty={<EmptyState emoji="✨">No points yet. Issue some for a job well done!</EmptyState>}
      isEmpty={() => entries.length === 0}
    >
      {() => (
        <List disablePadding sx={listSx}>
          {entries.map((e) => {
            const who = members.get(e.userId);
            return (
              <ListItem key={e.id} disableGutters divider sx={{ py: 1, alignItems: 'flex-start', gap: 1 }} data-testid="points-entry">
                <ListItemText
                  primary={e.reason}
                  secondary={`${who?.name ?? 'A member'} · ${ago(e.date)}${e.approved ? '' : ' · Pending'}`}
                  slotProps={{ primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } } }}
                  sx={{ my: 0 }}
                />
                <Typography
                  sx={(theme) => ({
                    fontWeight: 800,
                    whiteSpace: 'nowrap',
                    pt: 0.25,
                    color: e.amount >= 0 ? 'success.dark' : 'error.dark',
                    ...theme.applyStyles('dark', { color: e.amount >= 0 ? 'success.light' : 'error.light' }),
                  })}
                  aria-label={`${e.amount >= 0 ? 'plus' : 'minus'} ${Math.abs(e.amount)} FP`}
                >
                  {signedFp(e.amount)}
                </Typography>
              </ListItem>
            );
          })}
        </List>
      )}
    </QueryCard>
  );
}

const TASKS_SHOWN = 12;

/** Under a card that lists only the first `shown` tasks: the way to all of them. */
export function MoreTasksLink({ total, shown }: { total: number; shown: number }) {
  if (total <= shown) return null;
  return (
    <Button component={Link} to="/tasks" fullWidth sx={{ mt: 1 }}>
      View all {total} tasks
    </Button>
  );
}

/**
 * SPEC §2: all tasks in compact form (title, assignee, status), newest first: the first few of the open work and
 * the week's settled tasks; how many there are in all is the server's summary.
 */
export function AllTasksCard({ members }: { members: Members }) {
  const tasks = useQuery(recentTasksQuery);
  const summary = useTaskSummary();
  const all = (tasks.data ?? []).slice().sort((a: Task, b: Task) => b.createdAt.localeCompare(a.createdAt));
  return (
    <QueryCard
      title="All Tasks"
      emoji="📋"
      testId="all-tasks"
      action={
        <Button component={Link} to="/tasks" size="small">
          View all
        </Button>
      }
      query={tasks}
      empty={<EmptyState emoji="📝">No tasks yet. Create one to get started!</EmptyState>}
      isEmpty={() => all.length === 0}
      after={<MoreTasksLink total={summary.data?.total ?? all.length} shown={Math.min(TASKS_SHOWN, all.length)} />}
    >
      {() => (
        <List disablePadding sx={listSx}>
          {all.slice(0, TASKS_SHOWN).map((t) => {
            const assignees = t.assignedTo.map((id) => members.get(id)?.name).filter(Boolean).join(', ') || 'Unassigned';
            return (
              <ListItem key={t.id} disableGutters divider sx={{ py: 1, gap: 1 }} data-testid="task-row">
                <ListItemText
                  primary={t.title}
                  secondary={`${assignees} · ${signedFp(t.pointsValue)}`}
                  slotProps={{ primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } } }}
                  sx={{ my: 0 }}
                />
                <TaskStatusChip task={t} />
              </ListItem>
            );
          })}
        </List>
      )}
    </QueryCard>
  );
}

/** "expires in 6 days (Dec 2, 2026, 9:10 PM)", or nothing for a missing or unreadable date. */
function expiry(iso: string | null | undefined): string {
  const at = iso ? DateTime.fromISO(iso) : null;
  return at?.isValid ? `expires ${at.toRelative()} (${at.toLocaleString(DateTime.DATETIME_MED)})` : '';
}

/** DESIGN §9: whether tokens exist and when they expire, never a token's value. */
export function TokenStatusCard() {
  const status = useTokenStatus();
  return (
    <SectionCard title="Token Status" emoji="🔐" testId="token-status">
      {status.isPending ? (
        <Skeleton variant="rounded" height={60} />
      ) : status.isError || !status.data ? (
        <Typography variant="body2" color="text.secondary">
          Unable to check the tokens right now.
        </Typography>
      ) : (
        <Stack spacing={1}>
          <TokenLine
            testId="token-session"
            label="Session token"
            present={status.data.session.present}
            detail={[`via ${status.data.session.via}`, expiry(status.data.session.expiresAt)].filter(Boolean).join(' · ')}
          />
          <TokenLine
            testId="token-hub"
            label="Hub token"
            present={status.data.hub.present}
            detail={status.data.hub.present ? expiry(status.data.hub.expiresAt) || 'From your Hub sign-in' : 'Hub sign-in is not in use'}
          />
          <Typography variant="caption" color="text.secondary">
            For troubleshooting only. Token values are never shown.
          </Typography>
        </Stack>
      )}
    </SectionCard>
  );
}

function TokenLine({ label, present, detail, testId }: { label: string; present: boolean; detail?: string; testId: string }) {
  return (
    <Box data-testid={testId}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="body2" sx={{ fontWeight: 600, flexGrow: 1 }}>
          {label}
        </Typography>
        <SoftChip label={present ? '✓ Present' : '✗ Not present'} tone={present ? 'success' : 'default'} />
      </Stack>
      {detail && (
        <Typography variant="caption" color="text.secondary" component="p">
          {detail}
        </Typography>
      )}
    </Box>
  );
}
