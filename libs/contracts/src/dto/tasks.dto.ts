import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsISO8601, IsOptional, IsString, ValidateIf } from 'class-validator';
import { limits, RECURRING_FREQUENCIES, REQUEST_TYPES } from '../limits.js';
import { messages } from '../messages.js';
import { IntInRange, PointsValue, TaskDescription, TaskTitle } from './fields.js';

export class CreateTaskDto {
  @TaskTitle()
  title!: string;

  @TaskDescription()
  description?: string;

  @PointsValue()
  pointsValue!: number;

  /** Required for parents (checked by the task decider, which knows who is asking); a child's own id otherwise. */
  @IsOptional()
  @IsArray({ message: messages.taskAssignee })
  @ArrayMaxSize(20, { message: messages.taskAssignee })
  @IsString({ each: true, message: messages.taskAssignee })
  assignedTo?: string[];

  @ValidateIf((_, v) => v !== null && v !== undefined && v !== '')
  @IsISO8601({ strict: true }, { message: messages.taskDueDate })
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
