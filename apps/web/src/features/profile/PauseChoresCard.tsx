import { Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, Stack, TextField, Typography } from '@mui/material';
import { DateTime } from 'luxon';
import { useId, useState, type FormEvent } from 'react';
import { useEndPause, usePauseChild } from '../../api/pauses';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { listSx, SectionCard } from '../../components/SectionCard';
import { ApiError, failureMessage } from '../../lib/api';
import { fieldErrors } from '../../lib/forms';
import { useOneSubmission } from '../../lib/submission';
import { useToast } from '../../lib/toast';
import type { MemberPause, User } from '../../lib/types';

/** What a pause does, said the same way wherever a parent pauses a child. */
const WHAT_IT_DOES = 'No chores, no penalties, streaks frozen.';
const REASONS = ['Vacation', 'Sick', 'Visiting family', 'School trip'];

const day = (d: string) => DateTime.fromISO(d).toFormat('ccc, LLL d');

/**
 * A parent pauses a child's repeating chores for a while (vacation, sick): the pauses current and to come, as the
 * server answers them, each with "End pause", and "Pause chores" to add one. Shown where the server's `can` allows.
 */
export function PauseChoresCard({ child }: { child: User }) {
  const [adding, setAdding] = useState(false);
  const [ending, setEnding] = useState<MemberPause | null>(null);
  const end = useEndPause(child.id);
  const toast = useToast();

  async function confirmEnd() {
    if (!ending) return;
    try {
      await end.mutateAsync(ending.id);
      toast({ title: 'Pause Ended', description: `${child.name}'s chores start again from today.` });
      setEnding(null);
    } catch (error) {
      toast({ title: 'Error', description: failureMessage(error, 'Failed to end the pause. Please try again.'), variant: 'destructive' });
    }
  }

  return (
    <SectionCard
      variant="page"
      title="Pause Chores"
      emoji="🏖️"
      testId="pause-chores"
      action={
        <Button variant="outlined" size="small" onClick={() => setAdding(true)}>
          Pause chores
        </Button>
      }
    >
      <Typography color="text.secondary" sx={{ mb: child.pauses.length ? 1.5 : 0 }}>
        For a vacation or a sick day: {WHAT_IT_DOES}
      </Typography>
      {child.pauses.length > 0 && (
        <List disablePadding sx={listSx} aria-label="Pauses">
          {child.pauses.map((p) => (
            <ListItem key={p.id} disableGutters divider data-testid="pause" sx={{ gap: 1.5, flexWrap: 'wrap' }}>
              <Box sx={{ flex: '1 1 180px', minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{p.reason}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {p.fromDay === p.untilDay ? day(p.fromDay) : `${day(p.fromDay)} – ${day(p.untilDay)}`}
                </Typography>
              </Box>
              <Button size="small" color="warning" variant="outlined" onClick={() => setEnding(p)} aria-label={`End pause: ${p.reason}`}>
                End pause
              </Button>
            </ListItem>
          ))}
        </List>
      )}
      {adding && <PauseDialog child={child} onClose={() => setAdding(false)} />}
      <ConfirmDialog
        open={ending !== null}
        title={`End ${child.name}'s pause?`}
        confirmLabel="End pause"
        busyLabel="Ending..."
        busy={end.isPending}
        onConfirm={() => void confirmEnd()}
        onCancel={() => setEnding(null)}
      >
        {child.name}'s chores start again from today. A pause that has not begun yet is cancelled.
      </ConfirmDialog>
    </SectionCard>
  );
}

type Field = 'fromDay' | 'untilDay' | 'reason';

function PauseDialog({ child, onClose }: { child: User; onClose: () => void }) {
  const id = useId();
  const today = DateTime.now().toISODate()!;
  const [form, setForm] = useState<Record<Field, string>>({ fromDay: today, untilDay: DateTime.now().plus({ days: 6 }).toISODate()!, reason: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const pause = usePauseChild(child.id);
  const toast = useToast();
  const set = (field: Field, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = useOneSubmission(async (_event?: FormEvent) => {
    try {
      await pause.mutateAsync({ ...form, reason: form.reason.trim() });
      toast({ title: 'Chores Paused', description: `${child.name}: ${WHAT_IT_DOES}` });
      onClose();
    } catch (error) {
      const found = error instanceof ApiError ? fieldErrors<Field>(error.details, { fields: ['fromDay', 'untilDay', 'reason'] }) : {};
      if (Object.keys(found).length > 0) setErrors(found);
      else toast({ title: 'Error', description: failureMessage(error, 'Failed to pause the chores. Please try again.'), variant: 'destructive' });
    }
  });

  return (
    <Dialog open onClose={pause.isPending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby={`${id}-title`}>
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id={`${id}-title`} sx={{ fontWeight: 700 }}>
          Pause {child.name}'s chores
        </DialogTitle>
        <DialogContent>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {WHAT_IT_DOES} Turns pass to the other children meanwhile.
          </Typography>
          <Stack spacing={2}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label="From"
                type="date"
                value={form.fromDay}
                onChange={(e) => set('fromDay', e.target.value)}
                error={Boolean(errors.fromDay)}
                helperText={errors.fromDay}
                required
                fullWidth
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <TextField
                label="Until"
                type="date"
                value={form.untilDay}
                onChange={(e) => set('untilDay', e.target.value)}
                error={Boolean(errors.untilDay)}
                helperText={errors.untilDay ?? 'The last day off'}
                required
                fullWidth
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </Stack>
            <TextField
              label="Reason"
              value={form.reason}
              onChange={(e) => set('reason', e.target.value)}
              error={Boolean(errors.reason)}
              helperText={errors.reason}
              required
              fullWidth
            />
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} role="group" aria-label="Quick reasons">
              {REASONS.map((r) => (
                <Chip key={r} label={r} onClick={() => set('reason', r)} variant={form.reason === r ? 'filled' : 'outlined'} color={form.reason === r ? 'primary' : 'default'} />
              ))}
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pause.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={pause.isPending}>
            {pause.isPending ? 'Pausing...' : 'Pause chores'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
