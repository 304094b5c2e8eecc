import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AssignFamilyDto, RejectUserDto } from '@familyos/contracts';
import type { Actor } from '@familyos/domain';
import { AssignFamily, DecideAccessRequest } from '../access/access-request.handlers.js';
import { AccessRequestsQueries } from '../admin/access-requests.queries.js';
import { CurrentActor, Requires } from '../auth/auth.guard.js';
import { MembersRepository } from '../auth/members-repository.js';
import { userView } from '../members/user-view.js';
import { MembersQueries } from '../members/members.queries.js';
import { valid } from '../platform/validation.js';
import { SystemAdminQueries } from './system-admin.queries.js';

/** The platform administrator's view (SPEC §7 "System admin"): superusers only, 403 for everyone else. */
@Controller('api/system-admin')
@Requires('systemAdmin')
export class SystemAdminController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: SystemAdminQueries,
    private readonly requests: AccessRequestsQueries,
    private readonly members: MembersRepository,
    private readonly memberQueries: MembersQueries,
  ) {}

  @Get('platform-stats')
  platformStats() {
    return this.queries.platformStats();
  }

  @Get('all-families')
  allFamilies() {
    return this.queries.allFamilies();
  }

  @Get('all-users')
  allUsers(@CurrentActor() actor: Actor) {
    return this.queries.allUsers(actor);
  }

  @Get('all-pending-users')
  allPendingUsers() {
    return this.requests.all();
  }

  @Get('system-pending-users')
  systemPendingUsers() {
    return this.requests.systemLevel();
  }

  @Post('assign-family')
  @HttpCode(200)
  async assignFamily(@CurrentActor() actor: Actor, @Body(valid(AssignFamilyDto)) body: AssignFamilyDto) {
    const target = body.familyId ? { familyId: body.familyId } : { newFamilyName: body.newFamilyName! };
    const { memberId, familyId } = await this.commands.execute(new AssignFamily(actor, body.pendingUserId, target, body.role ?? 'admin'));
    const { state } = await this.members.byId(memberId);
    return { ok: true, familyId, user: userView(state, actor, await this.memberQueries.today(state.familyId)) };
  }

  @Post('reject-user')
  @HttpCode(200)
  async rejectUser(@CurrentActor() actor: Actor, @Body(valid(RejectUserDto)) body: RejectUserDto) {
    await this.commands.execute(new DecideAccessRequest(actor, body.pendingUserId, false));
    return { ok: true };
  }
}
