import { ConfigError, configFromEnv } from './config.js';

const base = { DATA_DIR: '/tmp/familyos-config-spec' };

describe('SMTP_URL and MAIL_FROM', () => {
  it('no SMTP_URL: no e-mail at all', () => {
    expect(configFromEnv(base).mail).toBeNull();
  });

  it('both set: the server mails through that SMTP server as that sender', () => {
    const env = { ...base, SMTP_URL: 'smtps://familyos:secret@mail.example.org:465', MAIL_FROM: 'FamilyOS <familyos@example.org>' };
    expect(configFromEnv(env).mail).toEqual({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM });
  });

  it.each([
    ['another scheme', { SMTP_URL: 'http://mail.example.org', MAIL_FROM: 'a@example.org' }, 'SMTP_URL must start with smtp:// or smtps://'],
    ['not a URL', { SMTP_URL: 'mail.example.org', MAIL_FROM: 'a@example.org' }, 'SMTP_URL must be a URL'],
    ['no sender', { SMTP_URL: 'smtp://127.0.0.1:2525' }, 'MAIL_FROM must be the sender'],
    ['a sender without a server', { MAIL_FROM: 'a@example.org' }, 'MAIL_FROM is set but SMTP_URL is not'],
  ])('refuses to boot with %s, saying which variable', (_label, env, message) => {
    expect(() => configFromEnv({ ...base, ...env })).toThrow(ConfigError);
    expect(() => configFromEnv({ ...base, ...env })).toThrow(message);
  });
});
