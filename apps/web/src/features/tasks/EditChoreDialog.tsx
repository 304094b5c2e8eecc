import { limits } from '@familyos/contracts/rules';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField, useMediaQuery, useTheme } from '@mui/material';
import { DateTime } from 'luxon';
import { useState, type FormEvent } from 'react';
import { ApiError, failureMessage } from '../../lib/api';
import { fieldErrors } from '../../lib/forms';
import { useOneSubmission } from '../../lib/submission';
import { useToast } from '../../lib/toast';
import type { Chore } from '../../lib/types';
import { useFamily } from '../../api/family';
import { useAssignees } from '../../api/members';
import { useEditChore } from './api';
import { choreBody, choreChanges, REPEAT_LABEL, scheduleFormOf, type RepeatChoice, type ScheduleForm } from './chore-form';
import { ChoreScheduleFields, type ScheduleErrors, type ScheduleField } from './ChoreScheduleFields';

type Field = 'title' | 'description' | 'pointsValue';
const OWN_FIELDS: readonly string[] = ['title', 'description', 'pointsValue'];
const REPEATS = (Object.keys(REPEAT_LABEL) as RepeatChoice[]).filter((r): r is ScheduleForm['repeat'] => r !== 'none');

/**
 * Edit a repeating chore: the create form's fields, filled in; saving PATCHes only what changed, which applies
 * to the occurrences not created yet. The toast says the chore's summary as the server now words it.
 */
export function EditChoreDialog({ chore, onClose }: { chore: Chore; onClose: () => void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const toast = useToast();
  const edit = useEditChore();
  const children = useAssignees();
  const family = useFamily();
  const [title, setTitle] = useState(chore.title);
  const [description, setDescription] = useState(chore.description);
  const [points, setPoints] = useState(String(chore.pointsValue));
  const [form, setForm] = useState<ScheduleForm>(() => scheduleFormOf(chore));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [scheduleErrors, setScheduleErrors] = useState<ScheduleErrors>({});

  const today = DateTime.now().setZone(family.data?.timeZone ?? 'system').toISODate()!;
  // A start day already past stays as it is; a new one may not be before today (the server says so too).
  const earliestStart = chore.schedule.startDay < today ? chore.schedule.startDay : today;

  const change = (next: Partial<ScheduleForm>) => {
    setForm((f) => ({ ...f, ...next }));
    setScheduleErrors((e) => {
      const kept = { ...e };
      for (const key of Object.keys(next)) delete kept[key as ScheduleField];
      return kept;
    });
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const pointsValue = points.trim() === '' ? Number.NaN : Number(points);
    const changes = choreChanges(chore, choreBody({ title: title.trim(), description: description.trim(), pointsValue }, form));
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    try {
      const saved = await edit.mutateAsync({ id: chore.id, changes });
      toast({ title: 'Chore Updated', description: `“${saved.title}”: ${saved.summary}.` });
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.details.length > 0) {
        const found = fieldErrors<string>(error.details) as Record<string, string>;
        setErrors(Object.fromEntries(Object.entries(found).filter(([k]) => OWN_FIELDS.includes(k))));
        setScheduleErrors(Object.fromEntries(Object.entries(found).filter(([k]) => !OWN_FIELDS.includes(k))) as ScheduleErrors);
      }
      toast({ title: 'Error', description: failureMessage(error, 'Failed to update the chore. Please try again.'), variant: 'destructive' });
    }
  };
  const onSubmit = useOneSubmission(submit);

  return (
    <Dialog open onClose={edit.isPending ? undefined : onClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby="chore-form-title">
      <Box component="form" onSubmit={onSubmit} noValidate sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}>
        <DialogTitle id="chore-form-title" sx={{ fontWeight: 700 }}>
          🔁 Edit chore
        </DialogTitle>
        <DialogContent dividers>
          <Stack sx={{ gap: 2.5 }}>
            <Alert severity="info">Changes apply to occurrences not created yet; tasks already made stay as they are.</Alert>
            <TextField
              label="Title"
              required
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              error={Boolean(errors.title)}
              helperText={errors.title ?? `${title.length}/${limits.task.titleMax}`}
            />
            <TextField
              label="Description"
              multiline
              minRows={2}
              maxRows={6}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              error={Boolean(errors.description)}
              helperText={errors.description ?? `Optional · ${description.length}/${limits.task.descriptionMax}`}
            />
            <TextField
              label="Points (FP)"
              type="number"
              value={points}
              onChange={(e) => setPoints(e.target.value)}
              error={Boolean(errors.pointsValue)}
              helperText={errors.pointsValue ?? `${limits.task.pointsMin} to ${limits.task.pointsMax}; below zero deducts points.`}
              slotProps={{ htmlInput: { min: limits.task.pointsMin, max: limits.task.pointsMax, step: 1, inputMode: 'numeric' } }}
            />
            <TextField
              select
              label="Repeats"
              value={form.repeat}
              onChange={(e) => change({ repeat: e.target.value as ScheduleForm['repeat'] })}
              error={Boolean(scheduleErrors.repeat)}
              helperText={scheduleErrors.repeat}
            >
              {REPEATS.map((r) => (
                <MenuItem key={r} value={r}>
                  {REPEAT_LABEL[r]}
                </MenuItem>
              ))}
            </TextField>
            <ChoreScheduleFields form={form} onChange={change} errors={scheduleErrors} children={children.data ?? []} earliestStart={earliestStart} />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose} disabled={edit.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={edit.isPending}>
            {edit.isPending ? 'Saving…' : 'Save Changes'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
