import { limits, messages, QUICK_DUE_DATES, quickDueDate } from '@familyos/contracts/rules';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { Link } from '@tanstack/react-router';
import { DateTime } from 'luxon';
import { useState, type FormEvent } from 'react';
import { ApiError, failureMessage } from '../../lib/api';
import { loadContracts } from '../../lib/contracts';
import { fieldErrors } from '../../lib/forms';
import { useOneSubmission } from '../../lib/submission';
import { useToast } from '../../lib/toast';
import type { Task, User } from '../../lib/types';
import { useFamily } from '../../api/family';
import { useAssignees } from '../../api/members';
import { UserAvatar } from '../../components/UserAvatar';
import { useCreateTask, useEditTask, type NewTask, type TaskEdit } from '../../api/tasks';
import type { TaskTemplate } from '../../lib/task-model';
import { useCreateChore } from './api';
import { choreBody, newScheduleForm, REPEAT_LABEL, type RepeatChoice, type ScheduleForm } from './chore-form';
import { ChoreScheduleFields, type ScheduleErrors, type ScheduleField } from './ChoreScheduleFields';

type Field = 'title' | 'description' | 'pointsValue' | 'assignedTo' | 'dueDate' | 'recurringFrequency' | 'requestType';
const TASK_FIELDS: readonly string[] = ['title', 'description', 'pointsValue', 'assignedTo', 'dueDate', 'recurringFrequency', 'requestType'];
type Errors = Partial<Record<Field, string>>;

const DEFAULT_POINTS = 10;

/** A stored due date as the picker's day (a date-time is read in the browser's zone, as the list shows it). */
const dayOf = (dueDate: string | null) => (dueDate ? DateTime.fromISO(dueDate).startOf('day') : null);

/**
 * SPEC §5 "Create task". `mode` 'create' is the parents' Create Task form (assignees and a due date, or a
 * repeat: then it makes a repeating chore with its schedule and sharing, POST /api/chores, issue 19);
 * 'request' is a child's Request Task form (auto-assigned to the child, with a request type); 'edit' is the
 * parents' form again, filled with `task`, saving only its title, description, points, due date and assignees.
 */
export function CreateTaskDialog({
  open,
  mode,
  template,
  task,
  onClose,
}: {
  open: boolean;
  mode: 'create' | 'request' | 'edit';
  template?: TaskTemplate | null;
  /** The task an 'edit' changes. */
  task?: Task | null;
  onClose: () => void;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const toast = useToast();
  const create = useCreateTask();
  const createChore = useCreateChore();
  const edit = useEditTask();
  const children = useAssignees();
  const family = useFamily();
  const isRequest = mode === 'request';
  const editing = mode === 'edit' && task ? task : null;

  const [title, setTitle] = useState(editing?.title ?? template?.title ?? '');
  const [description, setDescription] = useState(editing?.description ?? template?.description ?? '');
  const [points, setPoints] = useState(String(editing?.pointsValue ?? template?.points ?? DEFAULT_POINTS));
  const [assignedTo, setAssignedTo] = useState<string[]>(() =>
    editing ? editing.assignedTo : children.data?.length === 1 ? [children.data[0]!.id] : [],
  );
  const [dueDate, setDueDate] = useState<DateTime | null>(() => dayOf(editing?.dueDate ?? null));
  // An edit keeps the stored due date as it is (even one now past) until the parent picks another.
  const [dueDateChanged, setDueDateChanged] = useState(false);
  const [dueDateInvalid, setDueDateInvalid] = useState(false);
  const [repeat, setRepeat] = useState<RepeatChoice>('none');
  const [schedule, setSchedule] = useState<ScheduleForm | null>(null);
  const [scheduleErrors, setScheduleErrors] = useState<ScheduleErrors>({});
  const [requestType, setRequestType] = useState<'want_to_do' | 'already_did'>('want_to_do');
  const [errors, setErrors] = useState<Errors>({});
  // Only the call itself disables the buttons: disabling the focused submit button while the validators load
  // would drop keyboard focus out of the dialog (Escape would then do nothing). A second submit meanwhile is
  // dropped by useOneSubmission.
  // A dialog that is closing (its answer came) takes no more presses: a second tap of a double tap lands on it
  // as it fades (issue 26).
  const busy = create.isPending || edit.isPending || createChore.isPending || !open;
  const repeating = mode === 'create' && repeat !== 'none' && schedule !== null;

  // Due dates are the family's calendar days: "today" is the family's (the server checks it so), and the quick
  // due dates count from it (decision 032). The device's zone stands in until the family has loaded.
  const zone = family.data?.timeZone ?? 'system';
  const today = DateTime.now().setZone(zone).startOf('day');
  const storedDueDay = dayOf(editing?.dueDate ?? null);
  const earliest = storedDueDay && storedDueDay < today ? storedDueDay : today;
  const pickDueDate = (value: DateTime | null) => {
    setDueDate(value);
    setDueDateChanged(true);
    clearError('dueDate');
  };
  const clearError = (field: Field) => setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));

  /** Picking a repeat turns the form into a chore's: its children start as the ones ticked so far. */
  const pickRepeat = (choice: RepeatChoice) => {
    setRepeat(choice);
    if (choice !== 'none') setSchedule((s) => ({ ...(s ?? newScheduleForm(today.toISODate()!, assignedTo)), repeat: choice }));
  };
  const changeSchedule = (change: Partial<ScheduleForm>) => {
    setSchedule((s) => (s ? { ...s, ...change } : s));
    setScheduleErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(change)) delete next[key as ScheduleField];
      return next;
    });
  };

  /** POST /api/chores: the server checks every field and names the wrong one; its summary is what the toast says. */
  const submitChore = async (form: ScheduleForm) => {
    const pointsValue = points.trim() === '' ? Number.NaN : Number(points);
    const body = choreBody({ title: title.trim(), description: description.trim(), pointsValue }, form);
    try {
      const chore = await createChore.mutateAsync(body);
      toast({ title: 'Chore Created', description: `“${chore.title}”: ${chore.summary}.` });
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.details.length > 0) {
        const found = fieldErrors<string>(error.details) as Record<string, string>;
        setErrors(Object.fromEntries(Object.entries(found).filter(([k]) => TASK_FIELDS.includes(k))) as Errors);
        setScheduleErrors(Object.fromEntries(Object.entries(found).filter(([k]) => !TASK_FIELDS.includes(k))) as ScheduleErrors);
      }
      toast({ title: 'Error', description: failureMessage(error, 'Failed to create the chore. Please try again.'), variant: 'destructive' });
    }
  };

  const toggleAssignee = (id: string, checked: boolean) => {
    setAssignedTo((ids) => (checked ? [...ids, id] : ids.filter((x) => x !== id)));
    clearError('assignedTo');
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (repeating) return submitChore(schedule);
    const pointsValue = points.trim() === '' ? Number.NaN : Number(points);
    const chosenDueDate = isRequest ? null : (dueDate?.toISODate() ?? null);
    // Assignees keep the order they had (the first is credited, SPEC §4); newly ticked ones come after.
    const rank = (id: string) => (editing?.assignedTo.includes(id) ? editing.assignedTo.indexOf(id) : Number.MAX_SAFE_INTEGER);
    const changes: TaskEdit = {
      title: title.trim(),
      description: description.trim(),
      pointsValue,
      dueDate: editing && !dueDateChanged ? editing.dueDate : chosenDueDate,
      assignedTo: [...assignedTo].sort((a, b) => rank(a) - rank(b)),
    };
    const body: NewTask = {
      title: title.trim(),
      description: description.trim(),
      pointsValue,
      dueDate: chosenDueDate,
      isRecurring: false,
      recurringFrequency: 'weekly',
      ...(isRequest ? { requestType } : { assignedTo }),
    };

    const found: Errors = {};
    // Lazy: class-validator loads with this form's first submit, not with the app (DESIGN §7).
    const { validateDto, CreateTaskDto, EditTaskDto } = await loadContracts();
    const result = editing ? await validateDto(EditTaskDto, changes) : await validateDto(CreateTaskDto, body);
    if (!result.ok) Object.assign(found, fieldErrors<Field>(result.details));
    const checkDueDate = !isRequest && (!editing || dueDateChanged);
    if (!isRequest && assignedTo.length === 0) found.assignedTo ??= messages.taskAssignee;
    if (checkDueDate && dueDate && (dueDateInvalid || !dueDate.isValid)) found.dueDate ??= messages.taskDueDate;
    if (checkDueDate && dueDate?.isValid && dueDate.startOf('day') < today) found.dueDate = messages.taskDueDatePast;

    if (Object.values(found).some(Boolean)) {
      setErrors(found);
      // SPEC §5: the submit guard shows the title and assignee messages as a "Validation Error".
      const guard = [found.title, found.assignedTo].filter(Boolean);
      if (guard.length > 0) toast({ title: 'Validation Error', description: `${guard.join('. ')}.`, variant: 'destructive' });
      return;
    }

    try {
      if (editing) {
        await edit.mutateAsync({ id: editing.id, edit: changes });
        toast({ title: 'Task Updated', description: `“${changes.title}” was updated.` });
      } else {
        await create.mutateAsync(body);
        const names = (children.data ?? []).filter((c) => assignedTo.includes(c.id)).map((c) => c.name);
        toast({
          title: 'Task Created',
          description: isRequest
            ? `“${body.title}” was sent to your parents for approval.`
            : `“${body.title}” was assigned to ${names.join(' and ') || 'the selected children'}.`,
        });
      }
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.details.length > 0) {
        setErrors(fieldErrors<Field>(error.details));
        toast({ title: 'Error', description: error.details.map((d) => d.message).join(' '), variant: 'destructive' });
      } else {
        const fallback = editing ? 'Failed to update task. Please try again.' : 'Failed to create task. Please try again.';
        toast({ title: 'Error', description: failureMessage(error, fallback), variant: 'destructive' });
      }
    }
  };

  const onSubmit = useOneSubmission(submit);
  const heading = editing ? 'Edit Task' : isRequest ? 'Request Task' : 'Create Task';
  const dueDay = dueDate?.isValid ? dueDate.toISODate() : null;

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      aria-labelledby="task-form-title"
    >
      <Box
        component="form"
        onSubmit={onSubmit}
        noValidate
        aria-labelledby="task-form-title"
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}
      >
        <DialogTitle id="task-form-title" sx={{ fontWeight: 700 }}>
          {template ? `${template.emoji} ` : editing ? '✏️ ' : isRequest ? '🙋 ' : '📝 '}
          {heading}
        </DialogTitle>
        <DialogContent dividers>
          <Stack sx={{ gap: 2.5 }}>
            {isRequest && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                Ask your parents for a task. It is assigned to you and needs their approval.
              </Typography>
            )}
            <TextField
              label="Title"
              required
              autoFocus={!phone}
              value={title}
              onChange={(e) => {
                setTitle(e.target.value);
                clearError('title');
              }}
              error={Boolean(errors.title)}
              helperText={errors.title ?? `${title.length}/${limits.task.titleMax}`}
            />
            <TextField
              label="Description"
              multiline
              minRows={2}
              maxRows={6}
              value={description}
              onChange={(e) => {
                setDescription(e.target.value);
                clearError('description');
              }}
              error={Boolean(errors.description)}
              helperText={errors.description ?? `Optional · ${description.length}/${limits.task.descriptionMax}`}
            />
            <TextField
              label="Points (FP)"
              type="number"
              value={points}
              onChange={(e) => {
                setPoints(e.target.value);
                clearError('pointsValue');
              }}
              error={Boolean(errors.pointsValue)}
              helperText={
                errors.pointsValue ??
                (isRequest
                  ? 'How many Family Points you think it is worth.'
                  : `${limits.task.pointsMin} to ${limits.task.pointsMax}; below zero deducts points.`)
              }
              slotProps={{ htmlInput: { min: limits.task.pointsMin, max: limits.task.pointsMax, step: 1, inputMode: 'numeric' } }}
            />

            {isRequest ? (
              <FormControl error={Boolean(errors.requestType)}>
                <FormLabel id="request-type-label">Request type</FormLabel>
                <RadioGroup
                  aria-labelledby="request-type-label"
                  value={requestType}
                  onChange={(e) => setRequestType(e.target.value as 'want_to_do' | 'already_did')}
                >
                  <FormControlLabel value="want_to_do" control={<Radio />} label="💡 I want to do this" />
                  <FormControlLabel value="already_did" control={<Radio />} label="🙋 I already did this" />
                </RadioGroup>
                {errors.requestType && <FormHelperText>{errors.requestType}</FormHelperText>}
              </FormControl>
            ) : (
              <>
                {/* Whether a task repeats is set when it is made; an edit changes the task itself. */}
                {!editing && (
                  <TextField select label="Repeats" value={repeat} onChange={(e) => pickRepeat(e.target.value as RepeatChoice)}>
                    {(Object.keys(REPEAT_LABEL) as RepeatChoice[]).map((r) => (
                      <MenuItem key={r} value={r}>
                        {REPEAT_LABEL[r]}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
                {repeating ? (
                  <ChoreScheduleFields
                    form={schedule}
                    onChange={changeSchedule}
                    errors={scheduleErrors}
                    children={children.data ?? []}
                    earliestStart={today.toISODate()!}
                  />
                ) : (
                  <>
                  <FormControl component="fieldset" error={Boolean(errors.assignedTo)} required>
                    <FormLabel component="legend">Assign to</FormLabel>
                    {children.isPending && <FormHelperText>Loading children…</FormHelperText>}
                    {children.data?.length === 0 && (
                      <Alert
                        severity="info"
                        sx={{ mt: 1 }}
                        action={
                          <Button component={Link} to="/admin" hash="add-member" color="inherit" size="small" onClick={onClose}>
                            Add a child
                          </Button>
                        }
                      >
                        There are no children in your family yet. Add a child first.
                      </Alert>
                    )}
                    <FormGroup row sx={{ gap: 1, mt: 1 }}>
                      {(children.data ?? []).map((child: User) => {
                        const checked = assignedTo.includes(child.id);
                        return (
                          <FormControlLabel
                            key={child.id}
                            control={<Checkbox checked={checked} onChange={(e) => toggleAssignee(child.id, e.target.checked)} />}
                            label={
                              <Stack direction="row" component="span" sx={{ alignItems: 'center', gap: 1 }}>
                                <UserAvatar user={child} size={28} link={false} />
                                <span>{child.name}</span>
                              </Stack>
                            }
                            sx={{
                              m: 0,
                              pr: 1.5,
                              border: 1,
                              borderRadius: 3,
                              borderColor: checked ? 'primary.main' : 'divider',
                              bgcolor: checked ? 'action.selected' : 'transparent',
                            }}
                          />
                        );
                      })}
                    </FormGroup>
                    {errors.assignedTo && <FormHelperText>{errors.assignedTo}</FormHelperText>}
                  </FormControl>

                  <Box>
                    <DatePicker
                      label="Due date (optional)"
                      value={dueDate}
                      timezone={zone}
                      minDate={earliest}
                      onChange={pickDueDate}
                      onError={(error) => setDueDateInvalid(error !== null)}
                      slotProps={{
                        field: { clearable: true },
                        textField: {
                          fullWidth: true,
                          error: Boolean(errors.dueDate),
                          helperText: errors.dueDate ?? (earliest < today ? 'Earliest: today, or the date it has' : 'Earliest: today'),
                        },
                      }}
                    />
                    <Stack
                      direction="row"
                      role="group"
                      aria-label="Quick due dates"
                      sx={{ gap: 1, flexWrap: 'wrap', mt: 1.25 }}
                    >
                      {QUICK_DUE_DATES.map((label) => {
                        const day = DateTime.fromISO(quickDueDate(label, today.toISODate()!), { zone });
                        const selected = dueDay === day.toISODate();
                        return (
                          <Chip
                            key={label}
                            label={label}
                            clickable
                            color={selected ? 'primary' : 'default'}
                            variant={selected ? 'filled' : 'outlined'}
                            aria-pressed={selected}
                            title={day.toLocaleString(DateTime.DATE_MED_WITH_WEEKDAY)}
                            onClick={() => pickDueDate(day)}
                          />
                        );
                      })}
                    </Stack>
                  </Box>
                  </>
                )}
              </>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {editing
              ? edit.isPending
                ? 'Saving…'
                : 'Save Changes'
              : create.isPending || createChore.isPending
                ? isRequest
                  ? 'Sending…'
                  : 'Creating…'
                : repeating
                  ? 'Create Chore'
                  : heading}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
