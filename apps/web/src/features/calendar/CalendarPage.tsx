import { Alert, Box, Button, Card, CardContent, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Skeleton, Stack, Tab, Tabs, Typography } from '@mui/material';
import { limits } from '@familyos/contracts/rules';
import { DateTime } from 'luxon';
import { useMemo, useState } from 'react';
import { failureMessage } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import { useToast } from '../../lib/toast';
import { useMe } from '../../lib/session';
import { SoftChip } from '../../components/SoftChip';
import { UpcomingChoresByDay } from '../../components/UpcomingChores';
import { useUsers } from '../../api/members';
import { nextDays, useUpcomingChores } from '../../api/upcoming-chores';
import { calendarWindow, useCalendarEvents, type CalendarOccurrence } from '../../api/calendar';
import { useDeleteCalendarEvent } from './api';
import { EventDialog } from './EventDialog';
import { whenLabel } from './UpcomingEventsCard';

const REPEATS: Record<string, string> = { daily: 'Repeats daily', weekly: 'Repeats weekly', monthly: 'Repeats monthly' };

/** SPEC §2 Calendar: three windows (§9), event cards, Add Event, and Edit/Delete where the server says so. */
export default function CalendarPage() {
  usePageTitle('Calendar');
  const me = useMe();
  const [tab, setTab] = useState(0);
  const spec = limits.calendar.windows[tab]!;
  const window = useMemo(() => calendarWindow(spec.daysAhead, spec.daysBack), [spec.daysAhead, spec.daysBack]);
  const events = useCalendarEvents(window);
  const [editing, setEditing] = useState<CalendarOccurrence | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<CalendarOccurrence | null>(null);

  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' } }}>
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800, fontSize: { xs: 26, sm: 32 } }}>
            📅 Calendar
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            The family's plans in one place: appointments, practice, trips and birthdays.
          </Typography>
        </Box>
        {me.abilities.addCalendarEvents && (
          <Button variant="contained" onClick={() => setEditing(null)} sx={{ flexShrink: 0 }}>
            <Box component="span" aria-hidden sx={{ mr: 1 }}>
              ➕
            </Box>
            Add Event
          </Button>
        )}
      </Stack>

      <Tabs value={tab} onChange={(_, v: number) => setTab(v)} variant="fullWidth" aria-label="Calendar windows">
        {limits.calendar.windows.map((w) => (
          <Tab key={w.label} label={w.label} />
        ))}
      </Tabs>

      {events.isPending ? (
        <Stack spacing={2}>
          <Skeleton variant="rounded" height={96} />
          <Skeleton variant="rounded" height={96} />
        </Stack>
      ) : events.isError ? (
        <Alert severity="error">Failed to fetch events</Alert>
      ) : events.data.length === 0 ? (
        <Box sx={{ textAlign: 'center', py: 6, px: 2, bgcolor: 'action.hover', borderRadius: 2 }}>
          <Typography aria-hidden sx={{ fontSize: 40 }}>
            🗓️
          </Typography>
          <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
            No Events Scheduled
          </Typography>
          <Typography color="text.secondary">Nothing on the calendar for the {spec.label.toLowerCase()}.</Typography>
        </Box>
      ) : (
        <Stack spacing={1.5} component="section" aria-label={`Events, ${spec.label}`}>
          {events.data.map((o) => (
            <EventCard key={o.occurrenceId} o={o} onEdit={() => setEditing(o)} onDelete={() => setDeleting(o)} />
          ))}
        </Stack>
      )}

      <ChoresAhead days={spec.daysAhead} />

      <EventDialog open={editing !== undefined} event={editing} onClose={() => setEditing(undefined)} />
      <DeleteEventDialog event={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}

/**
 * The repeating chores planned in the window's days ahead (at most the 62 days the server plans at once), apart
 * from the events: they are chores, not plans of the family, and become tasks on their day.
 */
function ChoresAhead({ days }: { days: number }) {
  const range = useMemo(() => nextDays(days + 1), [days]);
  const chores = useUpcomingChores(range);
  const users = useUsers();
  if (!chores.data || chores.data.length === 0) return null;
  return (
    <Card component="section" aria-labelledby="chores-ahead" data-testid="calendar-chores" sx={{ bgcolor: 'action.hover', boxShadow: 'none' }}>
      <CardContent sx={{ p: { xs: 2, sm: 2.5 }, '&:last-child': { pb: { xs: 2, sm: 2.5 } } }}>
        <Typography id="chores-ahead" variant="h6" component="h2" sx={{ fontWeight: 700, fontSize: 18 }}>
          <Box component="span" aria-hidden sx={{ mr: 1 }}>
            🧹
          </Box>
          Repeating chores
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          Planned until {DateTime.fromISO(range.to).toFormat('LLL d')}: each becomes a task on its day.
        </Typography>
        <UpcomingChoresByDay chores={chores.data} users={users.data} />
      </CardContent>
    </Card>
  );
}

function EventCard({ o, onEdit, onDelete }: { o: CalendarOccurrence; onEdit: () => void; onDelete: () => void }) {
  const past = DateTime.fromISO(o.endDate ?? o.startDate) < (o.allDay ? DateTime.now().startOf('day') : DateTime.now());
  const end = o.endDate ? DateTime.fromISO(o.endDate) : null;
  const sameDay = end ? end.hasSame(DateTime.fromISO(o.startDate), 'day') : true;
  return (
    <Card component="article" aria-label={o.title} data-testid="event-card" sx={{ opacity: past ? 0.7 : 1, borderLeft: 6, borderLeftColor: o.color }}>
      <CardContent sx={{ p: { xs: 2, sm: 2.5 }, '&:last-child': { pb: { xs: 2, sm: 2.5 } } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'space-between' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="h2" sx={{ fontWeight: 700, fontSize: 18, overflowWrap: 'anywhere' }}>
              {o.title}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 0.25 }}>
              {whenLabel(o)}
              {end && !o.allDay && (sameDay ? ` – ${end.toLocaleString(DateTime.TIME_SIMPLE)}` : ` – ${end.toFormat('ccc d LLL HH:mm')}`)}
              {end && o.allDay && !sameDay ? ` – ${end.toFormat('ccc d LLL')}` : ''}
            </Typography>
            {o.description && (
              <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {o.description}
              </Typography>
            )}
            <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.25, flexWrap: 'wrap' }}>
              <SoftChip label={o.category} />
              {o.recurringType && <SoftChip label={`🔁 ${REPEATS[o.recurringType]}`} tone="info" />}
              {o.assignee && <SoftChip label={`${o.assignee.avatar} ${o.assignee.name}`} tone="secondary" />}
              {past && <SoftChip label="Past" />}
            </Stack>
          </Box>
          {(o.can.edit || o.can.delete) && (
            <Stack direction="row" spacing={1} sx={{ alignSelf: { xs: 'flex-start', sm: 'center' }, flexShrink: 0 }}>
              {o.can.edit && (
                <Button size="small" variant="outlined" onClick={onEdit} aria-label={`Edit ${o.title}`}>
                  Edit
                </Button>
              )}
              {o.can.delete && (
                <Button size="small" variant="outlined" color="error" onClick={onDelete} aria-label={`Delete ${o.title}`}>
                  Delete
                </Button>
              )}
            </Stack>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

function DeleteEventDialog({ event, onClose }: { event: CalendarOccurrence | null; onClose: () => void }) {
  const remove = useDeleteCalendarEvent();
  const toast = useToast();
  async function confirm() {
    if (!event) return;
    try {
      await remove.mutateAsync(event.id);
      toast({ title: 'Event Deleted', description: `“${event.title}” was removed from the calendar.` });
      onClose();
    } catch (error) {
      toast({ title: 'Error', description: failureMessage(error, 'Failed to delete event'), variant: 'destructive' });
    }
  }
  return (
    <Dialog open={event !== null} onClose={onClose} aria-labelledby="delete-event-title">
      <DialogTitle id="delete-event-title">Delete this event?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {event?.isRecurring ? `“${event.title}” and all its repeats will be removed for everyone.` : `“${event?.title ?? ''}” will be removed for everyone.`}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button color="error" variant="contained" onClick={() => void confirm()} disabled={remove.isPending}>
          {remove.isPending ? 'Deleting...' : 'Delete'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
