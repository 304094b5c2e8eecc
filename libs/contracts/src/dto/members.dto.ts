import { IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, Length, Matches, MaxLength } from 'class-validator';
import { limits, MEMBER_ROLES } from '../limits.js';
import { messages } from '../messages.js';
import { DisplayName, EmojiField, IntInRange, NewPassword, OptionalText, WebsiteUrl } from './fields.js';
import { Trim } from './transforms.js';

/**
 * POST /api/users: a parent adds a member. With a password they sign in at once; with a hub username (hub on)
 * their first hub sign-in lands on this member; with neither, the answer carries a one-time sign-in link.
 */
export class CreateMemberDto {
  @Trim()
  @IsString({ message: messages.memberRequired })
  @IsNotEmpty({ message: messages.memberRequired })
  @Length(limits.username.min, limits.username.max, { message: messages.usernameFormat })
  @Matches(limits.username.pattern, { message: messages.usernameFormat })
  username!: string;

  @DisplayName(messages.memberRequired)
  name!: string;

  @IsOptional()
  @IsIn(MEMBER_ROLES, { message: messages.memberRole })
  role?: (typeof MEMBER_ROLES)[number];

  @IsOptional()
  @NewPassword()
  password?: string;

  @IsOptional()
  @IntInRange(limits.age.min, limits.age.max, messages.ageRange)
  age?: number;

  @IsOptional()
  @Trim()
  @IsString({ message: messages.hubUsernameFormat })
  @Length(1, limits.hubUsernameMax, { message: messages.hubUsernameFormat })
  hubUsername?: string;
}

/**
 * PUT /api/users/{id}: what a member's record lets anyone change. Who may change which field is the member
 * decider's (a refusal names the field); any other field is refused by name (decision 029).
 */
export class UpdateMemberDto {
  @IsOptional()
  @DisplayName()
  name?: string;

  @EmojiField(messages.avatar, { notEmpty: true })
  avatar?: string;

  @OptionalText(limits.bioMax, messages.bioTooLong)
  bio?: string;

  @WebsiteUrl()
  websiteUrl?: string;

  @IsOptional()
  @IsIn(MEMBER_ROLES, { message: messages.memberRole })
  role?: (typeof MEMBER_ROLES)[number];

  @IsOptional()
  @IsBoolean({ message: messages.activeFlag })
  active?: boolean;

  @IsOptional()
  @NewPassword()
  password?: string;

  /** The member's own password, when they change it themselves. */
  @IsOptional()
  @IsString({ message: messages.currentPasswordWrong })
  @MaxLength(limits.password.max, { message: messages.currentPasswordWrong })
  currentPassword?: string;
}

/** POST /api/sign-in-link/{token}: the new password of the member the link was made for. */
export class UseSignInLinkDto {
  @NewPassword()
  password!: string;
}
