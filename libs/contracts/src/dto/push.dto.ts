import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDefined, IsIn, IsString, Matches, MaxLength, ValidateNested } from 'class-validator';
import { NOTIFICATION_KINDS } from '../notification-kinds.js';
import type { NotificationKind } from '../views/notifications.js';
import { messages } from '../messages.js';
import { compose } from './fields.js';

/** Every kind of notification a member may choose to have pushed (the notification centre's kinds). */
export const PUSH_KINDS = NOTIFICATION_KINDS;

/** An endpoint is a URL the push service gave the browser; real ones are a few hundred characters. */
export const PUSH_ENDPOINT_MAX = 1000;
// base64url: a P-256 public key is 65 bytes (87 characters), an auth secret 16 (22).
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

class PushKeysDto {
  @IsString({ message: messages.pushKeys })
  @MaxLength(200, { message: messages.pushKeys })
  @Matches(BASE64URL, { message: messages.pushKeys })
  p256dh!: string;

  @IsString({ message: messages.pushKeys })
  @MaxLength(100, { message: messages.pushKeys })
  @Matches(BASE64URL, { message: messages.pushKeys })
  auth!: string;
}

const Kinds = () =>
  compose(IsArray({ message: messages.pushKinds }), ArrayMaxSize(PUSH_KINDS.length, { message: messages.pushKinds }), IsIn(PUSH_KINDS, { each: true, message: messages.pushKinds }));

/** POST /api/push/subscriptions: what `pushManager.subscribe` gave the browser, and the kinds it wants. */
export class SubscribePushDto {
  @IsString({ message: messages.pushEndpoint })
  @MaxLength(PUSH_ENDPOINT_MAX, { message: messages.pushEndpoint })
  endpoint!: string;

  @IsDefined({ message: messages.pushKeys })
  @ValidateNested()
  @Type(() => PushKeysDto)
  keys!: PushKeysDto;

  @Kinds()
  kinds!: NotificationKind[];
}

/** PUT /api/push/subscriptions/{id}. */
export class ChangePushKindsDto {
  @Kinds()
  kinds!: NotificationKind[];
}
