import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { limits } from '../limits.js';
import { messages } from '../messages.js';
import { Trim } from './transforms.js';

export class RequestRedemptionDto {
  @Trim()
  @IsString({ message: messages.rewardNameRequired })
  @IsNotEmpty({ message: messages.rewardNameRequired })
  @MaxLength(limits.reward.nameMax, { message: messages.rewardUnknown })
  option!: string;

  /** Accepted for SPEC §7 compatibility and ignored: the server decides the cost from the family's rewards. */
  @IsOptional()
  cost?: unknown;
}

export class UpdateRedemptionDto {
  @IsIn(['approved', 'rejected'], { message: messages.redemptionStatus })
  status!: 'approved' | 'rejected';
}
