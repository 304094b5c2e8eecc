import { claimedExpiry, tokenStatus } from './token-status.js';

const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const jwt = (payload: unknown) => `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}.${b64('not-a-real-signature')}`;
const session = { expiresAt: '2026-12-02T10:00:00.000Z' } as Parameters<typeof tokenStatus>[0];

describe('claimedExpiry: a hub token’s own word on when it expires, for display only', () => {
  it('reads the exp claim of a JWT, whatever its signature', () => {
    expect(claimedExpiry(jwt({ sub: 'hub-1', exp: 1_795_000_000 }))).toBe('2026-11-18T11:06:40.000Z');
  });

  it.each([
    ['an opaque token', 'AbCdEf0123456789_-xyz'],
    ['two parts', `${b64({ exp: 1 })}.${b64('x')}`],
    ['four parts', `a.${b64({ exp: 1_795_000_000 })}.c.d`],
    ['a payload that is not base64url', 'a.!!!.c'],
    ['a payload that is not JSON', `a.${b64('{not json')}.c`],
    ['a JSON null payload', `a.${b64('null')}.c`],
    ['no exp', jwt({ sub: 'hub-1' })],
    ['an exp that is a string', jwt({ exp: '1795000000' })],
    ['an exp of zero', jwt({ exp: 0 })],
    ['a negative exp', jwt({ exp: -5 })],
    ['an exp past the year 9999', jwt({ exp: 1e15 })],
    ['an over-long token', jwt({ exp: 1_795_000_000, pad: 'x'.repeat(5000) })],
  ])('is null for %s', (_what, token) => {
    expect(claimedExpiry(token)).toBeNull();
  });
});

describe('tokenStatus', () => {
  it('says the hub token is absent without the header, or with a blank one', () => {
    for (const header of [undefined, '', '   ']) {
      expect(tokenStatus(session, 'bearer', header)).toEqual({
        session: { present: true, expiresAt: session.expiresAt, via: 'bearer' },
        hub: { present: false, expiresAt: null },
      });
    }
  });

  it('says present, with the claimed expiry, and holds nothing of the token', () => {
    const token = jwt({ sub: 'secret-subject', exp: 1_795_000_000 });
    const status = tokenStatus(session, 'cookie', token);
    expect(status.hub).toEqual({ present: true, expiresAt: '2026-11-18T11:06:40.000Z' });
    const text = JSON.stringify(status);
    for (const part of [token, ...token.split('.'), 'secret-subject']) expect(text).not.toContain(part);
  });
});
