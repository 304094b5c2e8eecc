import { IsOptional, IsString, MaxLength } from 'class-validator';
import { messages } from '../messages.js';

/** POST /api/notifications/read-all. */
export class ReadAllNotificationsDto {
  /**
   * The newest notification the member saw: it and every older one become read, one that arrived since stays
   * unread. Without it: every notification there is now.
   */
  @IsOptional()
  @IsString({ message: messages.notificationUpTo })
  @MaxLength(200, { message: messages.notificationUpTo })
  upTo?: string;
}
