import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { limits } from '../limits.js';
import { messages } from '../messages.js';
import { DisplayName, NewPassword, NewUsername, RequiredText } from './fields.js';
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
  @NewUsername()
  username!: string;

  @NewPassword()
  password!: string;

  @DisplayName()
  name!: string;

  @RequiredText(limits.familyNameMax, messages.familyNameRequired, messages.familyNameTooLong)
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
