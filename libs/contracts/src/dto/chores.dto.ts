import { ArrayMaxSize, IsArray, IsObject, IsOptional, IsString, Matches } from 'class-validator';
import { limits } from '../limits.js';
import { messages } from '../messages.js';
import { compose, DateInBounds, IntInRange, PointsValue, RequiredText, TaskDescription, TaskTitle } from './fields.js';

/**
 * A chore's schedule and sharing are objects here; their fields (repeat, weekdays, n, dayOfMonth, basis,
 * startDay, dueTime, endDay; mode, order) are checked by the domain (`parseSchedule`, the chore decider), which
 * names the first wrong one: one set of rules, whichever way a chore comes in.
 */
const Schedule = () => compose(IsObject({ message: messages.choreSchedule }));
const Sharing = () => compose(IsObject({ message: messages.choreSharing }));

/** The chore's children, in the order turns go: member ids, at least one, at most 20. */
const Children = () =>
  compose(
    IsArray({ message: messages.choreChildren }),
    ArrayMaxSize(20, { message: messages.choreChildren }),
    IsString({ each: true, message: messages.choreChildren }),
  );

const MissedDeduction = () => compose(IsOptional(), IntInRange(0, limits.chore.missedDeductionMax, messages.choreMissedDeduction));

/** POST /api/chores: a parent makes a repeating chore (issue 19, decision 034). */
export class CreateChoreDto {
  @TaskTitle()
  title!: string;

  @TaskDescription()
  description?: string;

  @PointsValue()
  pointsValue!: number;

  @Schedule()
  schedule!: Record<string, unknown>;

  @Sharing()
  sharing!: Record<string, unknown>;

  @Children()
  children!: string[];

  /** FP taken when an occurrence is missed and the family deducts for missed chores; 0 (the default): none. */
  @MissedDeduction()
  missedDeduction?: number;
}

/**
 * POST /api/chores/preview: a draft's schedule, sharing and children, phrased and planned by the server without
 * saving anything, so a form shows the words the chore will have (the create and edit forms' live preview).
 */
export class PreviewChoreDto {
  @Schedule()
  schedule!: Record<string, unknown>;

  @Sharing()
  sharing!: Record<string, unknown>;

  @Children()
  children!: string[];
}

/**
 * PATCH /api/chores/{id}: only the fields given change, for every occurrence not created yet. A field this
 * does not have is refused by name (as PUT /api/users/{id} does): a change silently dropped would look made.
 * A schedule is given whole.
 */
export class EditChoreDto {
  @IsOptional()
  @TaskTitle()
  title?: string;

  @TaskDescription()
  description?: string;

  @IsOptional()
  @PointsValue()
  pointsValue?: number;

  @IsOptional()
  @Schedule()
  schedule?: Record<string, unknown>;

  @IsOptional()
  @Sharing()
  sharing?: Record<string, unknown>;

  @IsOptional()
  @Children()
  children?: string[];

  @MissedDeduction()
  missedDeduction?: number;
}

/** POST /api/tasks/{id}/skip-request: why the child asks to skip this occurrence (required, at most 200). */
export class SkipRequestDto {
  @RequiredText(limits.points.reasonMax, messages.reasonRequired, messages.reasonTooLong)
  reason!: string;
}

/** A family-local day, 'YYYY-MM-DD', within limits.dates' years (that it is a real day is the member decider's). */
const PauseDay = () => compose(IsString({ message: messages.pauseDays }), Matches(/^\d{4}-\d{2}-\d{2}$/, { message: messages.pauseDays }), DateInBounds());

/** POST /api/users/{id}/pauses: a child away (vacation) from one family-local day to another, both included. */
export class PauseChildDto {
  @PauseDay()
  fromDay!: string;

  @PauseDay()
  untilDay!: string;

  @RequiredText(limits.points.reasonMax, messages.reasonRequired, messages.reasonTooLong)
  reason!: string;
}
