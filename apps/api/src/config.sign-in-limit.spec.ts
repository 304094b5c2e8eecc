import { ConfigError, configFromEnv } from './config.js';
import { SIGN_IN_LIMITS, SignInRateLimiter } from './auth/rate-limit.js';

const base = { DATA_DIR: '/tmp/familyos-config-spec' };
const bursts = (limiter: SignInRateLimiter, key: string, limit: number, times: number) => {
  let allowed = 0;
  for (let i = 0; i < times; i++) {
    try {
      limiter.hit([{ key, limit }], 1_000 + i);
      allowed += 1;
    } catch {
      // refused: too many in the minute
    }
  }
  return allowed;
};

describe('SIGN_IN_LIMIT_PER_ADDRESS', () => {
  it('is 200 sign-ins a minute from one address when not set (or set empty)', () => {
    expect(SIGN_IN_LIMITS.perAddress).toBe(200);
    expect(configFromEnv(base).signInLimitPerAddress).toBe(200);
    expect(configFromEnv({ ...base, SIGN_IN_LIMIT_PER_ADDRESS: '' }).signInLimitPerAddress).toBe(200);
  });

  it('takes a whole number of 1 or more', () => {
    expect(configFromEnv({ ...base, SIGN_IN_LIMIT_PER_ADDRESS: '5000' }).signInLimitPerAddress).toBe(5000);
    expect(configFromEnv({ ...base, SIGN_IN_LIMIT_PER_ADDRESS: '1' }).signInLimitPerAddress).toBe(1);
  });

  it('refuses anything else at boot, naming the variable', () => {
    for (const bad of ['0', '-3', '2.5', 'many', ' ']) {
      const run = () => configFromEnv({ ...base, SIGN_IN_LIMIT_PER_ADDRESS: bad });
      expect(run).toThrow(ConfigError);
      expect(run).toThrow(/SIGN_IN_LIMIT_PER_ADDRESS/);
    }
  });

  it('changes only the per-address limit of the limiter; the others keep their defaults', () => {
    const limiter = new SignInRateLimiter({ perAddress: 7 });
    expect(limiter.limits).toEqual({ ...SIGN_IN_LIMITS, perAddress: 7 });
    expect(new SignInRateLimiter().limits).toEqual(SIGN_IN_LIMITS);
    expect(bursts(limiter, 'login-ip:10.0.0.1', limiter.limits.perAddress, 10)).toBe(7);
  });
});
