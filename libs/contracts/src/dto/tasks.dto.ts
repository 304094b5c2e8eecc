import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsISO8601, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { limits, RECURRING_FREQUENCIES, REQUEST_TYPES } from '../limits.js';
import { messages } from '../messages.js';
import { compose, DateInBounds, IntInRange, PointsValue, RequiredText, TaskDescription, TaskTitle } from './fields.js';

/** A list of member ids to assign (at most 20), or left out. */
const Assignees = () =>
  compose(
    IsOptional(),
    IsArray({ message: messages.taskAssignee }),
    ArrayMaxSize(20, { message: messages.taskAssignee }),
    IsString({ each: true, message: messages.taskAssignee }),
  );

/** An ISO date or date-time; null or "" means none (and is accepted). */
const DueDate = () =>
  compose(
    ValidateIf((_, v) => v !== null && v !== undefined && v !== ''),
    IsISO8601({ strict: true }, { message: messages.taskDueDate }),
    DateInBounds(),
  );

export class CreateTaskDto {
  @TaskTitle()
  title!: string;

  @TaskDescription()
  description?: string;

  @PointsValue()
  pointsValue!: number;

  /** Required for parents (checked by the task decider, which knows who is asking); a child's own id otherwise. */
  @Assignees()
  assignedTo?: string[];

  @DueDate()
  dueDate?: string | null;

  @IsOptional()
  @IsBoolean()
  isRecurring?: boolean;

  @IsOptional()
  @IsIn(RECURRING_FREQUENCIES, { message: messages.recurringFrequency })
  recurringFrequency?: (typeof RECURRING_FREQUENCIES)[number];

  @IsOptional()
  @IsIn(REQUEST_TYPES, { message: messages.requestType })
  requestType?: (typeof REQUEST_TYPES)[number];
}

export class UpdateTaskDto {
  @IsIn(['approved', 'rejected', 'submitted'], { message: messages.taskStatus })
  status!: 'approved' | 'rejected' | 'submitted';

  @IsOptional()
  @IntInRange(limits.task.scoreMin, limits.task.scoreMax, messages.score)
  score?: number;
}

/**
 * PATCH /api/tasks/{id}: a parent corrects a task that is not approved yet. Every field may be left out (left
 * as it is); those given follow Create Task's rules and messages. `dueDate` null (or "") removes the due date.
 */
export class EditTaskDto {
  @IsOptional()
  @TaskTitle()
  title?: string;

  @TaskDescription()
  description?: string;

  @IsOptional()
  @PointsValue()
  pointsValue?: number;

  @Assignees()
  assignedTo?: string[];

  @DueDate()
  dueDate?: string | null;
}

/** POST /api/tasks/{id}/reverse: why a parent takes an approval back (SPEC §5's reason rules: required, at most 200). */
export class ReverseTaskDto {
  @RequiredText(limits.points.reasonMax, messages.reasonRequired, messages.reasonTooLong)
  reason!: string;
}

/** What `status` may name on GET /api/tasks: a status, `taken` (a child's task a sibling took), `open`, `history`. */
export const TASK_LIST_STATUSES = ['pending', 'submitted', 'approved', 'rejected', 'reversed', 'missed', 'skipped', 'taken', 'open', 'history'] as const;
export type TaskListStatus = (typeof TASK_LIST_STATUSES)[number];

/** `a,b`: several values of one parameter (the server refuses a parameter given twice). */
const listOf = (value: unknown) => (typeof value === 'string' ? value.split(',').map((s) => s.trim()).filter(Boolean) : value);
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * GET /api/tasks's query (decision 050, README "### Tasks"): every filter optional; `status` takes several, `a,b`. `limit` and `cursor` as
 * every list takes them; `dueFrom`/`dueTo` are days, both included; `q` searches title and description.
 */
export class TaskListQueryDto {
  @IsOptional()
  @Transform(({ value }) => listOf(value))
  @IsArray({ message: messages.taskListStatus })
  @ArrayMaxSize(TASK_LIST_STATUSES.length, { message: messages.taskListStatus })
  @IsIn(TASK_LIST_STATUSES, { each: true, message: messages.taskListStatus })
  status?: TaskListStatus[];

  @IsOptional()
  @IsString({ message: messages.taskListAssignee })
  @Matches(/^[A-Za-z0-9_-]{1,64}$/, { message: messages.taskListAssignee })
  assignee?: string;

  @IsOptional()
  @IsString({ message: messages.taskListDay })
  @Matches(DAY, { message: messages.taskListDay })
  @IsISO8601({ strict: true }, { message: messages.taskListDay })
  @DateInBounds()
  dueFrom?: string;

  @IsOptional()
  @IsString({ message: messages.taskListDay })
  @Matches(DAY, { message: messages.taskListDay })
  @IsISO8601({ strict: true }, { message: messages.taskListDay })
  @DateInBounds()
  dueTo?: string;

  @IsOptional()
  @IsString({ message: messages.taskListSearch })
  @MaxLength(limits.taskList.searchMax, { message: messages.taskListSearch })
  q?: string;

  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' && /^\d{1,4}$/.test(value) ? Number(value) : value))
  @IsInt({ message: messages.taskListLimit })
  @Min(1, { message: messages.taskListLimit })
  @Max(limits.taskList.maxLimit, { message: messages.taskListLimit })
  limit?: number;

  @IsOptional()
  @IsString({ message: messages.taskListCursor })
  @MaxLength(300, { message: messages.taskListCursor })
  cursor?: string;
}
