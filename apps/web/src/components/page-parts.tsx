import { Box, Card, CardContent, CircularProgress, List, ListItem, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { fp } from '@familyos/contracts/rules';
import { ago } from '../lib/dates';
import { statusOf } from '../lib/task-model';
import type { Task, User } from '../lib/types';
import { TaskStatusChip } from './TaskStatusChip';

/** A big number with its label: the stat tiles of the activity and profile pages. */
export function StatTile({ label, value, emoji, testId }: { label: string; value: ReactNode; emoji: string; testId?: string }) {
  return (
    <Card data-testid={testId} sx={{ height: '100%' }}>
      <CardContent sx={{ textAlign: 'center', p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
        <Typography aria-hidden sx={{ fontSize: { xs: 24, sm: 28 }, lineHeight: 1.2 }}>
          {emoji}
        </Typography>
        <Typography sx={{ fontSize: { xs: 22, sm: 26 }, fontWeight: 800, lineHeight: 1.3, whiteSpace: 'nowrap' }}>{value}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
      </CardContent>
    </Card>
  );
}

export function InlineLoading({ label }: { label: string }) {
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 2, color: 'text.secondary' }}>
      <CircularProgress size={20} aria-label={label} />
      <Typography variant="body2">Loading…</Typography>
    </Box>
  );
}

/** A compact list of tasks: title, (assignee), points, when, status. */
export function TaskSummaryList({ tasks, users = [], showAssignee = false, when, empty, testId }: {
  tasks: Task[];
  users?: User[];
  showAssignee?: boolean;
  /** Which time to show: when it was reviewed (approved/rejected lists) or created. */
  when: 'reviewed' | 'created';
  empty: string;
  testId?: string;
}) {
  if (tasks.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        {empty}
      </Typography>
    );
  }
  const byId = new Map(users.map((u) => [u.id, u]));
  return (
    <List disablePadding data-testid={testId}>
      {tasks.map((task, index) => {
        // The child the task credited, else everyone it is assigned to.
        const who = (task.creditedTo ? [task.creditedTo] : task.assignedTo).map((id) => byId.get(id)?.name).filter(Boolean).join(', ');
        const time = when === 'reviewed' ? (task.reviewedAt ?? task.updatedAt) : task.createdAt;
        const details = [showAssignee ? who || 'Unassigned' : null, ago(time)].filter(Boolean).join(' · ');
        return (
          <ListItem key={task.id} disableGutters divider={index < tasks.length - 1} sx={{ gap: 1.5, py: 1.25 }}>
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{task.title}</Typography>
              <Typography variant="body2" color="text.secondary">
                {details}
              </Typography>
            </Box>
            <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.5, flexShrink: 0 }}>
              <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>{fp(task.pointsValue)}</Typography>
              <TaskStatusChip status={statusOf(task)} />
            </Box>
          </ListItem>
        );
      })}
    </List>
  );
}

export { h1Sx } from './heading';
