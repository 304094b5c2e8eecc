import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HubLoginDto, messages } from '@familyos/contracts';
import { DomainError } from '@familyos/domain';
import type { AppConfig } from '../../config.js';
import { SignInOutsider } from '../../access/access-request.handlers.js';
import { selfActor, userView } from '../../members/user-view.js';
import { MembersQueries } from '../../members/members.queries.js';
import { CONFIG } from '../../platform/tokens.js';
import { valid } from '../../platform/validation.js';
import { Public } from '../auth.guard.js';
import { MembersRepository } from '../members-repository.js';
import { addressKey, SignInRateLimiter } from '../rate-limit.js';
import { setSessionCookie } from '../session-cookie.js';
import { SessionsService } from '../sessions.service.js';
import { HubClient } from './hub-client.js';
import { MergeHubProfile } from './merge-hub-profile.handler.js';

@Controller('api/auth')
export class HubLoginController {
  constructor(
    private readonly hub: HubClient,
    private readonly commands: CommandBus,
    private readonly members: MembersRepository,
    private readonly memberQueries: MembersQueries,
    private readonly sessions: SessionsService,
    private readonly limiter: SignInRateLimiter,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  /** POST /api/auth/hub-login: only the hub's answer for the token counts; `hubUser` from the browser is ignored. */
  @Public()
  @Post('hub-login')
  @HttpCode(200)
  async hubLogin(@Body(valid(HubLoginDto)) body: HubLoginDto, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    if (!this.hub.configured) throw new DomainError('not_found', messages.hubNotConfigured);
    this.limiter.hit([{ key: `login-ip:${addressKey(request.ip)}`, limit: this.limiter.limits.perAddress }]);
    const hubUser = await this.hub.identify(body.hubToken);
    if (!hubUser) throw new DomainError('unauthorized', messages.hubTokenInvalid);
    const outcome = await this.commands.execute(
      new SignInOutsider({
        provider: 'hub',
        subject: hubUser.id,
        username: hubUser.username,
        name: hubUser.name,
        email: hubUser.email,
        namedFamilyId: hubUser.familyId,
      }),
    );
    if (outcome.kind === 'pending') {
      // 403 with the request it waits on, so the sign-in page can say who decides (decision 012).
      void reply.status(403);
      const error = outcome.familyId ? messages.accessPending : messages.accessPendingSystem;
      return { error, pending: { id: outcome.id, familyId: outcome.familyId } };
    }
    // A deactivated member is refused by sessions.start below; nothing of theirs is written first.
    if ((await this.members.byId(outcome.memberId)).state.active) await this.commands.execute(new MergeHubProfile(outcome.memberId, hubUser));
    const { state: member } = await this.members.byId(outcome.memberId);
    const { token } = await this.sessions.start(member, 'hub');
    setSessionCookie(reply, token, this.config);
    return { token, user: userView(member, selfActor(member), await this.memberQueries.today(member.familyId)) };
  }
}
