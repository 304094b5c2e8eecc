import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { limits, RECURRING_FREQUENCIES, REQUEST_TYPES } from '../limits.js';
import { messages } from '../messages.js';
import { Trim } from './transforms.js';

export class CreateTaskDto {
  @Trim()
  @IsString({ message: messages.taskTitleRequired })
  @IsNotEmpty({ message: messages.taskTitleRequired })
  @MaxLength(limits.task.titleMax, { message: messages.taskTitleTooLong })
  title!: string;

  @IsOptional()
  @Trim()
  @IsString({ message: messages.taskDescriptionTooLong })
  @MaxLength(limits.task.descriptionMax, { message: messages.taskDescriptionTooLong })
  description?: string;

  @IsInt({ message: messages.taskPointsNumber })
  @Min(limits.task.pointsMin, { message: messages.taskPointsTooLow })
  @Max(limits.task.pointsMax, { message: messages.taskPointsTooHigh })
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
  @IsInt({ message: messages.score })
  @Min(limits.task.scoreMin, { message: messages.score })
  @Max(limits.task.scoreMax, { message: messages.score })
  score?: number;
}
