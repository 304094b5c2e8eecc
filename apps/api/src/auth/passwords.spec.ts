import { ConfigError, configFromEnv } from '../config.js';
import { PASSWORD_COST, Passwords } from './passwords.js';

const base = { DATA_DIR: '/tmp/familyos-config-spec' };
const costOf = (hash: string) => Number(hash.split('$')[1]);

describe('PASSWORD_COST', () => {
  it('is 15 (scrypt N = 32768) when not set or set empty', () => {
    expect(configFromEnv(base).passwordCost).toBe(15);
    expect(configFromEnv({ ...base, PASSWORD_COST: '' }).passwordCost).toBe(15);
  });

  it('takes a whole number from 10 to 17, and refuses anything else at boot, naming the variable', () => {
    expect(configFromEnv({ ...base, PASSWORD_COST: '10' }).passwordCost).toBe(10);
    expect(configFromEnv({ ...base, PASSWORD_COST: '17' }).passwordCost).toBe(17);
    for (const bad of ['9', '18', '12.5', 'strong', '-1']) {
      const run = () => configFromEnv({ ...base, PASSWORD_COST: bad });
      expect(run).toThrow(ConfigError);
      expect(run).toThrow(/PASSWORD_COST must be a whole number from 10 to 17/);
    }
  });
});

describe('Passwords', () => {
  const cheap = new Passwords(PASSWORD_COST.min);
  const shipped = new Passwords();

  it('hashes at its cost with a fresh salt each time, and never holds the password', async () => {
    const [a, b] = await Promise.all([cheap.hash('correct horse'), cheap.hash('correct horse')]);
    expect(costOf(a)).toBe(2 ** 10);
    expect(a).toMatch(/^scrypt\$1024\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('correct horse');
    expect(costOf(await shipped.hash('correct horse'))).toBe(2 ** 15);
  });

  it('verifies by the cost the hash records, whatever its own', async () => {
    const made = await cheap.hash('correct horse');
    expect(await shipped.verify('correct horse', made)).toBe(true);
    expect(await shipped.verify('correct horsE', made)).toBe(false);
    expect(await cheap.verify('correct horse', await shipped.hash('correct horse'))).toBe(true);
  });

  it('refuses what is not one of its hashes, and answers false for a member with none', async () => {
    expect(await cheap.verify('x', 'plain-text-password')).toBe(false);
    expect(await cheap.verify('x', 'bcrypt$10$abc')).toBe(false);
    expect(await cheap.verifyOrSpend('anything', null)).toBe(false);
    expect(await cheap.verifyOrSpend('anything', undefined)).toBe(false);
    expect(await cheap.verifyOrSpend('correct horse', await cheap.hash('correct horse'))).toBe(true);
  });
});
