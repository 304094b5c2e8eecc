import { IsBoolean, IsNotEmpty, IsOptional, IsString, NotEquals } from 'class-validator';
import { limits } from '../limits.js';
import { messages } from '../messages.js';
import { IntInRange, RequiredText } from './fields.js';

export class IssuePointsDto {
  @IsString({ message: messages.selectChild })
  @IsNotEmpty({ message: messages.selectChild })
  userId!: string;

  @NotEquals(0, { message: messages.pointsNotZero })
  @IntInRange(limits.points.min, limits.points.max, messages.pointsRange)
  amount!: number;

  @RequiredText(limits.points.reasonMax, messages.reasonRequired, messages.reasonTooLong)
  reason!: string;

  @IsOptional()
  @IsBoolean()
  approved?: boolean;
}
