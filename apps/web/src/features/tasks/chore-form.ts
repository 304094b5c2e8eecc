import { DateTime } from 'luxon';
import type { Chore, PlannedPeriod } from '../../lib/types';
import type { ChoreDraft, ChoreScheduleBody, ChoreSharingBody, NewChore } from './api';

/** The Repeats choice of the forms; 'none' is a task made once. */
export type RepeatChoice = 'none' | ChoreScheduleBody['repeat'];

export const REPEAT_LABEL: Record<RepeatChoice, string> = {
  none: 'Does not repeat',
  daily: 'Every day',
  weekdays: 'On chosen weekdays',
  weekly: 'Every week',
  everyNDays: 'Every few days',
  monthly: 'Every month',
};

export type SharingChoice = 'everyone' | 'firstCome' | 'roundRobin' | 'leastDone';

export const SHARING_LABEL: Record<SharingChoice, string> = {
  everyone: 'Everyone does their own',
  firstCome: 'First to take it',
  roundRobin: 'Take turns, in order',
  leastDone: 'Take turns, whoever has done it least',
};

/** ISO weekdays, 1 is Monday. */
export const WEEKDAY_CHOICES = [
  { day: 1, short: 'Mon' },
  { day: 2, short: 'Tue' },
  { day: 3, short: 'Wed' },
  { day: 4, short: 'Thu' },
  { day: 5, short: 'Fri' },
  { day: 6, short: 'Sat' },
  { day: 7, short: 'Sun' },
] as const;

/** The schedule, sharing and deduction fields as the form holds them (text as typed, days as 'YYYY-MM-DD'). */
export interface ScheduleForm {
  repeat: ChoreScheduleBody['repeat'];
  weekdays: number[];
  n: string;
  dayOfMonth: string;
  basis: ChoreScheduleBody['basis'];
  startDay: string;
  /** 'HH:mm', or '' for by the end of the day. */
  dueTime: string;
  /** '' repeats forever. */
  endDay: string;
  sharing: SharingChoice;
  /** The chosen children in the order turns go. */
  children: string[];
  missedDeduction: string;
}

export function newScheduleForm(today: string, children: string[]): ScheduleForm {
  return { repeat: 'daily', weekdays: [], n: '2', dayOfMonth: String(Number(today.slice(8, 10))), basis: 'fixed', startDay: today, dueTime: '', endDay: '', sharing: 'everyone', children, missedDeduction: '0' };
}

export function scheduleFormOf(chore: Chore): ScheduleForm {
  const s = chore.schedule as unknown as ChoreScheduleBody;
  const sharing: SharingChoice = chore.sharing.mode === 'turns' ? chore.sharing.order : chore.sharing.mode;
  return {
    repeat: s.repeat,
    weekdays: s.weekdays ?? [],
    n: String(s.n ?? 2),
    dayOfMonth: String(s.dayOfMonth ?? Number(s.startDay.slice(8, 10))),
    basis: s.basis,
    startDay: s.startDay,
    dueTime: s.dueTime ?? '',
    endDay: s.endDay ?? '',
    sharing,
    children: chore.children,
    missedDeduction: String(chore.missedDeduction),
  };
}

/** A typed number as the server gets it: an empty box is NaN, which the server refuses by name. */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

export function scheduleOf(form: ScheduleForm): ChoreScheduleBody {
  return {
    repeat: form.repeat,
    ...(form.repeat === 'weekdays' ? { weekdays: [...form.weekdays].sort((a, b) => a - b) } : {}),
    ...(form.repeat === 'everyNDays' ? { n: numberOf(form.n) } : {}),
    ...(form.repeat === 'monthly' ? { dayOfMonth: numberOf(form.dayOfMonth) } : {}),
    basis: form.basis,
    startDay: form.startDay,
    dueTime: form.dueTime || null,
    endDay: form.endDay || null,
  };
}

export function sharingOf(choice: SharingChoice): ChoreSharingBody {
  return choice === 'roundRobin' || choice === 'leastDone' ? { mode: 'turns', order: choice } : { mode: choice };
}

export const draftOf = (form: ScheduleForm): ChoreDraft => ({ schedule: scheduleOf(form), sharing: sharingOf(form.sharing), children: form.children });

export function choreBody(fields: { title: string; description: string; pointsValue: number }, form: ScheduleForm): NewChore {
  return { ...fields, ...draftOf(form), missedDeduction: numberOf(form.missedDeduction) };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Only what the parent changed (PATCH takes the fields given; a schedule is given whole). */
export function choreChanges(chore: Chore, next: NewChore): Partial<NewChore> {
  const before = choreBody({ title: chore.title, description: chore.description, pointsValue: chore.pointsValue }, scheduleFormOf(chore));
  return Object.fromEntries(Object.entries(next).filter(([key, value]) => !same(value, before[key as keyof NewChore]))) as Partial<NewChore>;
}

/**
 * "Tue 1 Dec · Emma and Leo": a planned period, as the server planned it. Here, not beside the schedule's fields:
 * the chores card shows it without loading the form's date pickers.
 */
export function plannedText(period: PlannedPeriod, nameOf: (id: string) => string): string {
  const day = DateTime.fromISO(period.periodKey).toFormat('ccc d LLL');
  const who = period.plannedAssignees.map(nameOf);
  return who.length === 0 ? `${day} · everyone away` : `${day} · ${who.length > 2 ? `${who.length} children` : who.join(' and ')}`;
}
