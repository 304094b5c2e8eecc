import { storageConfigFromEnv, type StorageConfig } from '@familyos/projector';

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
  };
}
