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
  Radio,
  RadioGroup,
  Stack,
  Switch,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
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

type Field = 'title' | 'description' | 'pointsValue' | 'assignedTo' | 'dueDate' | 'recurringFrequency' | 'requestType';
type Errors = Partial<Record<Field, string>>;

const DEFAULT_POINTS = 10;

/** A stored due date as the picker's day (a date-time is read in the browser's zone, as the list shows it). */
const dayOf = (dueDate: string | null) => (dueDate ? DateTime.fromISO(dueDate).startOf('day') : null);

/**
 * SPEC §5 "Create task". `mode` 'create' is the parents' Create Task form (assignees, due date, recurring);
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
  const [isRecurring, setIsRecurring] = useState(false);
  const [frequency, setFrequency] = useState<'daily' | 'weekly'>('weekly');
  const [requestType, setRequestType] = useState<'want_to_do' | 'already_did'>('want_to_do');
  const [errors, setErrors] = useState<Errors>({});
  // Only the call itself disables the buttons: disabling the focused submit button while the validators load
  // would drop keyboard focus out of the dialog (Escape would then do nothing). A second submit meanwhile is
  // dropped by useOneSubmission.
  const busy = create.isPending || edit.isPending;

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

  const toggleAssignee = (id: string, checked: boolean) => {
    setAssignedTo((ids) => (checked ? [...ids, id] : ids.filter((x) => x !== id)));
    clearError('assignedTo');
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
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
      isRecurring: isRequest ? false : isRecurring,
      recurringFrequency: frequency,
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
                <FormControl component="fieldset" error={Boolean(errors.assignedTo)} required>
                  <FormLabel component="legend">Assign to</FormLabel>
                  {children.isPending && <FormHelperText>Loading children…</FormHelperText>}
                  {children.data?.length === 0 && (
                    <Alert severity="info" sx={{ mt: 1 }}>
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

                {/* Whether a task repeats is set when it is made; an edit changes the task itself. */}
                {!editing && (
                  <Box>
                    <FormControlLabel
                      control={<Switch checked={isRecurring} onChange={(e) => setIsRecurring(e.target.checked)} />}
                      label="Recurring task"
                    />
                    {isRecurring && (
                      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, mt: 0.5, flexWrap: 'wrap' }}>
                        <Typography id="frequency-label" variant="body2" sx={{ color: 'text.secondary' }}>
                          Repeats
                        </Typography>
                        <ToggleButtonGroup
                          exclusive
                          size="small"
                          color="primary"
                          aria-labelledby="frequency-label"
                          value={frequency}
                          onChange={(_e, value: 'daily' | 'weekly' | null) => value && setFrequency(value)}
                        >
                          <ToggleButton value="daily" sx={{ textTransform: 'none', px: 2 }}>
                            Daily
                          </ToggleButton>
                          <ToggleButton value="weekly" sx={{ textTransform: 'none', px: 2 }}>
                            Weekly
                          </ToggleButton>
                        </ToggleButtonGroup>
                      </Stack>
                    )}
                    {errors.recurringFrequency && <FormHelperText error>{errors.recurringFrequency}</FormHelperText>}
                  </Box>
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
            {editing ? (edit.isPending ? 'Saving…' : 'Save Changes') : create.isPending ? (isRequest ? 'Sending…' : 'Creating…') : heading}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
