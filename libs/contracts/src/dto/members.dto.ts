import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Length, Matches, Max, MaxLength, Min } from 'class-validator';
import { limits, MEMBER_ROLES } from '../limits.js';
import { messages } from '../messages.js';
import { Trim } from './transforms.js';

export class CreateMemberDto {
  @Trim()
  @IsString({ message: messages.memberRequired })
  @IsNotEmpty({ message: messages.memberRequired })
  @Length(limits.username.min, limits.username.max, { message: messages.usernameFormat })
  @Matches(limits.username.pattern, { message: messages.usernameFormat })
  username!: string;

  @Trim()
  @IsString({ message: messages.memberRequired })
  @IsNotEmpty({ message: messages.memberRequired })
  @MaxLength(limits.displayNameMax, { message: messages.displayNameTooLong })
  name!: string;

  @IsOptional()
  @IsIn(MEMBER_ROLES, { message: messages.memberRole })
  role?: (typeof MEMBER_ROLES)[number];

  @IsOptional()
  @IsString({ message: messages.passwordLength })
  @Length(limits.password.min, limits.password.max, { message: messages.passwordLength })
  password?: string;

  @IsOptional()
  @IsInt({ message: messages.ageRange })
  @Min(limits.age.min, { message: messages.ageRange })
  @Max(limits.age.max, { message: messages.ageRange })
  age?: number;
}

export class UpdateMemberDto {
  @IsOptional()
  @Trim()
  @IsString({ message: messages.displayNameRequired })
  @IsNotEmpty({ message: messages.displayNameRequired })
  @MaxLength(limits.displayNameMax, { message: messages.displayNameTooLong })
  name?: string;

  @IsOptional()
  @IsString({ message: messages.avatar })
  @IsNotEmpty({ message: messages.avatar })
  @MaxLength(16, { message: messages.avatar })
  avatar?: string;

  @IsOptional()
  @IsString({ message: messages.passwordLength })
  @Length(limits.password.min, limits.password.max, { message: messages.passwordLength })
  password?: string;
}
