import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CommandBus } from '@nestjs/cqrs';
import { limits, ReadAllNotificationsDto } from '@familyos/contracts';
import type { Actor } from '@familyos/domain';
import { FamilyActor } from '../auth/auth.guard.js';
import { ReadYourWrites } from '../platform/read-your-writes.js';
import { valid } from '../platform/validation.js';
import { NotificationsQueries, notificationView } from './notifications.queries.js';
import { PAGE_QUERY, pageParams, withNextCursor } from '../platform/history-page.js';
import { ReadNotifications } from './read-notifications.handler.js';

type FamilyMember = Actor & { familyId: string };

/** The signed-in member's notification centre (issue 20): every member has one, and sees only their own. */
@Controller('api/notifications')
export class NotificationsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: NotificationsQueries,
    private readonly ryw: ReadYourWrites,
  ) {}

  /** Newest first: the newest 30 unless `?limit=`, older ones after `?cursor=` (decision 051); `unread` counts them all. */
  @Get()
  async list(@FamilyActor() actor: FamilyMember, @Query(PAGE_QUERY) query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply) {
    const page = await this.queries.list(actor, pageParams(query, limits.notifications.listed));
    return withNextCursor(reply, page.next, NotificationsQueries.view(page));
  }

  // Reading creates nothing and reading twice changes nothing: no Idempotency-Key is needed.
  @Post('read-all')
  @HttpCode(200)
  async readAll(@FamilyActor() actor: FamilyMember, @Body(valid(ReadAllNotificationsDto)) body: ReadAllNotificationsDto) {
    const upTo = body.upTo === undefined ? await this.queries.newest(actor) : await this.queries.own(actor, body.upTo);
    if (upTo) await this.commands.execute(new ReadNotifications(actor, { type: 'MarkAllNotificationsRead', upTo: upTo.position }));
    await this.ryw.settle();
    return NotificationsQueries.view(await this.queries.list(actor));
  }

  @Post(':id/read')
  @HttpCode(200)
  async read(@FamilyActor() actor: FamilyMember, @Param('id') id: string) {
    const doc = await this.queries.own(actor, id);
    await this.commands.execute(new ReadNotifications(actor, { type: 'MarkNotificationRead', notificationId: doc.id, position: doc.position }));
    await this.ryw.settle();
    return notificationView(await this.queries.own(actor, id));
  }
}
