import { Box, Button, List, ListItem, Skeleton, Stack, Typography } from '@mui/material';
import { Link } from '@tanstack/react-router';
import { DateTime } from 'luxon';
import { limits } from '@familyos/contracts/rules';
import { EmptyState } from '../../components/EmptyState';
import { SectionCard, listSx } from '../../components/SectionCard';
import { SoftChip } from '../../components/SoftChip';
import { calendarWindow, useCalendarEvents, type CalendarOccurrence } from '../../api/calendar';
import { upcoming } from './api';

/** "Today · 09:00", "Tue 24 Nov · All day": when, in the reader's words. */
export function whenLabel(o: Pick<CalendarOccurrence, 'startDate' | 'allDay'>): string {
  const start = DateTime.fromISO(o.startDate);
  if (!start.isValid) return '—';
  const today = DateTime.now().startOf('day');
  const day = start.startOf('day');
  const dayText = day.equals(today) ? 'Today' : day.equals(today.plus({ days: 1 })) ? 'Tomorrow' : start.toFormat('ccc d LLL');
  return `${dayText} · ${o.allDay ? 'All day' : start.toLocaleString(DateTime.TIME_SIMPLE)}`;
}

/** One event: a colour bar in its colour, title, when, category and who it is for. */
export function EventRow({ o }: { o: CalendarOccurrence }) {
  return (
    <ListItem disableGutters divider sx={{ py: 1, gap: 1.5, alignItems: 'stretch' }} data-testid="event-compact">
      <Box aria-hidden sx={{ width: 4, borderRadius: 2, bgcolor: o.color, flexShrink: 0 }} />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{o.title}</Typography>
        <Typography variant="body2" color="text.secondary">
          {whenLabel(o)}
          {o.assignee ? ` · ${o.assignee.avatar} ${o.assignee.name}` : ''}
        </Typography>
      </Box>
      <Stack sx={{ justifyContent: 'center', flexShrink: 0 }}>
        <SoftChip label={o.category} />
      </Stack>
    </ListItem>
  );
}

/**
 * SPEC §2: upcoming events for the next 7 days. The child's dashboard lists them all; the parent's is compact
 * (the first 3 and "View all N events" to /calendar).
 */
export function UpcomingEventsCard({ compact = false }: { compact?: boolean }) {
  const events = useCalendarEvents(calendarWindow(limits.calendar.dashboardDays));
  const next = upcoming(events.data ?? []);
  const shown = compact ? next.slice(0, limits.calendar.compactCount) : next;
  return (
    <SectionCard title="Upcoming Events" emoji="📅" testId="upcoming-events" count={next.length}>
      {events.isPending ? (
        <Skeleton variant="rounded" height={96} />
      ) : events.data === undefined ? (
        <EmptyState emoji="🗓️">Events could not be loaded.</EmptyState>
      ) : shown.length === 0 ? (
        <EmptyState emoji="🗓️">Nothing planned for the next 7 days.</EmptyState>
      ) : (
        <List disablePadding sx={listSx}>
          {shown.map((o) => (
            <EventRow key={o.occurrenceId} o={o} />
          ))}
        </List>
      )}
      <Button component={Link} to="/calendar" fullWidth sx={{ mt: 1 }}>
        {compact && next.length > shown.length ? `View all ${next.length} events` : 'Open Calendar'}
      </Button>
    </SectionCard>
  );
}
