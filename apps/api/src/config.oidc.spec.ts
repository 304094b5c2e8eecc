import { ConfigError, configFromEnv } from './config.js';

const base = { DATA_DIR: '/tmp/familyos-config-spec' };
const oidc = { OIDC_ISSUER: 'https://id.example.com/realms/family', OIDC_CLIENT_ID: 'familyos', OIDC_CLIENT_SECRET: 's3cret' };

describe('OpenID Connect configuration', () => {
  it('is off without any OIDC_ variable', () => {
    expect(configFromEnv(base).oidc).toBeNull();
  });

  it('takes issuer, client and secret, with a default button label', () => {
    expect(configFromEnv({ ...base, ...oidc }).oidc).toEqual({
      issuer: oidc.OIDC_ISSUER,
      clientId: 'familyos',
      clientSecret: 's3cret',
      name: 'Single sign-on',
    });
    expect(configFromEnv({ ...base, ...oidc, OIDC_NAME: 'Authentik' }).oidc?.name).toBe('Authentik');
  });

  it('refuses half a setup, naming what is missing', () => {
    const run = () => configFromEnv({ ...base, OIDC_ISSUER: oidc.OIDC_ISSUER });
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(/OIDC_CLIENT_ID, OIDC_CLIENT_SECRET/);
    expect(() => configFromEnv({ ...base, ...oidc, OIDC_CLIENT_SECRET: '' })).toThrow(/missing OIDC_CLIENT_SECRET$/);
  });

  it('allows plain http only for a provider on this machine', () => {
    expect(() => configFromEnv({ ...base, ...oidc, OIDC_ISSUER: 'http://id.example.com' })).toThrow(/https/);
    expect(configFromEnv({ ...base, ...oidc, OIDC_ISSUER: 'http://localhost:4010' }).oidc?.issuer).toBe('http://localhost:4010');
    expect(configFromEnv({ ...base, ...oidc, OIDC_ISSUER: 'http://127.0.0.1:4010' }).oidc).not.toBeNull();
    expect(() => configFromEnv({ ...base, ...oidc, OIDC_ISSUER: 'not a url' })).toThrow(ConfigError);
  });

  it('keeps the origin of PUBLIC_URL for the redirect URI', () => {
    expect(configFromEnv(base).publicUrl).toBeNull();
    expect(configFromEnv({ ...base, PUBLIC_URL: 'https://family.example.com/' }).publicUrl).toBe('https://family.example.com');
    expect(() => configFromEnv({ ...base, PUBLIC_URL: 'family.example.com' })).toThrow(ConfigError);
  });
});
