import { IsBoolean, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { limits } from '../limits.js';
import { messages } from '../messages.js';

/**
 * PUT /api/users/:id/email: the member's own e-mail settings (issue 20). Each field is optional; `address`
 * null or '' removes the address. Its form (and lower-casing) is the member decider's.
 */
export class EmailSettingsDto {
  @IsOptional()
  @ValidateIf((_o, v) => v !== null)
  @IsString({ message: messages.emailAddress })
  @MaxLength(limits.emailMax, { message: messages.emailAddressTooLong })
  address?: string | null;

  @IsOptional()
  @IsBoolean({ message: messages.emailChoice })
  weeklyReport?: boolean;

  @IsOptional()
  @IsBoolean({ message: messages.emailChoice })
  dailyDigest?: boolean;
}
