import { IsIn, IsOptional } from 'class-validator';
import { limits } from '../limits.js';
import { messages } from '../messages.js';
import { RequiredText } from './fields.js';

export class RequestRedemptionDto {
  @RequiredText(limits.reward.nameMax, messages.rewardNameRequired, messages.rewardUnknown)
  option!: string;

  /** Accepted for SPEC §7 compatibility and ignored: the server decides the cost from the family's rewards. */
  @IsOptional()
  cost?: unknown;
}

export class UpdateRedemptionDto {
  @IsIn(['approved', 'rejected'], { message: messages.redemptionStatus })
  status!: 'approved' | 'rejected';
}
