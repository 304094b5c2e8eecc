import { IsBoolean, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min, NotEquals } from 'class-validator';
import { limits } from '../limits.js';
import { messages } from '../messages.js';
import { Trim } from './transforms.js';

export class IssuePointsDto {
  @IsString({ message: messages.selectChild })
  @IsNotEmpty({ message: messages.selectChild })
  userId!: string;

  @NotEquals(0, { message: messages.pointsNotZero })
  @IsInt({ message: messages.pointsRange })
  @Min(limits.points.min, { message: messages.pointsRange })
  @Max(limits.points.max, { message: messages.pointsRange })
  amount!: number;

  @Trim()
  @IsString({ message: messages.reasonRequired })
  @IsNotEmpty({ message: messages.reasonRequired })
  @MaxLength(limits.points.reasonMax, { message: messages.reasonTooLong })
  reason!: string;

  @IsOptional()
  @IsBoolean()
  approved?: boolean;
}
