import { Controller, Get, Inject, Logger, Query, Redirect, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/cookie';
import { AuthorizationResponseError } from 'openid-client';
import { messages } from '@familyos/contracts';
import { DomainError } from '@familyos/domain';
import type { AppConfig } from '../../config.js';
import { CONFIG } from '../../platform/tokens.js';
import { SignInOutsider, type OutsiderResult } from '../../access/access-request.handlers.js';
import { JoinFamily } from '../../invites/invite.handlers.js';
import { Public } from '../auth.guard.js';
import { MembersRepository } from '../members-repository.js';
import { setSessionCookie } from '../session-cookie.js';
import { SessionsService } from '../sessions.service.js';
import { OidcClient, type OidcChecks } from './oidc-client.js';
import { Writes } from '../../platform/consistency.interceptor.js';

const FLOW_COOKIE = 'familyos_oidc';
/** Only the two OpenID routes ever see the flow cookie. */
const FLOW_PATH = '/api/auth/oidc';
const FLOW_SECONDS = 600;
const CALLBACK_PATH = '/api/auth/oidc/callback';

interface Flow extends OidcChecks {
  invite: string | null;
}

const encodeFlow = (flow: Flow) => Buffer.from(JSON.stringify(flow)).toString('base64url');

function decodeFlow(raw: string | undefined): Flow | null {
  if (!raw || raw.length > 4096) return null;
  try {
    const flow = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<Flow>;
    const strings = [flow.state, flow.nonce, flow.verifier, flow.redirectUri];
    if (!strings.every((s) => typeof s === 'string' && s.length > 0)) return null;
    return { ...(flow as Flow), invite: typeof flow.invite === 'string' ? flow.invite : null };
  } catch {
    return null;
  }
}

/**
 * GET /api/auth/oidc/start and /callback (decision 012): the browser goes to the family's own OpenID provider
 * and comes back here. Both answer redirects (404 when OpenID is not set up); our session token travels only in
 * its cookie, never in a URL.
 */
@Controller('api/auth/oidc')
export class OidcController {
  private readonly logger = new Logger('OidcController');

  constructor(
    private readonly oidc: OidcClient,
    private readonly sessions: SessionsService,
    private readonly members: MembersRepository,
    private readonly commands: CommandBus,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Get('start')
  @Redirect()
  async start(@Query('invite') invite: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    this.assertEnabled();
    const inviteToken = typeof invite === 'string' && invite.length > 0 && invite.length <= 200 ? invite : null;
    let begun: Awaited<ReturnType<OidcClient['begin']>>;
    try {
      begun = await this.oidc.begin(`${this.origin(request)}${CALLBACK_PATH}`);
    } catch (error) {
      this.logger.warn(`OpenID sign-in could not start: ${String(error)}`);
      return this.fail(messages.oidcFailed, inviteToken);
    }
    void reply.setCookie(FLOW_COOKIE, encodeFlow({ ...begun.checks, invite: inviteToken }), {
      path: FLOW_PATH,
      httpOnly: true,
      // Lax: the provider's redirect back is a top-level GET navigation, which still carries the cookie.
      sameSite: 'lax',
      secure: this.config.cookieSecure,
      maxAge: FLOW_SECONDS,
    });
    return { url: begun.url, statusCode: 302 };
  }

  @Public()
  @Writes()
  @Get('callback')
  @Redirect()
  async callback(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    this.assertEnabled();
    const flow = decodeFlow(request.cookies[FLOW_COOKIE]);
    // One flow, one try: whatever happens next, its state and verifier are not offered again.
    void reply.clearCookie(FLOW_COOKIE, { path: FLOW_PATH });
    if (!flow) return this.fail(messages.oidcFailed, null);

    let profile: Awaited<ReturnType<OidcClient['finish']>>;
    try {
      // The redirect URI sent at start, with the provider's answer: behind a proxy the request's own URL may differ.
      const callbackUrl = new URL(flow.redirectUri);
      callbackUrl.search = new URL(request.url, 'http://callback').search;
      profile = await this.oidc.finish(callbackUrl, flow);
    } catch (error) {
      if (error instanceof AuthorizationResponseError) {
        return this.fail(error.error_description?.slice(0, 200) || messages.oidcFailed, flow.invite);
      }
      this.logger.warn(`OpenID sign-in refused: ${String(error)}`);
      return this.fail(messages.oidcFailed, flow.invite);
    }

    if (flow.invite) {
      // Came through an invite link: join that family as this OpenID subject (no access request to wait for).
      let joined: { memberId: string };
      try {
        joined = await this.commands.execute(
          new JoinFamily(flow.invite, { kind: 'outside', provider: 'oidc', subject: profile.subject, username: profile.username, name: profile.name }),
        );
      } catch (error) {
        if (error instanceof DomainError) return this.fail(error.message, flow.invite);
        throw error;
      }
      return this.signIn(reply, joined.memberId, 'join');
    }

    let outcome: OutsiderResult;
    try {
      outcome = await this.commands.execute(
        new SignInOutsider({ provider: 'oidc', subject: profile.subject, username: profile.username, name: profile.name, email: profile.email, namedFamilyId: null }),
      );
    } catch (error) {
      if (error instanceof DomainError) return this.fail(error.message, null);
      throw error;
    }
    if (outcome.kind === 'pending') {
      // Not a failure: the sign-in page shows it as the wait it is (?waiting=, not ?error=).
      const waiting = outcome.familyId ? messages.accessPending : messages.accessPendingSystem;
      return { url: `/login?waiting=${encodeURIComponent(waiting)}`, statusCode: 302 };
    }
    return this.signIn(reply, outcome.memberId, 'oidc');
  }

  private async signIn(reply: FastifyReply, memberId: string, method: 'oidc' | 'join') {
    const { state: member } = await this.members.byId(memberId);
    // A deactivated member is sent back to the sign-in page with the reason, like any refused sign-in.
    if (!member.active) return this.fail(messages.memberDeactivated, null);
    const { token } = await this.sessions.start(member, method);
    setSessionCookie(reply, token, this.config);
    return { url: '/dashboard', statusCode: 302 };
  }

  private assertEnabled(): void {
    if (!this.oidc.enabled) throw new DomainError('not_found', messages.oidcNotConfigured);
  }

  /** PUBLIC_URL when set (behind a proxy that rewrites the host), else the origin this request came to. */
  private origin(request: FastifyRequest): string {
    return this.config.publicUrl ?? `${request.protocol}://${request.host}`;
  }

  private fail(message: string, invite: string | null) {
    const page = invite ? `/invite/${encodeURIComponent(invite)}` : '/login';
    return { url: `${page}?error=${encodeURIComponent(message)}`, statusCode: 302 };
  }
}
