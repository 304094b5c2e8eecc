import {
  Box,
  Link as MuiLink,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Skeleton,
  Slider,
  Stack,
  Typography,
} from '@mui/material';
import { limits, signedFp, fp } from '@familyos/contracts/rules';
import { useState, type ReactNode } from 'react';
import { useRedemptions, useReviewRedemption } from '../../api/redemptions';
import { useStandings } from '../../api/standings';
import { useTasks } from '../../api/tasks';
import { EmptyState } from '../../components/EmptyState';
import { QueryCard } from '../../components/QueryCard';
import { SoftChip } from '../../components/SoftChip';
import { UserAvatar } from '../../components/UserAvatar';
import { failureMessage } from '../../lib/api';
import { ago } from '../../lib/dates';
import { REQUEST_TYPE_LABEL } from '../../lib/task-model';
import { useToast } from '../../lib/toast';
import type { Redemption, Task, User } from '../../lib/types';
import { useTaskActions } from './useTaskActions';

type Members = Map<string, User>;

/** The child a review is about: whom approving credits (the server says), else the child who asked. */
const childOf = (task: Task, members: Members) => members.get(task.approvalCreditsTo ?? task.createdBy);
const nameOf = (user: User | undefined) => user?.name ?? 'A child';

/** One item awaiting a decision: what, who, when, and the buttons (beside the details when there is room). */
function ReviewItem({ title, who, meta, points, actions, testId }: { title: ReactNode; who: User | undefined; meta: ReactNode; points: ReactNode; actions: ReactNode; testId: string }) {
  return (
    <Box component="li" data-testid={testId} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5, listStyle: 'none' }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        {who ? <UserAvatar user={who} size={40} /> : null}
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
            <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{title}</Typography>
            <Box sx={{ flexShrink: 0 }}>{points}</Box>
          </Stack>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 1.25, mt: 0.5 }}>
            <Typography variant="body2" color="text.secondary" component="div" sx={{ flex: '1 1 auto', display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75 }}>
              {meta}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ ml: 'auto' }}>
              {actions}
            </Stack>
          </Box>
        </Box>
      </Stack>
    </Box>
  );
}

const pointsChip = (amount: number) => <SoftChip tone={amount >= 0 ? 'success' : 'error'} label={signedFp(amount)} />;

const reviewListSx = { m: 0, p: 0, display: 'grid', gap: 1.25 } as const;

function Loading() {
  return (
    <Stack spacing={1}>
      <Skeleton variant="rounded" height={96} />
    </Stack>
  );
}

/* ───────────────────────── Child Requests ───────────────────────── */

/**
 * SPEC §2: tasks a child asked for (want to do / already did), waiting for a parent, each approved (score 10)
 * or rejected in one click; on the dashboard and on the tasks page. `onOpen` makes a title open the task.
 */
export function ChildRequestsPanel({ members, onOpen }: { members: Members; onOpen?: (task: Task) => void }) {
  const tasks = useTasks();
  // A request to skip a chore's occurrence is a child's request too (issue 26): answered here like the others.
  const requests = (tasks.data ?? []).filter((t) => t.requestAwaitingReview || (t.skipRequest !== null && (t.can.approveSkip || t.can.declineSkip)));
  return (
    <QueryCard
      title="Child Requests"
      emoji="🙋"
      count={requests.length}
      testId="child-requests"
      query={tasks}
      pending={<Loading />}
      empty={<EmptyState emoji="👍">No requests from the children right now.</EmptyState>}
      isEmpty={() => requests.length === 0}
    >
      {() => (
        <Box component="ul" sx={reviewListSx}>
          {requests.map((task) =>
            task.skipRequest ? (
              <SkipRequestItem key={task.id} task={task} child={members.get(task.skipRequest.by)} />
            ) : (
              <ChildRequestItem key={task.id} task={task} child={childOf(task, members)} onOpen={onOpen} />
            ),
          )}
        </Box>
      )}
    </QueryCard>
  );
}

function ChildRequestItem({ task, child, onOpen }: { task: Task; child: User | undefined; onOpen?: (task: Task) => void }) {
  const actions = useTaskActions();
  const [doing, setDoing] = useState<'approve' | 'reject' | null>(null);

  async function decide(kind: 'approve' | 'reject') {
    setDoing(kind);
    await (kind === 'approve' ? actions.approve(task) : actions.reject(task));
    setDoing(null);
  }

  const requestType = task.requestType ?? 'want_to_do';
  return (
    <ReviewItem
      testId="child-request"
      title={
        onOpen ? (
          <MuiLink
            component="button"
            type="button"
            onClick={() => onOpen(task)}
            underline="hover"
            aria-haspopup="dialog"
            sx={{ fontWeight: 700, color: 'text.primary', textAlign: 'left', fontSize: '1rem', overflowWrap: 'anywhere', verticalAlign: 'baseline' }}
          >
            {task.title}
          </MuiLink>
        ) : (
          task.title
        )
      }
      who={child}
      points={pointsChip(task.pointsValue)}
      meta={
        <>
          <span>{nameOf(child)}</span>
          <SoftChip label={REQUEST_TYPE_LABEL[requestType]} tone={requestType === 'already_did' ? 'info' : 'warning'} />
          <span>{ago(task.createdAt)}</span>
        </>
      }
      actions={
        <>
          {task.can.reject && (
            <Button variant="outlined" color="error" size="small" disabled={actions.pending} onClick={() => void decide('reject')} aria-label={`Reject ${task.title}`}>
              {doing === 'reject' ? 'Rejecting...' : 'Reject'}
            </Button>
          )}
          {task.can.approve && (
            <Button variant="contained" color="success" size="small" disabled={actions.pending} onClick={() => void decide('approve')} aria-label={`Approve ${task.title}`}>
              {doing === 'approve' ? 'Approving...' : 'Approve'}
            </Button>
          )}
        </>
      }
    />
  );
}

/** A child's request to skip today's occurrence of a chore, with its reason: Allow skip or Keep it. */
function SkipRequestItem({ task, child }: { task: Task; child: User | undefined }) {
  const actions = useTaskActions();
  const [doing, setDoing] = useState<'approve' | 'decline' | null>(null);
  const reason = task.skipRequest?.reason ?? '';

  async function answer(kind: 'approve' | 'decline') {
    setDoing(kind);
    await actions.answerSkip(task, kind, nameOf(child));
    setDoing(null);
  }

  return (
    <ReviewItem
      testId="skip-request"
      title={task.title}
      who={child}
      points={pointsChip(task.pointsValue)}
      meta={
        <>
          <span>{nameOf(child)}</span>
          <SoftChip label="⏭️ Asks to skip" tone="info" />
          <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
            “{reason}”
          </Box>
        </>
      }
      actions={
        <>
          {task.can.declineSkip && (
            <Button variant="outlined" size="small" disabled={actions.pending} onClick={() => void answer('decline')} aria-label={`Keep ${task.title} for ${nameOf(child)}`}>
              {doing === 'decline' ? 'Keeping...' : 'Keep it'}
            </Button>
          )}
          {task.can.approveSkip && (
            <Button variant="contained" color="success" size="small" disabled={actions.pending} onClick={() => void answer('approve')} aria-label={`Allow ${nameOf(child)} to skip ${task.title}`}>
              {doing === 'approve' ? 'Allowing...' : 'Allow skip'}
            </Button>
          )}
        </>
      }
    />
  );
}

/* ───────────────────────── Tasks Awaiting Approval ───────────────────────── */

/** SPEC §2: submitted tasks; Approve asks for a score (0-10, default 10), Reject rejects. */
export function AwaitingApprovalPanel({ members }: { members: Members }) {
  const tasks = useTasks();
  const [approving, setApproving] = useState<Task | null>(null);
  const submitted = (tasks.data ?? [])
    .filter((t) => t.status === 'submitted')
    .sort((a, b) => (a.submittedAt ?? a.updatedAt).localeCompare(b.submittedAt ?? b.updatedAt));
  return (
    <QueryCard
      title="Tasks Awaiting Approval"
      emoji="✅"
      count={submitted.length}
      testId="awaiting-approval"
      query={tasks}
      pending={<Loading />}
      empty={<EmptyState emoji="☕">Nothing to review. All submitted tasks are done!</EmptyState>}
      isEmpty={() => submitted.length === 0}
      after={<ApproveTaskDialog task={approving} child={approving ? childOf(approving, members) : undefined} onClose={() => setApproving(null)} />}
    >
      {() => (
        <Box component="ul" sx={reviewListSx}>
          {submitted.map((task) => (
            <SubmittedItem key={task.id} task={task} child={childOf(task, members)} onApprove={() => setApproving(task)} />
          ))}
        </Box>
      )}
    </QueryCard>
  );
}

function SubmittedItem({ task, child, onApprove }: { task: Task; child: User | undefined; onApprove: () => void }) {
  const actions = useTaskActions();
  return (
    <ReviewItem
      testId="submitted-task"
      title={task.title}
      who={child}
      points={pointsChip(task.pointsValue)}
      meta={
        <>
          <span>{nameOf(child)}</span>
          <span aria-hidden>·</span>
          <span>submitted {ago(task.submittedAt ?? task.updatedAt)}</span>
        </>
      }
      actions={
        <>
          {task.can.reject && (
            <Button variant="outlined" color="error" size="small" disabled={actions.pending} onClick={() => void actions.reject(task)} aria-label={`Reject ${task.title}`}>
              {actions.pending ? 'Rejecting...' : 'Reject'}
            </Button>
          )}
          {task.can.approve && (
            <Button variant="contained" color="success" size="small" disabled={actions.pending} onClick={onApprove} aria-label={`Approve ${task.title}`}>
              Approve
            </Button>
          )}
        </>
      }
    />
  );
}

const scoreMarks = [0, 5, 10].map((value) => ({ value, label: String(value) }));

/** Approve with a score from 0 to 10 (default 10), shown as "score/10" (SPEC §4, §9). */
function ApproveTaskDialog({ task, child, onClose }: { task: Task | null; child: User | undefined; onClose: () => void }) {
  return (
    <Dialog open={task !== null} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="approve-task-title">
      {task && <ApproveTaskForm task={task} child={child} onClose={onClose} />}
    </Dialog>
  );
}

function ApproveTaskForm({ task, child, onClose }: { task: Task; child: User | undefined; onClose: () => void }) {
  const actions = useTaskActions();
  const [score, setScore] = useState<number>(limits.task.defaultScore);

  async function approve() {
    if (await actions.approve(task, score)) onClose();
  }

  return (
    <>
      <DialogTitle id="approve-task-title" sx={{ fontWeight: 700 }}>
        Approve Task
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          “{task.title}” by {nameOf(child)}. {signedFp(task.pointsValue)} will be credited to {nameOf(child)}.
        </DialogContentText>
        <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between' }}>
          <Typography id="score-label" sx={{ fontWeight: 600 }}>
            How well was it done?
          </Typography>
          <Typography sx={{ fontWeight: 800, fontSize: 22 }} data-testid="score-value" aria-live="polite">
            {score}/10
          </Typography>
        </Stack>
        <Box sx={{ px: 1, pt: 1 }}>
          <Slider
            value={score}
            min={limits.task.scoreMin}
            max={limits.task.scoreMax}
            step={1}
            marks={scoreMarks}
            onChange={(_e, value) => setScore(value as number)}
            valueLabelDisplay="auto"
            getAriaValueText={(v) => `${v}/10`}
            aria-labelledby="score-label"
            disabled={actions.pending}
          />
        </Box>
      </DialogContent>
      <DialogActions disableSpacing sx={{ px: 3, pb: 2.5, gap: 1 }}>
        <Button onClick={onClose} disabled={actions.pending}>
          Cancel
        </Button>
        <Button variant="contained" color="success" onClick={() => void approve()} disabled={actions.pending}>
          {actions.pending ? 'Approving...' : `Approve with ${score}/10`}
        </Button>
      </DialogActions>
    </>
  );
}

/* ───────────────────────── Redemption Requests ───────────────────────── */

/** SPEC §2: pending redemptions; a confirm prompt, then Approve or Reject. */
export function RedemptionRequestsPanel({ members }: { members: Members }) {
  const redemptions = useRedemptions();
  const standings = useStandings();
  const [reviewing, setReviewing] = useState<{ redemption: Redemption; intent: 'approve' | 'reject' } | null>(null);
  const pending = (redemptions.data ?? []).filter((r) => r.status === 'pending').sort((a, b) => a.requestedAt.localeCompare(b.requestedAt));
  return (
    <QueryCard
      title="Redemption Requests"
      emoji="🎁"
      count={pending.length}
      testId="redemption-requests"
      query={redemptions}
      pending={<Loading />}
      empty={<EmptyState emoji="🛍️">No reward requests waiting.</EmptyState>}
      isEmpty={() => pending.length === 0}
      after={
        <Dialog open={reviewing !== null} onClose={() => setReviewing(null)} fullWidth maxWidth="xs" aria-labelledby="redemption-confirm-title" aria-describedby="redemption-confirm-text">
          {reviewing && (
            <RedemptionConfirm
              redemption={reviewing.redemption}
              intent={reviewing.intent}
              child={members.get(reviewing.redemption.userId)}
              balance={standings.data?.children.find((c) => c.userId === reviewing.redemption.userId)?.balance}
              onClose={() => setReviewing(null)}
            />
          )}
        </Dialog>
      }
    >
      {() => (
        <Box component="ul" sx={reviewListSx}>
          {pending.map((r) => {
            const child = members.get(r.userId);
            return (
              <ReviewItem
                key={r.id}
                testId="redemption-request"
                title={
                  <>
                    <Box component="span" aria-hidden sx={{ mr: 0.75 }}>
                      {r.emoji || '🎁'}
                    </Box>
                    {r.option}
                  </>
                }
                who={child}
                points={<SoftChip tone="secondary" label={fp(r.cost)} />}
                meta={
                  <>
                    <span>{nameOf(child)}</span>
                    <span aria-hidden>·</span>
                    <span>requested {ago(r.requestedAt)}</span>
                  </>
                }
                actions={
                  <>
                    {r.can.reject && (
                      <Button variant="outlined" color="error" size="small" onClick={() => setReviewing({ redemption: r, intent: 'reject' })} aria-label={`Reject ${nameOf(child)}'s request for ${r.option}`}>
                        Reject
                      </Button>
                    )}
                    {r.can.approve && (
                      <Button variant="contained" color="success" size="small" onClick={() => setReviewing({ redemption: r, intent: 'approve' })} aria-label={`Approve ${nameOf(child)}'s request for ${r.option}`}>
                        Approve
                      </Button>
                    )}
                  </>
                }
              />
            );
          })}
        </Box>
      )}
    </QueryCard>
  );
}

function RedemptionConfirm({
  redemption,
  intent,
  child,
  balance,
  onClose,
}: {
  redemption: Redemption;
  intent: 'approve' | 'reject';
  child: User | undefined;
  balance: number | undefined;
  onClose: () => void;
}) {
  const decide = useReviewRedemption();
  const toast = useToast();
  const [doing, setDoing] = useState<'approved' | 'rejected' | null>(null);
  const name = nameOf(child);

  async function run(status: 'approved' | 'rejected') {
    setDoing(status);
    try {
      await decide.mutateAsync({ id: redemption.id, status });
      toast(
        status === 'approved'
          ? { title: 'Redemption Approved', description: `${name}'s request for ${redemption.option} was approved (-${redemption.cost} FP).` }
          : { title: 'Redemption Rejected', description: `${name}'s request for ${redemption.option} was rejected.` },
      );
      onClose();
    } catch (error) {
      const fallback = status === 'approved' ? 'Failed to approve redemption. Please try again.' : 'Failed to reject redemption. Please try again.';
      toast({ title: 'Error', description: failureMessage(error, fallback), variant: 'destructive' });
    } finally {
      setDoing(null);
    }
  }

  const question = `${intent === 'approve' ? 'Approve' : 'Reject'} ${name}'s request for ${redemption.option} (${redemption.cost} FP)?`;
  return (
    <>
      <DialogTitle id="redemption-confirm-title" sx={{ fontWeight: 700 }}>
        <Box component="span" aria-hidden sx={{ mr: 1 }}>
          {redemption.emoji || '🎁'}
        </Box>
        Redemption Request
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="redemption-confirm-text" sx={{ color: 'text.primary', fontWeight: 600 }}>
          {question}
        </DialogContentText>
        {balance !== undefined && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {name} has {balance} FP{intent === 'approve' ? `; after approval: ${balance - redemption.cost} FP.` : '.'}
          </Typography>
        )}
      </DialogContent>
      <DialogActions disableSpacing sx={{ px: 3, pb: 2.5, gap: 1 }}>
        <Button onClick={onClose} disabled={decide.isPending}>
          Cancel
        </Button>
        {redemption.can.reject && (
          <Button
            variant={intent === 'reject' ? 'contained' : 'outlined'}
            color="error"
            onClick={() => void run('rejected')}
            disabled={decide.isPending}
            autoFocus={intent === 'reject'}
          >
            {doing === 'rejected' ? 'Rejecting...' : 'Reject'}
          </Button>
        )}
        {redemption.can.approve && (
          <Button
            variant={intent === 'approve' ? 'contained' : 'outlined'}
            color="success"
            onClick={() => void run('approved')}
            disabled={decide.isPending}
            autoFocus={intent === 'approve'}
          >
            {doing === 'approved' ? 'Approving...' : 'Approve'}
          </Button>
        )}
      </DialogActions>
    </>
  );
}
