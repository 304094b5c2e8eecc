import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// scrypt (DESIGN §6): memory-hard, built into Node, no native add-on to build. The default cost, N=2^15,
// takes ~32 MiB and ~120 ms per hash on the 2-core machine: slow for an attacker, fine for a sign-in.
export const PASSWORD_COST = { default: 15, min: 10, max: 17 } as const;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
/** Room for the largest cost accepted (scrypt needs 128·r·N bytes). */
const MAX_MEMORY = 256 * R * 2 ** PASSWORD_COST.max;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/**
 * Hashes and checks passwords at the server's cost (PASSWORD_COST, log2 of scrypt's N). A hash records its
 * own cost, so one made at another cost still verifies.
 */
export class Passwords {
  private readonly n: number;
  /** Verified against when the username does not exist, so a miss takes as long as a wrong password. */
  private dummy: Promise<string> | null = null;

  constructor(cost: number = PASSWORD_COST.default) {
    this.n = 2 ** cost;
  }

  async hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await derive(password, salt, { N: this.n, r: R, p: P, maxmem: MAX_MEMORY });
    return `scrypt$${this.n}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
  }

  async verify(password: string, stored: string): Promise<boolean> {
    const [scheme, n, r, p, salt, key] = stored.split('$');
    if (scheme !== 'scrypt' || !salt || !key) return false;
    const expected = Buffer.from(key, 'base64url');
    const actual = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p), maxmem: MAX_MEMORY });
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }

  /** Checks `password` against `stored`, or spends the same time on a dummy hash when there is none. */
  async verifyOrSpend(password: string, stored: string | null | undefined): Promise<boolean> {
    if (stored) return this.verify(password, stored);
    this.dummy ??= this.hash('not-a-real-password');
    await this.verify(password, await this.dummy);
    return false;
  }
}
