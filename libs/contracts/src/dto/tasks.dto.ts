import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsISO8601, IsOptional, IsString, ValidateIf } from 'class-validator';
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
