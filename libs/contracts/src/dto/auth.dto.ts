import { IsNotEmpty, IsOptional, IsString, Length, Matches, MaxLength } from 'class-validator';
import { limits } from '../limits.js';
import { messages } from '../messages.js';
import { Trim } from './transforms.js';

export class LoginDto {
  @Trim()
  @IsString({ message: messages.usernameRequired })
  @IsNotEmpty({ message: messages.usernameRequired })
  username!: string;

  @IsString({ message: messages.passwordRequired })
  @IsNotEmpty({ message: messages.passwordRequired })
  password!: string;
}

export class RegisterDto {
  @Trim()
  @IsString({ message: messages.usernameFormat })
  @Length(limits.username.min, limits.username.max, { message: messages.usernameFormat })
  @Matches(limits.username.pattern, { message: messages.usernameFormat })
  username!: string;

  @IsString({ message: messages.passwordLength })
  @Length(limits.password.min, limits.password.max, { message: messages.passwordLength })
  password!: string;

  @Trim()
  @IsString({ message: messages.displayNameRequired })
  @IsNotEmpty({ message: messages.displayNameRequired })
  @MaxLength(limits.displayNameMax, { message: messages.displayNameTooLong })
  name!: string;

  @Trim()
  @IsString({ message: messages.familyNameRequired })
  @IsNotEmpty({ message: messages.familyNameRequired })
  @MaxLength(limits.familyNameMax, { message: messages.familyNameTooLong })
  familyName!: string;

  @IsOptional()
  @IsString({ message: messages.timeZone })
  timeZone?: string;
}

/** POST /api/auth/hub-login: only the token counts; the hub says whose it is (decision 012). */
export class HubLoginDto {
  @IsString({ message: messages.hubTokenInvalid })
  @IsNotEmpty({ message: messages.hubTokenInvalid })
  @MaxLength(4096, { message: messages.hubTokenInvalid })
  hubToken!: string;

  /** What the browser believes about the hub user: never trusted, kept only so the body validates. */
  @IsOptional()
  hubUser?: unknown;
}
