import { Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CommandBus } from '@nestjs/cqrs';
import { IssuePointsDto } from '@familyos/contracts';
import type { Actor } from '@familyos/domain';
import { FamilyActor, Requires } from '../auth/auth.guard.js';
import { PAGE_QUERY, pageParams, withNextCursor } from '../platform/history-page.js';
import { Idempotent } from '../platform/idempotency.js';
import { ReadYourWrites } from '../platform/read-your-writes.js';
import { valid } from '../platform/validation.js';
import { IssuePoints } from './issue-points.handler.js';
import { PointsQueries } from './points.queries.js';

type FamilyMember = Actor & { familyId: string };

@Controller('api/points')
export class PointsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: PointsQueries,
    private readonly ryw: ReadYourWrites,
  ) {}

  /** Newest first, a page at a time (decision 051): `?limit=`, `?cursor=`, `?userId=` for one child. */
  @Get()
  async list(
    @FamilyActor() actor: FamilyMember,
    @Query(PAGE_QUERY) query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Query('userId') userId?: string,
  ) {
    const page = await this.queries.list(actor, pageParams(query), userId);
    return withNextCursor(reply, page.next, page.items);
  }

  @Get('balance')
  balance(@FamilyActor() actor: FamilyMember, @Query('userId') userId?: string) {
    return this.queries.balance(actor, userId || actor.id);
  }

  @Post()
  @HttpCode(201)
  @Requires('issuePoints')
  @Idempotent()
  async issue(@FamilyActor() actor: FamilyMember, @Body(valid(IssuePointsDto)) body: IssuePointsDto) {
    const { entryId } = await this.commands.execute(new IssuePoints(actor, body));
    await this.ryw.settle();
    return this.queries.entry(actor, entryId);
  }
}
