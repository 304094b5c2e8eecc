import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CommandBus } from '@nestjs/cqrs';
import { RequestRedemptionDto, UpdateRedemptionDto } from '@familyos/contracts';
import type { Actor } from '@familyos/domain';
import { FamilyActor, Requires } from '../auth/auth.guard.js';
import { PAGE_QUERY, pageParams, withNextCursor } from '../platform/history-page.js';
import { Idempotent } from '../platform/idempotency.js';
import { ReadYourWrites } from '../platform/read-your-writes.js';
import { valid } from '../platform/validation.js';
import { RequestRedemption } from './request-redemption.handler.js';
import { ReviewRedemption } from './review-redemption.handler.js';
import { RedemptionsQueries, redemptionView } from './redemptions.queries.js';

type FamilyMember = Actor & { familyId: string };

@Controller('api/redemptions')
export class RedemptionsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: RedemptionsQueries,
    private readonly ryw: ReadYourWrites,
  ) {}

  /** Newest first, a page at a time (decision 051); `?status=pending` for the open requests. */
  @Get()
  async list(
    @FamilyActor() actor: FamilyMember,
    @Query(PAGE_QUERY) query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Query('status') status?: string,
  ) {
    const page = await this.queries.list(actor, pageParams(query), status);
    return withNextCursor(reply, page.next, page.items);
  }

  @Post()
  @HttpCode(201)
  @Requires('requestRedemptions')
  @Idempotent()
  async request(@FamilyActor() actor: FamilyMember, @Body(valid(RequestRedemptionDto)) body: RequestRedemptionDto) {
    const { redemptionId } = await this.commands.execute(new RequestRedemption(actor, body.option));
    await this.ryw.settle();
    return redemptionView(actor, await this.queries.doc(actor, redemptionId), await this.queries.accounts(actor));
  }

  @Put(':id')
  @Requires('reviewRedemptions')
  async review(@FamilyActor() actor: FamilyMember, @Param('id') id: string, @Body(valid(UpdateRedemptionDto)) body: UpdateRedemptionDto) {
    const doc = await this.queries.doc(actor, id);
    await this.commands.execute(new ReviewRedemption(actor, id, doc.userId, body.status));
    await this.ryw.settle();
    return redemptionView(actor, await this.queries.doc(actor, id), await this.queries.accounts(actor));
  }
}
