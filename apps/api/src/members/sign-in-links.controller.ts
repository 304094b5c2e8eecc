import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { UseSignInLinkDto } from '@familyos/contracts';
import type { AppConfig } from '../config.js';
import { Public } from '../auth/auth.guard.js';
import { MembersRepository } from '../auth/members-repository.js';
import { SignInRateLimiter } from '../auth/rate-limit.js';
import { setSessionCookie } from '../auth/session-cookie.js';
import { SessionsService } from '../auth/sessions.service.js';
import { CONFIG } from '../platform/tokens.js';
import { valid } from '../platform/validation.js';
import { UseSignInLink } from './sign-in-link.handlers.js';
import { SignInLinksQueries } from './sign-in-links.queries.js';
import { selfActor, userView } from './user-view.js';
import { MembersQueries } from './members.queries.js';

/** The set-password page (/set-password/<token>): no session needed, the one-time link is the credential. */
@Controller('api')
export class SignInLinksController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: SignInLinksQueries,
    private readonly members: MembersRepository,
    private readonly memberQueries: MembersQueries,
    private readonly sessions: SessionsService,
    private readonly limiter: SignInRateLimiter,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Get('public/sign-in-link/:token')
  view(@Param('token') token: string) {
    return this.queries.publicView(token);
  }

  /** Sets the member's password, spends the link and signs the member in (decision 029). */
  @Public()
  @Post('sign-in-link/:token')
  @HttpCode(200)
  async use(
    @Param('token') token: string,
    @Body(valid(UseSignInLinkDto)) body: UseSignInLinkDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    // Every attempt counts, as for invites: links cannot be tried cheaply from one address.
    this.limiter.hit([{ key: `link-ip:${request.ip}`, limit: this.limiter.limits.joinsPerAddress }]);
    const { memberId } = await this.commands.execute(new UseSignInLink(token, body.password));
    const { state: member } = await this.members.byId(memberId);
    const session = await this.sessions.start(member, 'link');
    setSessionCookie(reply, session.token, this.config);
    return { token: session.token, user: userView(member, selfActor(member), await this.memberQueries.today(member.familyId)) };
  }
}
