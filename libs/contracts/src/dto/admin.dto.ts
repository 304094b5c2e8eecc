import { IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, Matches, ValidateIf } from 'class-validator';
import { limits, MEMBER_ROLES } from '../limits.js';
import { messages } from '../messages.js';
import { RequiredText } from './fields.js';

/** `<provider>_<sha256 hex>`: the id of an access request (decision 012). */
const PENDING_USER_ID = /^(hub|oidc)_[0-9a-f]{64}$/;
const PENDING_USER_MESSAGE = 'pendingUserId must name a pending request';

/** POST /api/admin/approve-user {pendingUserId, approve, role?}. */
export class ApproveUserDto {
  @IsString({ message: PENDING_USER_MESSAGE })
  @Matches(PENDING_USER_ID, { message: PENDING_USER_MESSAGE })
  pendingUserId!: string;

  @IsBoolean({ message: 'approve must be true or false' })
  approve!: boolean;

  @IsOptional()
  @IsIn(MEMBER_ROLES, { message: messages.memberRole })
  role?: (typeof MEMBER_ROLES)[number];
}

const given = (v: unknown) => v !== undefined && v !== null && v !== '';

/** POST /api/system-admin/assign-family {pendingUserId, familyId? | newFamilyName?, role?}. */
export class AssignFamilyDto {
  @IsString({ message: PENDING_USER_MESSAGE })
  @Matches(PENDING_USER_ID, { message: PENDING_USER_MESSAGE })
  pendingUserId!: string;

  @ValidateIf((o: AssignFamilyDto) => !given(o.newFamilyName))
  @IsString({ message: messages.assignFamily })
  @IsNotEmpty({ message: messages.assignFamily })
  familyId?: string;

  @ValidateIf((o: AssignFamilyDto) => !given(o.familyId))
  @RequiredText(limits.familyNameMax, messages.assignFamily, messages.familyNameTooLong)
  newFamilyName?: string;

  @IsOptional()
  @IsIn(MEMBER_ROLES, { message: messages.memberRole })
  role?: (typeof MEMBER_ROLES)[number];
}

/** POST /api/system-admin/reject-user {pendingUserId}. */
export class RejectUserDto {
  @IsString({ message: PENDING_USER_MESSAGE })
  @Matches(PENDING_USER_ID, { message: PENDING_USER_MESSAGE })
  pendingUserId!: string;
}
