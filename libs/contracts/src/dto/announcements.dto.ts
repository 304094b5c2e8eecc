import { IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { limits } from '../limits.js';
import { messages } from '../messages.js';
import { RequiredText } from './fields.js';

/** PUT /api/announcements/{id} {content}: the author's new text, with SPEC §5's limits (the photo stays). */
export class EditAnnouncementDto {
  @RequiredText(limits.announcement.max, messages.announcementRequired, messages.announcementTooLong)
  content!: string;
}

/** POST /api/announcements {content, photoUrl?}: the author is the signed-in member, never a body field. */
export class PostAnnouncementDto extends EditAnnouncementDto {
  /** A URL answered by POST /api/upload-photo; null, empty or absent for none. Whose photo it is, the decider checks. */
  @IsOptional()
  @ValidateIf((_, v) => v !== null && v !== '')
  @IsString({ message: messages.photoUrl })
  @MaxLength(200, { message: messages.photoUrl })
  photoUrl?: string | null;
}

/** POST /api/announcements/{id}/comments {content}. Empty or whitespace-only is refused (SPEC §5). */
export class AddCommentDto {
  @RequiredText(limits.comment.max, messages.commentEmpty, messages.commentTooLong)
  content!: string;
}

/** PUT /api/announcements/{id}/comments/{commentId} {content}: the author's new words, with a reply's limits. */
export class EditCommentDto extends AddCommentDto {}
