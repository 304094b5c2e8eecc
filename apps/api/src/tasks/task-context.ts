import { DateTime } from 'luxon';
import { streams } from '@familyos/events';
import { familyDecider, memberDecider, notFound, type AssigneeFacts } from '@familyos/domain';
import type { CommandRunner } from '../platform/command-runner.js';

/** What creating or editing a task needs from outside its stream: each proposed assignee's facts, from its member stream. */
export function assigneeFacts(runner: CommandRunner, ids: string[]): Promise<AssigneeFacts[]> {
  return Promise.all(
    ids.map(async (id) => {
      const { state } = await runner.load(streams.member(id), memberDecider);
      return { id, role: state.exists ? state.role : null, familyId: state.exists ? state.familyId : null, active: state.active };
    }),
  );
}

/** The family's time zone (its stream: commands never read read models). */
export async function familyTimeZone(runner: CommandRunner, familyId: string | null): Promise<string> {
  const { state: family } = await runner.load(streams.family(familyId ?? ''), familyDecider);
  if (!family.exists) throw notFound('Family');
  return family.timeZone;
}

/** A due date's calendar day and today's, both in the family's zone: a due date may not be in the past. */
export function dueDays(dueDate: string | null | undefined, zone: string, now: Date): { dueDay: string | null; today: string } {
  const due = dueDate ? DateTime.fromISO(dueDate, { zone, setZone: false }) : null;
  return { dueDay: due?.isValid ? due.setZone(zone).toISODate() : null, today: DateTime.fromJSDate(now).setZone(zone).toISODate()! };
}
