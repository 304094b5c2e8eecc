import { IsNotEmpty, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { limits } from '../limits.js';
import { messages } from '../messages.js';
import { Trim } from './transforms.js';

/** POST /api/announcements {content, photoUrl?}: the author is the signed-in member, never a body field. */
export class PostAnnouncementDto {
  @Trim()
  @IsString({ message: messages.announcementRequired })
  @IsNotEmpty({ message: messages.announcementRequired })
  @MaxLength(limits.announcement.max, { message: messages.announcementTooLong })
  content!: string;

  /** A URL answered by POST /api/upload-photo; null, empty or absent for none. Whose photo it is, the decider checks. */
  @IsOptional()
  @ValidateIf((_, v) => v !== null && v !== '')
  @IsString({ message: messages.photoUrl })
  @MaxLength(200, { message: messages.photoUrl })
  photoUrl?: string | null;
}

/** POST /api/announcements/{id}/comments {content}. Empty or whitespace-only is refused (SPEC §5). */
export class AddCommentDto {
  @Trim()
  @IsString({ message: messages.commentEmpty })
  @IsNotEmpty({ message: messages.commentEmpty })
  @MaxLength(limits.comment.max, { message: messages.commentTooLong })
  content!: string;
}
