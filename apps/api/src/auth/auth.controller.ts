import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LoginDto, messages, RegisterDto, type TokenStatusView } from '@familyos/contracts';
import { abilitiesOf, DomainError } from '@familyos/domain';
import type { AppConfig } from '../config.js';
import { selfActor, userView } from '../members/user-view.js';
import { familyToday, MembersQueries } from '../members/members.queries.js';
import { CLOCK, CONFIG, type Clock } from '../platform/tokens.js';
import { valid } from '../platform/validation.js';
import { CurrentSession, Public } from './auth.guard.js';
import { MembersRepository } from './members-repository.js';
import { Passwords } from './passwords.js';
import { addressKey, SignInRateLimiter } from './rate-limit.js';
import { RegisterFamily } from './register.handler.js';
import { SESSION_COOKIE, SessionsService, type SignedIn } from './sessions.service.js';
import { setSessionCookie } from './session-cookie.js';
import { DEMO_PASSWORD } from '../demo/demo-family.js';
import { DemoAccountsQueries } from './demo-accounts.queries.js';
import { tokenStatus } from './token-status.js';
import { LIVE_ID_HEADER, LiveFeed } from '../live/live-feed.js';

@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly sessions: SessionsService,
    private readonly members: MembersRepository,
    private readonly memberQueries: MembersQueries,
    private readonly limiter: SignInRateLimiter,
    private readonly commands: CommandBus,
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly demoAccountsQueries: DemoAccountsQueries,
    private readonly passwords: Passwords,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly live: LiveFeed,
  ) {}

  private setCookie(reply: FastifyReply, token: string): void {
    setSessionCookie(reply, token, this.config);
  }

  @Public()
  @Post('login')
  @HttpCode(200)
  async login(@Body(valid(LoginDto)) body: LoginDto, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    this.limiter.passwordSignIn(request.ip, body.username);
    const memberId = await this.members.idForUsername(body.username);
    const member = memberId ? (await this.members.byId(memberId)).state : null;
    const ok = await this.passwords.verifyOrSpend(body.password, member?.passwordHash);
    if (!member || !member.passwordHash || !ok) throw new DomainError('unauthorized', messages.invalidCredentials);
    this.limiter.signedIn(request.ip, body.username);
    const { token } = await this.sessions.start(member, 'password');
    this.setCookie(reply, token);
    return { token, user: userView(member, selfActor(member), await this.memberQueries.today(member.familyId)) };
  }

  @Public()
  @Post('register')
  @HttpCode(201)
  async register(@Body(valid(RegisterDto)) body: RegisterDto, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    if (!this.config.registration) throw new DomainError('forbidden', 'Registration is turned off on this server');
    this.limiter.hit([{ key: `register-ip:${addressKey(request.ip)}`, limit: this.limiter.limits.registrationsPerAddress }]);
    const { memberId } = await this.commands.execute(new RegisterFamily(body));
    const { state: member } = await this.members.byId(memberId);
    const { token } = await this.sessions.start(member, 'register');
    this.setCookie(reply, token);
    return { token, user: userView(member, selfActor(member), await this.memberQueries.today(member.familyId)) };
  }

  @Public()
  @Post('logout')
  @HttpCode(200)
  async logout(@CurrentSession() session: SignedIn | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    if (session) await this.sessions.end(session);
    void reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true };
  }

  @Get('me')
  async me(@CurrentSession() session: SignedIn, @Res({ passthrough: true }) reply: FastifyReply) {
    // A page checks its session before it reads anything else: the family's change id now is where its first
    // change stream resumes from (decision 063).
    const familyId = session.member.familyId;
    const liveId = familyId ? await this.live.changeIdNow(familyId) : null;
    if (liveId !== null) void reply.header(LIVE_ID_HEADER, String(liveId));
    // The family's time zone came with the session (decision 048): nothing else is read.
    const today = session.timeZone === null ? null : familyToday(this.clock.now(), session.timeZone);
    return { ...userView(session.member, session.actor, today), abilities: abilitiesOf(session.member.role) };
  }

  @Public()
  @Get('providers')
  providers() {
    return {
      demo: this.config.demo,
      hub: Boolean(this.config.hubUrl && this.config.hubServiceId),
      oidc: this.config.oidc !== null,
      registration: this.config.registration,
      hubUrl: this.config.hubUrl && this.config.hubServiceId ? this.config.hubUrl : null,
      hubServiceId: this.config.hubUrl && this.config.hubServiceId ? this.config.hubServiceId : null,
      oidcName: this.config.oidc?.name ?? null,
    };
  }

  @Public()
  @Get('demo-accounts')
  async demoAccounts() {
    if (!this.config.demo) return { enabled: false, password: null, accounts: [] };
    const accounts = await this.demoAccountsQueries.list();
    return { enabled: accounts.length > 0, password: DEMO_PASSWORD, accounts };
  }
}

/**
 * GET /api/debug/tokens: whether tokens exist and when they expire, never their values (DESIGN §9). The web app
 * sends the hub access token it holds as X-Hub-Token (SPEC §7), an untrusted header: see token-status.ts.
 */
@Controller('api/debug')
export class DebugController {
  @Get('tokens')
  tokens(@CurrentSession() session: SignedIn, @Req() request: FastifyRequest): TokenStatusView {
    return tokenStatus(session, request.headers.authorization ? 'bearer' : 'cookie', request.headers['x-hub-token']);
  }
}
