import { IsIn, IsISO8601, IsNotEmpty, IsOptional, IsString, ValidateIf } from 'class-validator';
import { Transform } from 'class-transformer';
import { INVITE_ROLES, limits } from '../limits.js';
import { messages } from '../messages.js';
import { DateInBounds, DisplayName, IntInRange, NewPassword, NewUsername } from './fields.js';
import { Trim } from './transforms.js';

/** POST /api/family-invites (decision 012). Bounds are the decider's too; this is the edge. */
export class CreateInviteDto {
  @IsOptional()
  @IsIn(INVITE_ROLES, { message: messages.inviteRole })
  role?: (typeof INVITE_ROLES)[number];

  @IsOptional()
  @IntInRange(limits.invite.maxUsesMin, limits.invite.maxUsesMax, messages.inviteMaxUses)
  maxUses?: number;

  // An emptied date field in a form arrives as "": that means no expiry, like leaving it out.
  @Transform(({ value }) => (value === '' ? undefined : value))
  @IsOptional()
  @IsISO8601({ strict: true }, { message: messages.inviteExpiry })
  @DateInBounds()
  expiresAt?: string | null;
}

const given = (v: unknown) => v !== undefined && v !== null;
const joinsLocally = (o: JoinFamilyDto) => given(o.username) && given(o.name) && given(o.password);
const localOnly = (o: JoinFamilyDto) => !given(o.hubToken) && joinsLocally(o);

/**
 * POST /api/join-family/{token}: either a hub token (the hub says who this is; `hubUser` is ignored) or a new
 * local account. Anything else is answered with one message naming both ways.
 */
export class JoinFamilyDto {
  @ValidateIf((o: JoinFamilyDto) => given(o.hubToken) || !joinsLocally(o))
  @Trim()
  @IsString({ message: messages.joinMethod })
  @IsNotEmpty({ message: messages.joinMethod })
  hubToken?: string;

  /** What the browser believes about the hub user: never trusted, kept only so the body validates. */
  @IsOptional()
  hubUser?: unknown;

  @ValidateIf(localOnly)
  @NewUsername()
  username?: string;

  @ValidateIf(localOnly)
  @DisplayName()
  name?: string;

  @ValidateIf(localOnly)
  @NewPassword()
  password?: string;
}
