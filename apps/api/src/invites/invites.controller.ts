import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CreateInviteDto, JoinFamilyDto, limits, messages } from '@familyos/contracts';
import { DomainError, type Actor } from '@familyos/domain';
import type { AppConfig } from '../config.js';
import { FamilyActor, Public, Requires } from '../auth/auth.guard.js';
import { HubClient } from '../auth/hub/hub-client.js';
import { MembersRepository } from '../auth/members-repository.js';
import { addressKey, SignInRateLimiter } from '../auth/rate-limit.js';
import { setSessionCookie } from '../auth/session-cookie.js';
import { SessionsService } from '../auth/sessions.service.js';
import { selfActor, userView } from '../members/user-view.js';
import { MembersQueries } from '../members/members.queries.js';
import { Idempotent } from '../platform/idempotency.js';
import { ReadYourWrites } from '../platform/read-your-writes.js';
import { CONFIG } from '../platform/tokens.js';
import { valid } from '../platform/validation.js';
import { CreateInvite, DeactivateInvite, hubJoiner, JoinFamily, type Joiner } from './invite.handlers.js';
import { InvitesQueries } from './invites.queries.js';

type FamilyMember = Actor & { familyId: string };

/** SPEC §2 Admin panel, decision 012: an admin's invite links. */
@Controller('api/family-invites')
export class FamilyInvitesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: InvitesQueries,
    private readonly ryw: ReadYourWrites,
  ) {}

  @Get()
  @Requires('manageInvites')
  list(@FamilyActor() actor: FamilyMember) {
    return this.queries.list(actor);
  }

  @Post()
  @HttpCode(201)
  @Requires('manageInvites')
  @Idempotent()
  async create(@FamilyActor() actor: FamilyMember, @Body(valid(CreateInviteDto)) body: CreateInviteDto) {
    const { inviteId } = await this.commands.execute(
      new CreateInvite(actor, {
        role: body.role ?? 'child',
        maxUses: body.maxUses ?? limits.invite.maxUsesDefault,
        expiresAt: body.expiresAt ?? null,
      }),
    );
    await this.ryw.settle();
    return this.queries.one(actor, inviteId);
  }

  @Post(':id/deactivate')
  @HttpCode(200)
  @Requires('manageInvites')
  async deactivate(@FamilyActor() actor: FamilyMember, @Param('id') id: string) {
    await this.commands.execute(new DeactivateInvite(actor, id));
    await this.ryw.settle();
    return this.queries.one(actor, id);
  }
}

/** The join page (/invite/<token>) and the join itself: no session needed, the link is the credential. */
@Controller('api')
export class JoinFamilyController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: InvitesQueries,
    private readonly sessions: SessionsService,
    private readonly members: MembersRepository,
    private readonly memberQueries: MembersQueries,
    private readonly limiter: SignInRateLimiter,
    private readonly hub: HubClient,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Get('public/invite/:token')
  view(@Param('token') token: string) {
    return this.queries.publicView(token);
  }

  @Public()
  @Post('join-family/:token')
  @HttpCode(201)
  async join(
    @Param('token') token: string,
    @Body(valid(JoinFamilyDto)) body: JoinFamilyDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    // Every attempt counts, a failed guess too: links cannot be tried cheaply from one address.
    this.limiter.hit([{ key: `join-ip:${addressKey(request.ip)}`, limit: this.limiter.limits.joinsPerAddress }]);
    const joiner = await this.joinerOf(body);
    const { memberId } = await this.commands.execute(new JoinFamily(token, joiner));
    const { state: member } = await this.members.byId(memberId);
    const session = await this.sessions.start(member, 'join');
    setSessionCookie(reply, session.token, this.config);
    return { token: session.token, user: userView(member, selfActor(member), await this.memberQueries.today(member.familyId)) };
  }

  /** A hub join is whoever the hub says owns the token; the body's hubUser is never read. */
  private async joinerOf(body: JoinFamilyDto): Promise<Joiner> {
    if (body.hubToken) {
      const user = await this.hub.identify(body.hubToken);
      if (!user) throw new DomainError('unauthorized', messages.hubTokenInvalid);
      return hubJoiner(user);
    }
    return { kind: 'local', username: body.username!, name: body.name!, password: body.password! };
  }
}
