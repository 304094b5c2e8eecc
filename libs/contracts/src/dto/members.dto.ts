import { IsIn, IsNotEmpty, IsOptional, IsString, Length, Matches } from 'class-validator';
import { limits, MEMBER_ROLES } from '../limits.js';
import { messages } from '../messages.js';
import { DisplayName, EmojiField, IntInRange, NewPassword } from './fields.js';
import { Trim } from './transforms.js';

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
}

export class UpdateMemberDto {
  @IsOptional()
  @DisplayName()
  name?: string;

  @EmojiField(messages.avatar, { notEmpty: true })
  avatar?: string;

  @IsOptional()
  @NewPassword()
  password?: string;
}
