import { fp, signedFp } from '@familyos/contracts/rules';
import { Alert, Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { usePageTitle } from '../../lib/page-title';
import type { ChildStanding, Me, Task, User } from '../../lib/types';
import { useMe } from '../../lib/session';
import { useUsers } from '../../api/members';
import { UserAvatar } from '../../components/UserAvatar';
import { usePointsHistory } from '../../api/points';
import { useStanding, useStandings } from '../../api/standings';
import { useTasks } from '../../api/tasks';
import { SectionCard } from '../../components/SectionCard';
import { h1Sx, InlineLoading, TaskSummaryList } from '../../components/page-parts';
import { newestFirst } from '../../lib/dates';
import { PointsHistory } from '../../components/PointsHistory';
import { ShowMore } from '../../components/ShowMore';

/** The history's page: what showed before "Show more" when the whole history was read at once. */
const HISTORY_PAGE = 15;

/**
 * SPEC §2 Activity: a child sees its own balance, rejected tasks and points history; parents see every
 * child's balance, all rejected tasks and the whole family's points history.
 */
export default function ActivityPage() {
  usePageTitle('Activity');
  const me = useMe();
  // The first page of everyone's (a child: its own) history; History reads the same query, or one child's.
  const { query: points } = usePointsHistory({ limit: HISTORY_PAGE });
  const users = useUsers();
  // The rejected tasks, newest first: a page of them, counted by the server's summary elsewhere.
  const tasks = useTasks({ status: 'rejected', limit: 200 });
  const own = me.abilities.hasBalance;

  const failed = points.isError || users.isError || tasks.isError;
  const loading = points.isPending || users.isPending || tasks.isPending;

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1" sx={h1Sx}>
          📊 Activity
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {own ? 'Your points, your rejected tasks and everything that changed your balance.' : "Every child's balance, rejected tasks and the family's points history."}
        </Typography>
      </Box>

      {failed ? (
        <Alert severity="error" data-testid="activity-error">
          Unable to load activity data
        </Alert>
      ) : loading ? (
        <InlineLoading label="Loading activity" />
      ) : (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 3fr)' }, alignItems: 'start' }}>
          <Stack spacing={3}>
            {own ? <OwnBalance me={me} /> : <ChildrenBalances />}
            <RejectedTasks me={me} tasks={tasks.data} users={users.data} />
          </Stack>
          <History me={me} users={users.data} />
        </Box>
      )}
    </Stack>
  );
}

function OwnBalance({ me }: { me: Me }) {
  const standing = useStanding(me.id);
  return (
    <Card data-testid="activity-balance" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', border: 0 }}>
      <CardContent sx={{ p: 3, '&:last-child': { pb: 3 } }}>
        <Typography component="h2" sx={{ fontWeight: 700, opacity: 0.95 }}>
          ⭐ My Balance
        </Typography>
        <Typography sx={{ fontSize: 40, fontWeight: 800, lineHeight: 1.2, mt: 0.5 }}>
          {standing.isError ? '—' : standing.data ? fp(standing.data.balance) : '…'}
        </Typography>
        <Typography variant="body2" sx={{ opacity: 0.95 }} data-testid="activity-available">
          {standing.data && standing.data.available < 0
            ? `Nothing to spend on rewards yet: ${fp(-standing.data.available)} to earn back first`
            : standing.data && standing.data.pending > 0
              ? `${fp(standing.data.spendable)} to spend on rewards, ${fp(standing.data.pending)} set aside for pending requests`
              : 'Family Points you can spend on rewards'}
        </Typography>
      </CardContent>
    </Card>
  );
}

function ChildrenBalances() {
  const standings = useStandings();
  return (
    <SectionCard variant="page" title="Children's Balances" emoji="⭐" testId="activity-balances">
      {standings.isPending ? (
        <InlineLoading label="Loading balances" />
      ) : standings.isError ? (
        <Typography color="error">Unable to load the balances right now.</Typography>
      ) : standings.data.children.length === 0 ? (
        <Typography color="text.secondary">No children in the family yet. Add one from the Admin panel.</Typography>
      ) : (
        <Stack spacing={1.5}>
          {standings.data.children.map((row) => (
            <BalanceRow key={row.userId} row={row} />
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}

function BalanceRow({ row }: { row: ChildStanding }) {
  return (
    <Box
      data-testid="child-balance"
      sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 1.5, borderRadius: 2, bgcolor: 'action.hover' }}
    >
      <UserAvatar user={{ id: row.userId, username: row.username, name: row.name, avatar: row.avatar }} size={44} />
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 700 }}>{row.name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {`${signedFp(row.thisWeek)} this week · ${row.tasksDone} ${row.tasksDone === 1 ? 'task' : 'tasks'} done`}
        </Typography>
      </Box>
      <Typography sx={{ fontWeight: 800, fontSize: 20, whiteSpace: 'nowrap' }}>{fp(row.balance)}</Typography>
    </Box>
  );
}

function RejectedTasks({ me, tasks, users }: { me: Me; tasks: Task[]; users: User[] }) {
  // The server answers a child only its own tasks; the filter says so again for the reader.
  const rejected = newestFirst(
    tasks.filter((t) => t.status === 'rejected' && (!me.abilities.hasBalance || t.assignedTo.includes(me.id))),
    (t) => t.reviewedAt ?? t.updatedAt,
  );
  return (
    <SectionCard variant="page" title="Rejected Tasks" emoji="🚫" testId="activity-rejected" action={rejected.length > 0 ? <Chip size="small" label={rejected.length} aria-label={`${rejected.length} rejected`} /> : undefined}>
      <TaskSummaryList
        tasks={rejected}
        users={users}
        showAssignee={!me.abilities.hasBalance}
        when="reviewed"
        empty={me.abilities.hasBalance ? 'No rejected tasks. Keep up the great work! 🎉' : 'No rejected tasks. Everyone is doing great! 🎉'}
      />
    </SectionCard>
  );
}

/** The history a page at a time; a parent's chip asks the server for one child's (the server scopes a child to its own). */
function History({ me, users }: { me: Me; users: User[] }) {
  const own = me.abilities.hasBalance;
  const children = users.filter((u) => u.role === 'child');
  const [who, setWho] = useState<string>('all');
  const { query, rows: entries } = usePointsHistory({ userId: own || who === 'all' ? undefined : who, limit: HISTORY_PAGE });
  return (
    <SectionCard variant="page" title="Points History" emoji="📜" testId="activity-history">
      {!own && children.length > 1 && (
        <Stack direction="row" spacing={1} useFlexGap role="group" aria-label="Show the history of" sx={{ flexWrap: 'wrap', mb: 1 }}>
          {[{ id: 'all', name: 'Everyone' }, ...children].map((c) => (
            <Chip
              key={c.id}
              label={c.name}
              clickable
              color={who === c.id ? 'primary' : 'default'}
              variant={who === c.id ? 'filled' : 'outlined'}
              aria-pressed={who === c.id}
              onClick={() => setWho(c.id)}
            />
          ))}
        </Stack>
      )}
      {query.isPending ? (
        <InlineLoading label="Loading points history" />
      ) : query.isError ? (
        <Typography color="error">Unable to load the points history.</Typography>
      ) : (
        <>
          <PointsHistory
            entries={entries}
            users={users}
            showWho={!own}
            issuerNote="name"
            empty={own ? 'No points yet. Complete a task to earn your first Family Points! 💪' : 'No points have been given yet.'}
          />
          <ShowMore query={query} label="Show older points" />
        </>
      )}
    </SectionCard>
  );
}
