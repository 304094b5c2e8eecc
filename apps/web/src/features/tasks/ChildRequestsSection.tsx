import { Box, Button, Card, CardContent, Chip, Link as MuiLink, Stack, Typography } from '@mui/material';
import { relativeTime } from '../../lib/dates';
import type { Task, User } from '../../lib/types';
import { UserAvatar } from '../members/UserAvatar';
import { pointsText, REQUEST_TYPE_LABEL } from './task-model';

/** SPEC §2: children's pending task requests, each approved (score 10) or rejected in one click. */
export function ChildRequestsSection({
  requests,
  users,
  busyId,
  onApprove,
  onReject,
  onOpen,
}: {
  requests: Task[];
  users: User[];
  busyId: string | undefined;
  onApprove: (task: Task) => void;
  onReject: (task: Task) => void;
  onOpen: (task: Task) => void;
}) {
  return (
    <Card component="section" aria-labelledby="child-requests-heading">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1.5 }}>
          <Typography id="child-requests-heading" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
            🙋 Child Requests
          </Typography>
          {requests.length > 0 && <Chip size="small" color="primary" label={`${requests.length} pending`} />}
        </Stack>
        {requests.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            No requests waiting. When a child asks for a task, it shows up here. ✨
          </Typography>
        ) : (
          <Stack component="ul" sx={{ listStyle: 'none', m: 0, p: 0, gap: 1.5 }}>
            {requests.map((task) => {
              const child = users.find((u) => u.id === task.createdBy) ?? users.find((u) => u.id === task.assignedTo[0]);
              const busy = busyId === task.id;
              return (
                <Box
                  component="li"
                  key={task.id}
                  data-testid="child-request"
                  sx={{
                    border: 1,
                    borderColor: 'divider',
                    borderRadius: 2,
                    p: 1.5,
                    display: 'flex',
                    flexDirection: { xs: 'column', sm: 'row' },
                    alignItems: { sm: 'center' },
                    gap: 1.5,
                  }}
                >
                  <Stack direction="row" sx={{ gap: 1.5, alignItems: 'flex-start', flexGrow: 1, minWidth: 0 }}>
                    {child && <UserAvatar user={child} size={40} />}
                    <Box sx={{ minWidth: 0 }}>
                      <MuiLink
                        component="button"
                        type="button"
                        onClick={() => onOpen(task)}
                        underline="hover"
                        aria-haspopup="dialog"
                        sx={{ fontWeight: 700, color: 'text.primary', textAlign: 'left', fontSize: '1rem', overflowWrap: 'anywhere' }}
                      >
                        {task.title}
                      </MuiLink>
                      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                        {child?.name ?? 'A child'} · {relativeTime(task.createdAt)}
                      </Typography>
                      <Stack direction="row" sx={{ gap: 0.75, mt: 0.75, flexWrap: 'wrap' }}>
                        {task.requestType && (
                          <Chip
                            size="small"
                            variant="outlined"
                            label={`${task.requestType === 'already_did' ? '🙋' : '💡'} ${REQUEST_TYPE_LABEL[task.requestType]}`}
                          />
                        )}
                        <Chip size="small" variant="outlined" label={pointsText(task.pointsValue)} sx={{ fontWeight: 700 }} />
                      </Stack>
                    </Box>
                  </Stack>
                  <Stack direction="row" sx={{ gap: 1, flexShrink: 0, '& > *': { flex: { xs: 1, sm: 'none' } } }}>
                    <Button variant="outlined" color="error" disabled={busy} onClick={() => onReject(task)} aria-label={`Reject ${task.title}`}>
                      Reject
                    </Button>
                    <Button variant="contained" color="success" disabled={busy} onClick={() => onApprove(task)} aria-label={`Approve ${task.title}`}>
                      Approve
                    </Button>
                  </Stack>
                </Box>
              );
            })}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
