import { storageConfigFromEnv, type StorageConfig } from '@familyos/storage';
import { PASSWORD_COST } from './auth/passwords.js';
import { SIGN_IN_LIMITS } from './auth/rate-limit.js';

/** Every environment variable the api reads, checked once at boot (README "Configuration" lists them). */
export interface AppConfig {
  port: number;
  host: string;
  storage: StorageConfig;
  demo: boolean;
  projector: 'embedded' | 'external';
  superuser: { username: string; password: string } | null;
  cookieSecure: boolean;
  trustProxy: boolean;
  hubUrl: string | null;
  hubServiceId: string | null;
  registration: boolean;
  webDist: string | null;
  /** REDIS_URL: the weekly report schedule runs on BullMQ there; without it, in-process (DESIGN §2). */
  redisUrl: string | null;
  /** REPORT_QUEUE: the BullMQ queue of the weekly reports (default familyos-weekly-reports). */
  reportQueue: string;
  /** CHORE_QUEUE: the BullMQ queue of the chores' wakes (default familyos-chore-wakes). */
  choreQueue: string;
  /** DIGEST_QUEUE: the BullMQ queue of the daily summaries' wakes (default familyos-digest-wakes; with SMTP_URL). */
  digestQueue: string;
  /**
   * OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET (all three or none) and OIDC_NAME (the sign-in button's label):
   * sign-in through the family's own OpenID Connect provider; null when not set up.
   */
  oidc: { issuer: string; clientId: string; clientSecret: string; name: string } | null;
  /**
   * SIGN_IN_LIMIT_PER_ADDRESS: password and hub sign-in attempts a minute from one address (default 200). The
   * other sign-in limits (per username, per account, registrations, joins) are fixed.
   */
  signInLimitPerAddress: number;
  /**
   * PASSWORD_COST: log2 of scrypt's N for new password hashes (default 15, 10 to 17). Lower only for test
   * servers, as Devise and Django do in their tests: every hash records its cost, so it still verifies later.
   */
  passwordCost: number;
  /** PUBLIC_URL: the origin the browser sees (for the OpenID redirect URI); without it, each request's own origin. */
  publicUrl: string | null;
  /**
   * VAPID_PUBLIC_KEY + VAPID_PRIVATE_KEY (base64url, both or neither): the operator's own Web Push key pair;
   * without them the server makes its own on first start and keeps it in the event log (decision 039).
   */
  vapidKeys: { publicKey: string; privateKey: string } | null;
  /** VAPID_SUBJECT: how a push service reaches the operator (mailto: or https:); default PUBLIC_URL or a mailto. */
  vapidSubject: string;
  /**
   * SMTP_URL (smtp:// or smtps://user:pass@host:port) and MAIL_FROM ("FamilyOS <familyos@example.org>"): the
   * weekly report and the daily summary by e-mail (issue 20, decision 041); null: no e-mail at all.
   */
  mail: { smtpUrl: string; from: string } | null;
  /**
   * OUTBOUND_LOOPBACK_FOR_TESTS=on: TESTS ONLY, off by default. The outbound guard (decision 042) then also lets
   * requests go to this machine's loopback addresses, over http too, so the test suites reach their stand-in
   * push service on 127.0.0.1. A deployment never sets it: a member could then point the server at its own ports.
   */
  outboundLoopbackForTests: boolean;
  /** Tests only, never from the environment: the time the server lives in (default the real clock). */
  clock?: { now(): Date };
}

export class ConfigError extends Error {}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`PORT must be a port number, got "${env.PORT}"`);
  const projector = (env.PROJECTOR ?? 'embedded') as AppConfig['projector'];
  if (projector !== 'embedded' && projector !== 'external') throw new ConfigError(`PROJECTOR must be embedded or external, got "${env.PROJECTOR}"`);
  let superuser: AppConfig['superuser'] = null;
  if (env.FAMILYOS_SUPERUSER) {
    const i = env.FAMILYOS_SUPERUSER.indexOf(':');
    if (i < 3 || env.FAMILYOS_SUPERUSER.length - i - 1 < 8) {
      throw new ConfigError('FAMILYOS_SUPERUSER must be username:password (username of 3+ characters, password of 8+)');
    }
    superuser = { username: env.FAMILYOS_SUPERUSER.slice(0, i), password: env.FAMILYOS_SUPERUSER.slice(i + 1) };
  }
  const oidc = oidcFromEnv(env);
  let publicUrl: string | null = null;
  if (env.PUBLIC_URL) {
    try {
      publicUrl = new URL(env.PUBLIC_URL).origin;
    } catch {
      throw new ConfigError(`PUBLIC_URL must be an origin such as https://family.example.com, got "${env.PUBLIC_URL}"`);
    }
  }
  const vapidKeys = vapidKeysFromEnv(env);
  const vapidSubject = env.VAPID_SUBJECT || (publicUrl?.startsWith('https://') ? publicUrl : 'mailto:familyos@localhost.invalid');
  if (!/^(mailto:|https:\/\/)/.test(vapidSubject)) throw new ConfigError(`VAPID_SUBJECT must be a mailto: or https: URL, got "${vapidSubject}"`);
  const signInLimitPerAddress = Number(env.SIGN_IN_LIMIT_PER_ADDRESS || SIGN_IN_LIMITS.perAddress);
  if (!Number.isInteger(signInLimitPerAddress) || signInLimitPerAddress < 1) {
    throw new ConfigError(`SIGN_IN_LIMIT_PER_ADDRESS must be a whole number of sign-ins a minute, 1 or more, got "${env.SIGN_IN_LIMIT_PER_ADDRESS}"`);
  }
  const passwordCost = Number(env.PASSWORD_COST || PASSWORD_COST.default);
  if (!Number.isInteger(passwordCost) || passwordCost < PASSWORD_COST.min || passwordCost > PASSWORD_COST.max) {
    throw new ConfigError(`PASSWORD_COST must be a whole number from ${PASSWORD_COST.min} to ${PASSWORD_COST.max}, got "${env.PASSWORD_COST}"`);
  }
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    storage: storageConfigFromEnv(env),
    demo: (env.DEMO ?? 'on') !== 'off',
    projector,
    superuser,
    cookieSecure: env.COOKIE_SECURE === 'true',
    trustProxy: env.TRUST_PROXY === 'true',
    hubUrl: env.HUB_URL || null,
    hubServiceId: env.HUB_SERVICE_ID || null,
    registration: env.REGISTRATION !== 'off',
    webDist: env.WEB_DIST || null,
    redisUrl: env.REDIS_URL || null,
    reportQueue: env.REPORT_QUEUE || 'familyos-weekly-reports',
    choreQueue: env.CHORE_QUEUE || 'familyos-chore-wakes',
    digestQueue: env.DIGEST_QUEUE || 'familyos-digest-wakes',
    oidc,
    publicUrl,
    signInLimitPerAddress,
    passwordCost,
    vapidKeys,
    vapidSubject,
    mail: mailFromEnv(env),
    outboundLoopbackForTests: onOff(env, 'OUTBOUND_LOOPBACK_FOR_TESTS'),
  };
}

function onOff(env: NodeJS.ProcessEnv, name: string): boolean {
  const value = env[name] || 'off';
  if (value !== 'on' && value !== 'off') throw new ConfigError(`${name} must be on or off, got "${value}"`);
  return value === 'on';
}

function vapidKeysFromEnv(env: NodeJS.ProcessEnv): AppConfig['vapidKeys'] {
  const publicKey = env.VAPID_PUBLIC_KEY;
  const privateKey = env.VAPID_PRIVATE_KEY;
  if (!publicKey && !privateKey) return null;
  // Half a pair signs nothing a push service accepts: refuse to boot instead.
  if (!publicKey || !privateKey) throw new ConfigError('Web Push needs both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither');
  if (Buffer.from(publicKey, 'base64url').length !== 65 || Buffer.from(privateKey, 'base64url').length !== 32) {
    throw new ConfigError('VAPID_PUBLIC_KEY must be a P-256 public key (65 bytes) and VAPID_PRIVATE_KEY its private key (32 bytes), both base64url');
  }
  return { publicKey, privateKey };
}

function mailFromEnv(env: NodeJS.ProcessEnv): AppConfig['mail'] {
  if (!env.SMTP_URL) {
    if (env.MAIL_FROM) throw new ConfigError('MAIL_FROM is set but SMTP_URL is not: set both to send e-mail, or neither');
    return null;
  }
  let url: URL;
  try {
    url = new URL(env.SMTP_URL);
  } catch {
    throw new ConfigError('SMTP_URL must be a URL such as smtps://user:password@mail.example.org:465');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new ConfigError(`SMTP_URL must start with smtp:// or smtps://, got "${url.protocol}//"`);
  if (!env.MAIL_FROM || !/@/.test(env.MAIL_FROM)) throw new ConfigError('MAIL_FROM must be the sender of the e-mails, such as "FamilyOS <familyos@example.org>"');
  return { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM };
}

function oidcFromEnv(env: NodeJS.ProcessEnv): AppConfig['oidc'] {
  const vars = { OIDC_ISSUER: env.OIDC_ISSUER, OIDC_CLIENT_ID: env.OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: env.OIDC_CLIENT_SECRET };
  const missing = Object.entries(vars).filter(([, v]) => !v).map(([k]) => k);
  if (missing.length === 3) return null;
  // Half a setup would show a sign-in button that can never work: refuse to boot instead.
  if (missing.length > 0) throw new ConfigError(`OpenID Connect needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET; missing ${missing.join(', ')}`);
  let issuer: URL;
  try {
    issuer = new URL(vars.OIDC_ISSUER!);
  } catch {
    throw new ConfigError(`OIDC_ISSUER must be a URL, got "${vars.OIDC_ISSUER}"`);
  }
  if (issuer.protocol !== 'https:' && !(issuer.protocol === 'http:' && isLoopback(issuer.hostname))) {
    throw new ConfigError('OIDC_ISSUER must use https (plain http only for localhost)');
  }
  return { issuer: vars.OIDC_ISSUER!, clientId: vars.OIDC_CLIENT_ID!, clientSecret: vars.OIDC_CLIENT_SECRET!, name: env.OIDC_NAME || 'Single sign-on' };
}

/** Plain http is only ever acceptable to a provider on this very machine (development, tests). */
export const isLoopback = (hostname: string) => hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
