import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  Switch,
  TextField,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { CALENDAR_CATEGORIES, CALENDAR_COLORS, CALENDAR_RECURRENCES, limits, messages } from '@familyos/contracts/rules';
import { DateTime } from 'luxon';
import { useState, type FormEvent } from 'react';
import { DateTimeField } from '../../components/DateTimeField';
import { ApiError, failureMessage } from '../../lib/api';
import { fieldErrors } from '../../lib/forms';
import { useOneSubmission } from '../../lib/submission';
import { useToast } from '../../lib/toast';
import { useUsers } from '../../api/members';
import { useSaveCalendarEvent, type CalendarEventInput } from './api';
import { type CalendarOccurrence } from '../../api/calendar';

type Field = 'title' | 'startDate' | 'endDate' | 'recurringType' | 'recurringEndDate' | 'form';
type Errors = Partial<Record<Field, string>>;

const [defaultHour, defaultMinute] = limits.calendar.defaultStartTime.split(':').map(Number) as [number, number];
const [endHour, endMinute] = limits.calendar.defaultEndTime.split(':').map(Number) as [number, number];
const REPEAT_LABEL: Record<(typeof CALENDAR_RECURRENCES)[number], string> = { daily: 'Every day', weekly: 'Every week', monthly: 'Every month' };

/** SPEC §2 modal "Calendar event add/edit". `event` edits that event's whole series; none adds a new one. */
export function EventDialog({ open, event, onClose }: { open: boolean; event?: CalendarOccurrence | null; onClose: () => void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby="event-dialog-title">
      {open && <EventForm event={event ?? null} onClose={onClose} />}
    </Dialog>
  );
}

function EventForm({ event, onClose }: { event: CalendarOccurrence | null; onClose: () => void }) {
  const save = useSaveCalendarEvent();
  const users = useUsers();
  const toast = useToast();
  const editing = event !== null;
  // SPEC §9: a new event starts tomorrow at 09:00 (today's 09:00 may be past) and ends at 23:59 that day.
  const initialStart = event ? DateTime.fromISO(event.seriesStartDate) : DateTime.now().plus({ days: 1 }).set({ hour: defaultHour, minute: defaultMinute, second: 0, millisecond: 0 });
  const [title, setTitle] = useState(event?.title ?? '');
  const [description, setDescription] = useState(event?.description ?? '');
  const [allDay, setAllDay] = useState(event?.allDay ?? false);
  const [start, setStart] = useState<DateTime | null>(initialStart);
  const [end, setEnd] = useState<DateTime | null>(event?.seriesEndDate ? DateTime.fromISO(event.seriesEndDate) : null);
  const [category, setCategory] = useState<string>(event?.category ?? 'Other');
  const [color, setColor] = useState<string>(event?.color ?? limits.calendar.defaultColor);
  const [assignedTo, setAssignedTo] = useState<string>(event?.assignedTo ?? '');
  const [isRecurring, setIsRecurring] = useState(event?.isRecurring ?? false);
  const [recurringType, setRecurringType] = useState<string>(event?.recurringType ?? '');
  const [until, setUntil] = useState<DateTime | null>(event?.recurringEndDate ? DateTime.fromISO(event.recurringEndDate) : null);
  const [errors, setErrors] = useState<Errors>({});
  const clear = (f: Field) => setErrors((e) => ({ ...e, [f]: undefined, form: undefined }));

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    const found: Errors = {};
    if (!title.trim()) found.title = messages.eventTitleRequired;
    else if (title.trim().length > limits.calendar.titleMax) found.title = messages.eventTitleTooLong;
    if (!start) found.startDate = messages.eventStartRequired;
    else if (!start.isValid) found.startDate = messages.eventStartInvalid;
    // SPEC §5: compared with the start of today, for new events only.
    else if (!editing && start < DateTime.now().startOf('day')) found.startDate = messages.eventStartPast;
    if (end && !end.isValid) found.endDate = messages.eventDateInvalid;
    else if (end && start?.isValid && end < (allDay ? start.startOf('day') : start)) found.endDate = messages.eventEndBeforeStart;
    if (isRecurring && !recurringType) found.recurringType = messages.eventRecurringTypeSubmit;
    if (isRecurring && until && !until.isValid) found.recurringEndDate = messages.eventDateInvalid;
    if (Object.values(found).some(Boolean)) return setErrors(found);

    const startAt = allDay ? start!.startOf('day') : start!;
    const endAt = end ? (allDay ? end.set({ hour: endHour, minute: endMinute, second: 0, millisecond: 0 }) : end) : allDay ? start!.set({ hour: endHour, minute: endMinute, second: 0, millisecond: 0 }) : null;
    const body: CalendarEventInput = {
      title: title.trim(),
      description: description.trim(),
      assignedTo: assignedTo || null,
      startDate: startAt.toUTC().toISO()!,
      endDate: endAt ? endAt.toUTC().toISO()! : null,
      allDay,
      category,
      color,
      isRecurring,
      recurringType: isRecurring ? (recurringType as CalendarEventInput['recurringType']) : null,
      recurringEndDate: isRecurring && until ? until.endOf('day').toUTC().toISO()! : null,
    };
    try {
      await save.mutateAsync({ id: event?.id, event: body });
      toast({ title: editing ? 'Event Updated' : 'Event Created', description: `“${body.title}” is on the family calendar.` });
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.details.length > 0) {
        setErrors(fieldErrors(error.details, { fields: INPUTS, other: 'form' }));
      }
      toast({ title: 'Error', description: failureMessage(error, editing ? 'Failed to update event' : 'Failed to create event'), variant: 'destructive' });
    }
  }

  const onSubmit = useOneSubmission(submit);
  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'contents' }}>
      <DialogTitle id="event-dialog-title" sx={{ fontWeight: 700 }}>
        {editing ? 'Edit Event' : 'Add Event'}
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.25}>
          <TextField
            label="Title"
            required
            autoFocus
            value={title}
            onChange={(e) => (setTitle(e.target.value), clear('title'))}
            error={Boolean(errors.title)}
            helperText={errors.title}
          />
          <TextField label="Description (optional)" multiline minRows={2} value={description} onChange={(e) => setDescription(e.target.value)} />
          <FormControlLabel control={<Switch checked={allDay} onChange={(e) => setAllDay(e.target.checked)} />} label="All day" />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {allDay ? (
              <DatePicker
                label="Date"
                value={start}
                onChange={(v) => (setStart(v), clear('startDate'))}
                slotProps={{ textField: { fullWidth: true, required: true, error: Boolean(errors.startDate), helperText: errors.startDate } }}
              />
            ) : (
              <DateTimeField label="Starts" value={start} onChange={(v) => (setStart(v), clear('startDate'))} required error={errors.startDate} />
            )}
            {allDay ? (
              <DatePicker
                label="Last day (optional)"
                value={end}
                onChange={(v) => (setEnd(v), clear('endDate'))}
                slotProps={{ field: { clearable: true }, textField: { fullWidth: true, error: Boolean(errors.endDate), helperText: errors.endDate } }}
              />
            ) : (
              <DateTimeField
                label="Ends (optional)"
                value={end}
                onChange={(v) => (setEnd(v), clear('endDate'))}
                onOpen={() => {
                  // SPEC §9: the end defaults to 23:59 of the start's day.
                  if (!end && start?.isValid) setEnd(start.set({ hour: endHour, minute: endMinute }));
                }}
                clearable
                error={errors.endDate}
              />
            )}
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField select fullWidth label="Category" value={category} onChange={(e) => setCategory(e.target.value)}>
              {CALENDAR_CATEGORIES.map((c) => (
                <MenuItem key={c} value={c}>
                  {c}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              fullWidth
              label="For"
              value={assignedTo}
              onChange={(e) => setAssignedTo(e.target.value)}
              slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
              error={users.isError}
              helperText={users.isError ? 'Failed to fetch users' : undefined}
            >
              <MenuItem value="">Everyone</MenuItem>
              {/* A deactivated member is offered no new events; one already theirs stays shown. */}
              {(users.data ?? []).filter((u) => u.active || u.id === assignedTo).map((u) => (
                <MenuItem key={u.id} value={u.id}>
                  {u.avatar} {u.name}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <FormControl>
            <FormLabel id="event-colour-label">Colour</FormLabel>
            <RadioGroup row aria-labelledby="event-colour-label" value={color} onChange={(e) => setColor(e.target.value)} sx={{ gap: 0.5 }}>
              {CALENDAR_COLORS.map((c) => (
                <FormControlLabel
                  key={c.hex}
                  value={c.hex}
                  label={c.name}
                  sx={{ mr: 1 }}
                  control={<Radio sx={{ color: c.hex, '&.Mui-checked': { color: c.hex } }} />}
                />
              ))}
            </RadioGroup>
          </FormControl>
          <FormControlLabel
            control={<Switch checked={isRecurring} onChange={(e) => (setIsRecurring(e.target.checked), clear('recurringType'))} />}
            label="Repeats"
          />
          {isRecurring && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                select
                fullWidth
                required
                label="How often"
                value={recurringType}
                onChange={(e) => (setRecurringType(e.target.value), clear('recurringType'))}
                error={Boolean(errors.recurringType)}
                helperText={errors.recurringType ?? (recurringType ? undefined : messages.eventRecurringTypeRequired)}
              >
                {CALENDAR_RECURRENCES.map((r) => (
                  <MenuItem key={r} value={r}>
                    {REPEAT_LABEL[r]}
                  </MenuItem>
                ))}
              </TextField>
              <DatePicker
                label="Until (optional)"
                value={until}
                minDate={start?.isValid ? start : undefined}
                onChange={(v) => (setUntil(v), clear('recurringEndDate'))}
                slotProps={{ field: { clearable: true }, textField: { fullWidth: true, error: Boolean(errors.recurringEndDate), helperText: errors.recurringEndDate } }}
              />
            </Stack>
          )}
          {errors.form && (
            <Box role="alert" sx={{ color: 'error.main', fontSize: 14 }}>
              {errors.form}
            </Box>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : editing ? 'Save Changes' : 'Add Event'}
        </Button>
      </DialogActions>
    </Box>
  );
}

const INPUTS: readonly Field[] = ['title', 'startDate', 'endDate', 'recurringType', 'recurringEndDate'];
