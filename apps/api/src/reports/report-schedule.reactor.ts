import { streamEntityId } from '@familyos/events';
import type { Reactor } from '@familyos/reactors';

/** The family events after which a family's weekly report schedule may differ: it exists, or its day or zone moved. */
export const SCHEDULE_EVENTS = ['FamilyCreated', 'WeeklyReportDayChanged', 'FamilyTimeZoneChanged'] as const;

/**
 * Keeps each family's weekly report schedule what its settings say (decision 033). Every reaction upserts the
 * schedule from the family's stream as it is now, not from the event, so reacting twice, late, or out of turn
 * with another process still leaves the latest settings.
 */
export function reportScheduleReactor(schedule: { syncFamily(familyId: string): Promise<void> }): Reactor {
  return {
    name: 'report-schedule',
    handles: SCHEDULE_EVENTS,
    react: (event) => schedule.syncFamily(streamEntityId(event.streamId)),
  };
}
