import { Inject, Injectable, Logger } from '@nestjs/common';
import * as oidc from 'openid-client';
import type { AppConfig } from '../../config.js';
import { CONFIG } from '../../platform/tokens.js';

/** What one sign-in must prove on the way back: kept in the browser's short-lived flow cookie. */
export interface OidcChecks {
  state: string;
  nonce: string;
  verifier: string;
  redirectUri: string;
}

/** The person the provider vouched for. */
export interface OidcProfile {
  subject: string;
  /** The provider's name for them (preferred_username, else the email's local part, else the subject). */
  username: string;
  name: string;
  email: string | null;
}

const SCOPE = 'openid profile email';

/**
 * The relying-party side of OpenID Connect (authorization code flow with PKCE, state and nonce) through
 * openid-client. The provider's metadata is discovered on first use, not at boot: a provider that is down
 * must not stop the family's server from starting, and a failed discovery is tried again next time.
 */
@Injectable()
export class OidcClient {
  private readonly logger = new Logger('OidcClient');
  private discovered: Promise<oidc.Configuration> | null = null;

  constructor(@Inject(CONFIG) private readonly config: AppConfig) {}

  get enabled(): boolean {
    return this.config.oidc !== null;
  }

  private configuration(): Promise<oidc.Configuration> {
    const settings = this.config.oidc;
    if (!settings) throw new Error('OpenID Connect is not configured');
    if (!this.discovered) {
      const issuer = new URL(settings.issuer);
      const discovering = oidc.discovery(issuer, settings.clientId, settings.clientSecret, undefined, {
        // config.ts only lets plain http through for a provider on this machine (tests, `npm run dev:oidc`).
        execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
        timeout: 10,
      });
      this.discovered = discovering;
      discovering.catch((error: unknown) => {
        this.logger.warn(`OpenID discovery at ${settings.issuer} failed: ${String(error)}`);
        if (this.discovered === discovering) this.discovered = null;
      });
    }
    return this.discovered;
  }

  /** The provider's authorization URL for a new sign-in, and the checks its answer must pass. */
  async begin(redirectUri: string): Promise<{ url: string; checks: OidcChecks }> {
    const configuration = await this.configuration();
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: SCOPE,
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    return { url: url.href, checks: { state, nonce, verifier, redirectUri } };
  }

  /**
   * Redeems the code of `callbackUrl` (the redirect URI with the provider's query) and answers who signed in.
   * Throws on a wrong state, nonce or verifier, a replayed code, or the provider's own error answer.
   */
  async finish(callbackUrl: URL, checks: OidcChecks): Promise<OidcProfile> {
    const configuration = await this.configuration();
    const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: checks.verifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    if (!idToken) throw new Error('The provider answered without an ID token');
    let claims: Record<string, unknown> = idToken;
    // Many providers keep profile claims out of the ID token of a code flow and serve them from userinfo.
    if (typeof idToken.name !== 'string' && typeof idToken.email !== 'string' && configuration.serverMetadata().userinfo_endpoint) {
      try {
        claims = { ...(await oidc.fetchUserInfo(configuration, tokens.access_token, idToken.sub)), ...idToken };
      } catch (error) {
        this.logger.warn(`OpenID userinfo failed, signing in with the ID token alone: ${String(error)}`);
      }
    }
    const text = (key: string) => (typeof claims[key] === 'string' && (claims[key] as string).trim() ? (claims[key] as string).trim() : null);
    const email = text('email');
    const username = text('preferred_username') ?? email?.split('@')[0] ?? idToken.sub;
    return { subject: idToken.sub, username, name: text('name') ?? username, email };
  }
}
