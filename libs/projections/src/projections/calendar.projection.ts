import { isEvent, streamEntityId } from '@familyos/events';
import { collections } from '../schema/collections.js';
import type { Projection } from './projection.js';
import type { CalendarEventDoc } from '../schema/documents.js';

const PREFIX = 'calendarEvent-';

/** One row per calendar event (the series, as last saved); a deleted event's row is removed. */
export const calendarProjection: Projection = {
  name: 'calendar',
  version: 1,
  collections: [collections.calendarEvents],
  handles: ['CalendarEventCreated', 'CalendarEventUpdated', 'CalendarEventDeleted'],
  async apply(event, tx) {
    const at = event.metadata.timestamp;
    if (isEvent(event, 'CalendarEventCreated')) {
      const { eventId, familyId, createdBy, ...fields } = event.data;
      const doc: CalendarEventDoc = { id: eventId, familyId, createdBy, ...fields, createdAt: at, updatedAt: at };
      await tx.put(collections.calendarEvents, doc);
      return;
    }
    if (!event.streamId.startsWith(PREFIX)) return;
    const id = streamEntityId(event.streamId);
    if (isEvent(event, 'CalendarEventDeleted')) {
      await tx.delete(collections.calendarEvents, id);
      return;
    }
    if (isEvent(event, 'CalendarEventUpdated')) {
      const row = await tx.get(collections.calendarEvents, id);
      if (!row) return;
      await tx.put(collections.calendarEvents, { ...row, ...event.data, updatedAt: at });
    }
  },
};
