import { Controller, Get, HttpCode, Inject, Post, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { limits, messages } from '@familyos/contracts';
import type { Actor } from '@familyos/domain';
import { FamilyActor, Requires } from '../auth/auth.guard.js';
import { SignInRateLimiter } from '../auth/rate-limit.js';
import { reportLimits } from '../mail/mail-limits.js';
import { PAGE_QUERY, pageParams, withNextCursor } from '../platform/history-page.js';
import { Idempotent } from '../platform/idempotency.js';
import { ReadYourWrites } from '../platform/read-your-writes.js';
import { CLOCK, type Clock } from '../platform/tokens.js';
import { GenerateWeeklyReport } from './generate-report.handler.js';
import { ReportsQueries } from './reports.queries.js';

type FamilyMember = Actor & { familyId: string };

/**
 * SPEC §7 reports: GET /api/reports (the family's history, newest week first, SPEC §9's 5 unless ?limit=, at most
 * 52 a page, older ones after ?cursor=; decision 051),
 * GET /api/reports/latest (the newest, or 204 No Content when the family has none yet), GET
 * /api/reports/preview (admin: the week so far, stored nowhere), POST /api/reports/generate (parents).
 */
@Controller('api/reports')
export class ReportsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: ReportsQueries,
    private readonly ryw: ReadYourWrites,
    private readonly limiter: SignInRateLimiter,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get()
  async list(@FamilyActor() actor: FamilyMember, @Query(PAGE_QUERY) query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply) {
    const page = await this.queries.list(actor, pageParams(query, limits.reports.historyCount, limits.reports.historyMax, messages.reportsLimit));
    return withNextCursor(reply, page.next, page.items);
  }

  @Get('latest')
  async latest(@FamilyActor() actor: FamilyMember, @Res({ passthrough: true }) reply: FastifyReply) {
    const report = await this.queries.latest(actor);
    if (!report) {
      void reply.status(204);
      return undefined;
    }
    return report;
  }

  @Get('preview')
  @Requires('previewReport')
  preview(@FamilyActor() actor: FamilyMember) {
    return this.queries.preview(actor, this.clock.now());
  }

  /**
   * Generates (or regenerates: one report per family and week) the current week's report, and answers it. Each
   * one is mailed to the parents who want it, so it is limited per member and per family (decision 043).
   */
  @Post('generate')
  @HttpCode(201)
  @Requires('generateReports')
  @Idempotent()
  async generate(@FamilyActor() actor: FamilyMember) {
    this.limiter.hit(reportLimits(actor.id, actor.familyId));
    const { weekStartDate } = await this.commands.execute(new GenerateWeeklyReport(actor, actor.familyId, 'manual'));
    await this.ryw.settle();
    return this.queries.one(actor, weekStartDate);
  }
}
