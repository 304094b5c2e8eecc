import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import {
  Alert,
  Box,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  IconButton,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTime } from 'luxon';
import { useSettled } from '../../lib/use-settled';
import { limits } from '@familyos/contracts/rules';
import { failureMessage } from '../../lib/api';
import type { User } from '../../lib/types';
import { useFamily } from '../../api/family';
import { UserAvatar } from '../../components/UserAvatar';
import { useChorePreview, type ChoreDraft } from './api';
import { draftOf, plannedText, SHARING_LABEL, WEEKDAY_CHOICES, type ScheduleForm, type SharingChoice } from './chore-form';

/** The chore fields a server refusal may name. */
export type ScheduleField = 'repeat' | 'weekdays' | 'n' | 'dayOfMonth' | 'basis' | 'startDay' | 'dueTime' | 'endDay' | 'sharing' | 'children' | 'missedDeduction';
export type ScheduleErrors = Partial<Record<ScheduleField, string>>;


/**
 * The live preview: the server's own words for the draft (POST /api/chores/preview) and its next turns. The
 * saved chore's summary is the truth; this shows it before saving. A refusal shows the server's message.
 */
function ChorePreviewNote({ form, children }: { form: ScheduleForm; children: User[] }) {
  // The draft as typed, sent for a preview once the parent stops typing for a moment.
  const draft = useSettled(JSON.stringify(draftOf(form)), 350);
  const preview = useChorePreview(form.children.length > 0 ? (JSON.parse(draft) as ChoreDraft) : null);
  const nameOf = (id: string) => children.find((c) => c.id === id)?.name ?? 'someone';
  if (form.children.length === 0) return null;
  if (preview.isError) {
    return (
      <Alert severity="warning" data-testid="chore-preview">
        {failureMessage(preview.error, 'Could not preview this schedule.')}
      </Alert>
    );
  }
  if (!preview.data) return null;
  const next = preview.data.upcomingPlanned.slice(0, 3);
  return (
    <Alert severity="info" icon={<span aria-hidden="true">🔁</span>} data-testid="chore-preview" aria-live="polite">
      <Typography variant="body2" sx={{ fontWeight: 700 }}>
        {preview.data.summary}
      </Typography>
      {next.length > 0 && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          Next: {next.map((p) => plannedText(p, nameOf)).join(', ')}
        </Typography>
      )}
    </Alert>
  );
}

const isoDay = (value: DateTime | null) => (value?.isValid ? value.toISODate()! : '');

/**
 * A repeating chore's schedule (what repeats, from when, by what time, until when), how the children share it
 * (in turn order when they take turns) and the missed-chore deduction. Used by the create form (once a parent
 * picks a repeat) and the Edit chore dialog. Which combinations are valid is the server's to say: the preview
 * and the save show its words.
 */
export function ChoreScheduleFields({
  form,
  onChange,
  errors,
  children,
  earliestStart,
}: {
  form: ScheduleForm;
  onChange: (change: Partial<ScheduleForm>) => void;
  errors: ScheduleErrors;
  /** The family's children (who a chore may go to). */
  children: User[];
  /** The family's today, or a start day already set and now past (an edit keeps it). */
  earliestStart: string;
}) {
  const family = useFamily();
  const zone = family.data?.timeZone ?? 'system';
  const deducts = family.data?.choreSettings.missedChore === 'deduct';
  // The furthest days the server takes (limits.chore), so the calendars offer no day it would refuse.
  const today = DateTime.now().setZone(zone).startOf('day');
  const latestStart = today.plus({ years: limits.chore.startDayAheadYears });
  const latestEnd = today.plus({ years: limits.chore.endDayAheadYears });
  const turns = form.sharing === 'roundRobin' || form.sharing === 'leastDone';
  const chosen = form.children.map((id) => children.find((c) => c.id === id)).filter((c): c is User => Boolean(c));

  const toggleChild = (id: string, checked: boolean) =>
    onChange({ children: checked ? [...form.children, id] : form.children.filter((x) => x !== id) });
  const moveEarlier = (index: number) => {
    const order = [...form.children];
    [order[index - 1], order[index]] = [order[index]!, order[index - 1]!];
    onChange({ children: order });
  };

  return (
    <Stack sx={{ gap: 2.5 }} data-testid="chore-schedule">
      {form.repeat === 'weekdays' && (
        <FormControl error={Boolean(errors.weekdays)}>
          <FormLabel id="chore-weekdays-label" sx={{ mb: 1 }}>
            On these days
          </FormLabel>
          <ToggleButtonGroup
            size="small"
            color="primary"
            aria-labelledby="chore-weekdays-label"
            value={form.weekdays}
            onChange={(_e, days: number[]) => onChange({ weekdays: days })}
            sx={{ flexWrap: 'wrap' }}
          >
            {WEEKDAY_CHOICES.map((d) => (
              <ToggleButton key={d.day} value={d.day} sx={{ textTransform: 'none', px: 1.5 }}>
                {d.short}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          {errors.weekdays && <FormHelperText>{errors.weekdays}</FormHelperText>}
        </FormControl>
      )}
      {form.repeat === 'everyNDays' && (
        <TextField
          label="Every how many days"
          type="number"
          value={form.n}
          onChange={(e) => onChange({ n: e.target.value })}
          error={Boolean(errors.n)}
          helperText={errors.n ?? 'For example 3: every third day.'}
          slotProps={{ htmlInput: { min: 1, max: 365, step: 1, inputMode: 'numeric' } }}
        />
      )}
      {form.repeat === 'monthly' && (
        <TextField
          label="Day of the month"
          type="number"
          value={form.dayOfMonth}
          onChange={(e) => onChange({ dayOfMonth: e.target.value })}
          error={Boolean(errors.dayOfMonth)}
          helperText={errors.dayOfMonth ?? "1 to 31; in a shorter month, its last day."}
          slotProps={{ htmlInput: { min: 1, max: 31, step: 1, inputMode: 'numeric' } }}
        />
      )}

      <FormControl error={Boolean(errors.basis)}>
        <FormLabel id="chore-basis-label">Next time</FormLabel>
        <RadioGroup aria-labelledby="chore-basis-label" value={form.basis} onChange={(e) => onChange({ basis: e.target.value as ScheduleForm['basis'] })}>
          <FormControlLabel value="fixed" control={<Radio />} label="On fixed calendar days" />
          <FormControlLabel value="afterCompletion" control={<Radio />} label="Counted from when the last one is done (approved)" />
        </RadioGroup>
        {errors.basis && <FormHelperText>{errors.basis}</FormHelperText>}
      </FormControl>

      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
        <DatePicker
          label="Starts on"
          value={form.startDay ? DateTime.fromISO(form.startDay, { zone }) : null}
          timezone={zone}
          minDate={DateTime.fromISO(earliestStart, { zone })}
          maxDate={latestStart}
          onChange={(value) => onChange({ startDay: isoDay(value) })}
          slotProps={{ textField: { fullWidth: true, error: Boolean(errors.startDay), helperText: errors.startDay } }}
        />
        <TextField
          label="Due by (optional)"
          type="time"
          fullWidth
          value={form.dueTime}
          onChange={(e) => onChange({ dueTime: e.target.value })}
          error={Boolean(errors.dueTime)}
          helperText={errors.dueTime ?? 'Empty: by the end of the day.'}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
      <DatePicker
        label="Ends on (optional)"
        value={form.endDay ? DateTime.fromISO(form.endDay, { zone }) : null}
        timezone={zone}
        minDate={form.startDay ? DateTime.fromISO(form.startDay, { zone }) : undefined}
        maxDate={latestEnd}
        onChange={(value) => onChange({ endDay: isoDay(value) })}
        slotProps={{ field: { clearable: true }, textField: { fullWidth: true, error: Boolean(errors.endDay), helperText: errors.endDay ?? 'Empty: it keeps repeating.' } }}
      />

      <TextField
        select
        label="Sharing between children"
        value={form.sharing}
        onChange={(e) => onChange({ sharing: e.target.value as SharingChoice })}
        error={Boolean(errors.sharing)}
        helperText={errors.sharing}
      >
        {(Object.keys(SHARING_LABEL) as SharingChoice[]).map((s) => (
          <MenuItem key={s} value={s}>
            {SHARING_LABEL[s]}
          </MenuItem>
        ))}
      </TextField>

      <FormControl component="fieldset" error={Boolean(errors.children)} required>
        <FormLabel component="legend">Children</FormLabel>
        <FormGroup row sx={{ gap: 1, mt: 1 }}>
          {children.map((child) => {
            const checked = form.children.includes(child.id);
            return (
              <FormControlLabel
                key={child.id}
                control={<Checkbox checked={checked} onChange={(e) => toggleChild(child.id, e.target.checked)} />}
                label={
                  <Stack direction="row" component="span" sx={{ alignItems: 'center', gap: 1 }}>
                    <UserAvatar user={child} size={28} link={false} />
                    <span>{child.name}</span>
                  </Stack>
                }
                sx={{ m: 0, pr: 1.5, border: 1, borderRadius: 3, borderColor: checked ? 'primary.main' : 'divider', bgcolor: checked ? 'action.selected' : 'transparent' }}
              />
            );
          })}
        </FormGroup>
        {errors.children && <FormHelperText>{errors.children}</FormHelperText>}
      </FormControl>

      {turns && chosen.length > 1 && (
        <Box>
          <Typography id="turn-order-label" variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
            Turn order
          </Typography>
          <Box component="ol" aria-labelledby="turn-order-label" sx={{ m: 0, pl: 3 }}>
            {chosen.map((child, index) => (
              <li key={child.id}>
                <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
                  <span>{child.name}</span>
                  {index > 0 && (
                    <IconButton size="small" aria-label={`Move ${child.name} earlier`} onClick={() => moveEarlier(index)}>
                      <ArrowUpwardIcon fontSize="small" />
                    </IconButton>
                  )}
                </Stack>
              </li>
            ))}
          </Box>
        </Box>
      )}

      <TextField
        label="Missed chore deduction (FP)"
        type="number"
        value={form.missedDeduction}
        onChange={(e) => onChange({ missedDeduction: e.target.value })}
        error={Boolean(errors.missedDeduction)}
        helperText={
          errors.missedDeduction ??
          `0 means none. Taken only when your family's chore settings deduct for missed chores (${deducts ? 'they do now' : 'they do not now'}).`
        }
        slotProps={{ htmlInput: { min: 0, step: 1, inputMode: 'numeric' } }}
      />

      <ChorePreviewNote form={form} children={children} />
    </Stack>
  );
}
