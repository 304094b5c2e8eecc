import { signedFp } from '@familyos/contracts/rules';
import { Box, Button, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { failureMessage } from '../../lib/api';
import { useToast } from '../../lib/toast';
import type { Chore, User } from '../../lib/types';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { QueryCard } from '../../components/QueryCard';
import { SoftChip, type Tone } from '../../components/SoftChip';
import { useChores, useChoreStep, type ChoreStep } from './api';
import { plannedText } from './chore-form';

// The form and its date pickers load when a chore is first edited, not with the Tasks page (decision 061).
const EditChoreDialog = lazy(() => import('./EditChoreDialog').then((m) => ({ default: m.EditChoreDialog })));

const STATUS: Record<Chore['status'], { label: string; tone: Tone }> = {
  active: { label: 'Active', tone: 'success' },
  paused: { label: 'Paused', tone: 'warning' },
  ended: { label: 'Ended', tone: 'default' },
};

const STEP_TOAST: Record<ChoreStep, string> = { pause: 'Chore Paused', resume: 'Chore Resumed', end: 'Chore Ended' };

function ChoreRow({ chore, users, busy, onEdit, onStep }: { chore: Chore; users: User[]; busy: boolean; onEdit: () => void; onStep: (step: ChoreStep) => void }) {
  const nameOf = (id: string) => users.find((u) => u.id === id)?.name ?? 'someone';
  const next = chore.upcomingPlanned.slice(0, 3);
  const status = STATUS[chore.status];
  return (
    <Box component="li" sx={{ py: 1.5, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0, pt: 0 } }} data-testid="chore-row">
      <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {chore.title}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="chore-summary">
            {chore.summary}
          </Typography>
        </Box>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexShrink: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
            {signedFp(chore.pointsValue)}
          </Typography>
          <SoftChip label={status.label} tone={status.tone} testId="chore-status" />
        </Stack>
      </Stack>
      {next.length > 0 && (
        <Typography variant="body2" sx={{ mt: 0.75 }} data-testid="chore-next">
          <Box component="span" sx={{ fontWeight: 600 }}>
            Next:
          </Box>{' '}
          {next.map((p) => plannedText(p, nameOf)).join(', ')}
        </Typography>
      )}
      {(chore.can.edit || chore.can.pause || chore.can.resume || chore.can.end) && (
        <Stack direction="row" sx={{ gap: 1, mt: 1, flexWrap: 'wrap' }}>
          {chore.can.edit && (
            <Button size="small" variant="outlined" onClick={onEdit} disabled={busy} aria-label={`Edit ${chore.title}`}>
              Edit
            </Button>
          )}
          {chore.can.pause && (
            <Button size="small" variant="outlined" onClick={() => onStep('pause')} disabled={busy} aria-label={`Pause ${chore.title}`}>
              Pause
            </Button>
          )}
          {chore.can.resume && (
            <Button size="small" variant="outlined" onClick={() => onStep('resume')} disabled={busy} aria-label={`Resume ${chore.title}`}>
              Resume
            </Button>
          )}
          {chore.can.end && (
            <Button size="small" color="error" onClick={() => onStep('end')} disabled={busy} aria-label={`End ${chore.title}`}>
              End
            </Button>
          )}
        </Stack>
      )}
    </Box>
  );
}

/**
 * The family's repeating chores (GET /api/chores) for parents: what each says in plain words, its next turns
 * as planned now, and Edit, Pause or Resume and End as the chore's `can` allows. Ending asks first.
 */
export function RepeatingChoresCard({ users }: { users: User[] }) {
  const chores = useChores();
  const step = useChoreStep();
  const toast = useToast();
  const [editing, setEditing] = useState<Chore | null>(null);
  const [ending, setEnding] = useState<Chore | null>(null);
  const busyId = step.isPending ? step.variables.id : undefined;

  const run = async (chore: Chore, which: ChoreStep) => {
    try {
      await step.mutateAsync({ id: chore.id, step: which });
      toast({ title: STEP_TOAST[which], description: `“${chore.title}”` });
      return true;
    } catch (error) {
      toast({ title: 'Error', description: failureMessage(error, 'Could not change the chore. Please try again.'), variant: 'destructive' });
      return false;
    }
  };

  return (
    <QueryCard
      query={chores}
      title="Repeating chores"
      emoji="🔁"
      testId="repeating-chores"
      variant="page"
      empty={
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No repeating chores yet. Create a task and pick how often it repeats.
        </Typography>
      }
      isEmpty={(list) => list.length === 0}
      after={
        <>
          {editing && (
            <Suspense fallback={null}>
              <EditChoreDialog key={editing.id} chore={editing} onClose={() => setEditing(null)} />
            </Suspense>
          )}
          <ConfirmDialog
            open={ending !== null}
            title={`End “${ending?.title ?? ''}”?`}
            confirmLabel="End chore"
            busyLabel="Ending…"
            busy={step.isPending}
            onConfirm={() => ending && void run(ending, 'end').then((ok) => ok && setEnding(null))}
            onCancel={() => setEnding(null)}
          >
            It stops repeating for good. Tasks already made stay as they are.
          </ConfirmDialog>
        </>
      }
    >
      {(list) => (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {list.map((chore) => (
            <ChoreRow
              key={chore.id}
              chore={chore}
              users={users}
              busy={busyId === chore.id}
              onEdit={() => setEditing(chore)}
              onStep={(which) => (which === 'end' ? setEnding(chore) : void run(chore, which))}
            />
          ))}
        </Box>
      )}
    </QueryCard>
  );
}
