import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApproveUserDto } from '@familyos/contracts';
import type { Actor } from '@familyos/domain';
import { DecideAccessRequest } from '../access/access-request.handlers.js';
import { CurrentActor, Requires } from '../auth/auth.guard.js';
import { MembersRepository } from '../auth/members-repository.js';
import { userView } from '../members/user-view.js';
import { MembersQueries } from '../members/members.queries.js';
import { valid } from '../platform/validation.js';
import { AccessRequestsQueries } from './access-requests.queries.js';

/** The family's pending access requests (SPEC §7 "Admin and invites", decision 012). */
@Controller('api/admin')
@Requires('reviewHubRequests')
export class AdminController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: AccessRequestsQueries,
    private readonly members: MembersRepository,
    private readonly memberQueries: MembersQueries,
  ) {}

  @Get('pending-users')
  pendingUsers(@CurrentActor() actor: Actor) {
    return this.queries.forAdmin(actor);
  }

  @Post('approve-user')
  @HttpCode(200)
  async approveUser(@CurrentActor() actor: Actor, @Body(valid(ApproveUserDto)) body: ApproveUserDto) {
    const { memberId } = await this.commands.execute(new DecideAccessRequest(actor, body.pendingUserId, body.approve, body.role ?? 'child'));
    if (!memberId) return { ok: true };
    const { state } = await this.members.byId(memberId);
    return { ok: true, user: userView(state, actor, await this.memberQueries.today(state.familyId)) };
  }
}
