import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CommandBus } from '@nestjs/cqrs';
import { AddCommentDto, EditAnnouncementDto, EditCommentDto, PostAnnouncementDto } from '@familyos/contracts';
import type { Actor } from '@familyos/domain';
import { FamilyActor, Requires } from '../auth/auth.guard.js';
import { PAGE_QUERY, pageParams, withNextCursor } from '../platform/history-page.js';
import { Idempotent } from '../platform/idempotency.js';
import { ReadYourWrites } from '../platform/read-your-writes.js';
import { valid } from '../platform/validation.js';
import { AddComment, DeleteAnnouncement, DeleteComment, EditAnnouncement, EditComment, PostAnnouncement } from './announcement.handlers.js';
import { AnnouncementsQueries } from './announcements.queries.js';

type FamilyMember = Actor & { familyId: string };

/**
 * SPEC §2 Announcements page, §7: the family's board and its reply threads. Any member posts and replies (§6);
 * authors edit and delete their own posts and comments, an admin removes anyone's (decided by the decider,
 * decision 030). Every answer carries `can`, what the caller may do to that record.
 */
@Controller('api/announcements')
export class AnnouncementsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: AnnouncementsQueries,
    private readonly ryw: ReadYourWrites,
  ) {}

  /** Newest first, a page at a time (decision 051); `?limit=3` for the compact card. */
  @Get()
  async list(@FamilyActor() actor: FamilyMember, @Query(PAGE_QUERY) query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply) {
    const page = await this.queries.list(actor, pageParams(query));
    return withNextCursor(reply, page.next, page.items);
  }

  @Post()
  @HttpCode(201)
  @Requires('postAnnouncements')
  @Idempotent()
  async post(@FamilyActor() actor: FamilyMember, @Body(valid(PostAnnouncementDto)) body: PostAnnouncementDto) {
    const { announcementId } = await this.commands.execute(new PostAnnouncement(actor, body));
    await this.ryw.settle();
    return this.queries.one(actor, announcementId);
  }

  /** The thread, oldest first, a page at a time: the next page holds the later replies. */
  @Get(':id/comments')
  async comments(
    @FamilyActor() actor: FamilyMember,
    @Param('id') id: string,
    @Query(PAGE_QUERY) query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const page = await this.queries.comments(actor, id, pageParams(query));
    return withNextCursor(reply, page.next, page.items);
  }

  @Post(':id/comments')
  @HttpCode(201)
  @Requires('postAnnouncements')
  @Idempotent()
  async comment(@FamilyActor() actor: FamilyMember, @Param('id') id: string, @Body(valid(AddCommentDto)) body: AddCommentDto) {
    const { commentId } = await this.commands.execute(new AddComment(actor, id, body));
    await this.ryw.settle();
    return this.queries.comment(actor, commentId);
  }

  /** The author's new text: the post, marked edited. */
  @Put(':id')
  async edit(@FamilyActor() actor: FamilyMember, @Param('id') id: string, @Body(valid(EditAnnouncementDto)) body: EditAnnouncementDto) {
    await this.commands.execute(new EditAnnouncement(actor, id, body));
    await this.ryw.settle();
    return this.queries.one(actor, id);
  }

  /** The post leaves every list with its thread and photo; the log keeps them. */
  @Delete(':id')
  @HttpCode(204)
  async remove(@FamilyActor() actor: FamilyMember, @Param('id') id: string): Promise<void> {
    await this.commands.execute(new DeleteAnnouncement(actor, id));
    await this.ryw.settle();
  }

  @Put(':id/comments/:commentId')
  async editComment(
    @FamilyActor() actor: FamilyMember,
    @Param('id') id: string,
    @Param('commentId') commentId: string,
    @Body(valid(EditCommentDto)) body: EditCommentDto,
  ) {
    await this.commands.execute(new EditComment(actor, id, commentId, body));
    await this.ryw.settle();
    return this.queries.comment(actor, commentId);
  }

  @Delete(':id/comments/:commentId')
  @HttpCode(204)
  async removeComment(@FamilyActor() actor: FamilyMember, @Param('id') id: string, @Param('commentId') commentId: string): Promise<void> {
    await this.commands.execute(new DeleteComment(actor, id, commentId));
    await this.ryw.settle();
  }
}
