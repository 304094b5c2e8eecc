import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { configFromEnv, ConfigError } from '../../config.js';
import { startStandInPush } from '../../../../../tests/stand-in-push/push-service.mjs';
import { sendGuarded, type Resolver } from './guarded-request.js';
import { checkOutboundUrl, OutboundRefused } from './outbound-url.js';
import { addressRange } from './public-address.js';

/**
 * The outbound guard (decision 042, issue 26): the one way the server calls an address a member gave. Every
 * address form the tester got through is refused before a socket opens, a name is judged by what it
 * resolves to when the socket connects, and a redirect is only a status.
 */
const off = { loopbackForTests: false };
const on = { loopbackForTests: true };
const post = { method: 'POST' as const, headers: { 'content-type': 'text/plain' }, body: 'hello', timeoutMs: 5000 };

/** A TCP server on 127.0.0.1 that counts every connection made to it, whatever is sent. */
async function listener(host = '127.0.0.1') {
  let connections = 0;
  const server = createTcpServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return { port: (server.address() as AddressInfo).port, connections: () => connections, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** An http server that answers every request with `status` and counts them. */
async function answering(status: number, headers: Record<string, string> = {}, host = '127.0.0.1') {
  const hits: string[] = [];
  const server: Server = createHttpServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    req.resume();
    res.writeHead(status, headers).end('answer');
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return { port: (server.address() as AddressInfo).port, hits, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A resolver that answers `addresses` for every name, and counts its calls. */
const resolving = (...addresses: string[]) => {
  const calls: string[] = [];
  const resolve: Resolver = async (hostname) => {
    calls.push(hostname);
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { resolve, calls };
};

describe('the outbound guard (decision 042)', () => {
  describe('the URL a member gave, before any socket', () => {
    it.each([
      // Plain http, to anywhere.
      ['http://127.0.0.1:4555/push/1', 'http'],
      ['http://localhost/push/1', 'http'],
      ['http://[::1]/push/1', 'http'],
      ['http://push.example.net/x', 'http'],
      ['ftp://push.example.net/x', 'ftp'],
      // Loopback in every spelling the URL parser accepts.
      ['https://127.0.0.1/x', 'loopback'],
      ['https://127.0.0.2/x', 'loopback'],
      ['https://2130706433/x', 'loopback (decimal)'],
      ['https://0x7f.1/x', 'loopback (hex, two parts)'],
      ['https://0177.0.0.1/x', 'loopback (octal)'],
      ['https://localhost/x', 'localhost'],
      ['https://localhost./x', 'localhost with a trailing dot'],
      ['https://LocalHost/x', 'localhost in capitals'],
      ['https://push.localhost/x', 'a .localhost name'],
      ['https://[::1]/x', 'IPv6 loopback'],
      ['https://[::ffff:127.0.0.1]/x', 'IPv4-mapped loopback'],
      ['https://[::127.0.0.1]/x', 'IPv4-compatible loopback'],
      // The cloud metadata address and link-local.
      ['https://169.254.169.254/latest/meta-data', 'link-local'],
      ['https://[::ffff:a9fe:a9fe]/latest', 'IPv4-mapped metadata address'],
      ['https://[fe80::1]/x', 'IPv6 link-local'],
      ['https://[fe90::1]/x', 'IPv6 link-local (fe80::/10)'],
      // Unspecified, private, CGNAT, unique-local, multicast, broadcast, reserved, NAT64.
      ['https://0.0.0.0/x', 'unspecified'],
      ['https://[::]/x', 'IPv6 unspecified'],
      ['https://10.0.0.8/x', 'private'],
      ['https://172.16.0.1/x', 'private'],
      ['https://192.168.1.1/x', 'private'],
      ['https://[::ffff:10.0.0.8]/x', 'IPv4-mapped private'],
      ['https://100.64.0.1/x', 'CGNAT'],
      ['https://100.127.255.254/x', 'CGNAT'],
      ['https://[fd00::1]/x', 'unique-local'],
      ['https://[fc00::1]/x', 'unique-local'],
      ['https://224.0.0.1/x', 'multicast'],
      ['https://255.255.255.255/x', 'broadcast'],
      ['https://192.0.2.1/x', 'documentation'],
      ['https://[64:ff9b::7f00:1]/x', 'NAT64 of loopback'],
      // No credentials, no single-label names (a search domain could make them internal), no garbage.
      ['https://user:pw@push.example.net/x', 'credentials'],
      ['https://metadata/computeMetadata', 'a single-label name'],
      ['not a url', 'not a URL'],
      ['', 'empty'],
    ])('refuses %s (%s), and sends nothing', async (url) => {
      expect(() => checkOutboundUrl(url, off)).toThrow(OutboundRefused);
      const { resolve, calls } = resolving('8.8.8.8');
      await expect(sendGuarded(url, post, { ...off, resolve })).rejects.toBeInstanceOf(OutboundRefused);
      expect(calls).toEqual([]);
    });

    it.each(['https://fcm.googleapis.com/fcm/send/abc', 'https://updates.push.services.mozilla.com/wpush/v2/x', 'https://web.push.apple.com/Q', 'https://8.8.8.8/x', 'https://[2606:4700:4700::1111]/x'])(
      'lets %s through',
      (url) => {
        expect(checkOutboundUrl(url, off).href).toBe(new URL(url).href);
      },
    );

    it('with the test-only setting, plain http to loopback only; private addresses and other http stay refused', () => {
      expect(checkOutboundUrl('http://127.0.0.1:4555/push/1', on).port).toBe('4555');
      expect(checkOutboundUrl('http://localhost:4555/push/1', on).hostname).toBe('localhost');
      for (const url of ['http://push.example.net/x', 'https://10.0.0.8/x', 'https://[::ffff:a9fe:a9fe]/x', 'http://169.254.169.254/x', 'https://100.64.0.1/x']) {
        expect(() => checkOutboundUrl(url, on)).toThrow(OutboundRefused);
      }
    });
  });

  describe('the address a name resolves to, as the socket connects', () => {
    it.each([
      ['127.0.0.1', 'loopback'],
      ['127.0.0.2', 'loopback'],
      ['::1', 'loopback'],
      ['::ffff:169.254.169.254', 'linkLocal'],
      ['::ffff:a9fe:a9fe', 'linkLocal'],
      ['169.254.169.254', 'linkLocal'],
      ['fe90::1', 'linkLocal'],
      ['10.1.2.3', 'private'],
      ['100.64.0.1', 'carrierGradeNat'],
      ['0.0.0.0', 'unspecified'],
      ['::', 'unspecified'],
      ['fd12::1', 'uniqueLocal'],
      ['::7f00:1', 'ipv4Compatible'],
      ['fe80::1%eth0', 'scoped'],
    ])('refuses a name resolving to %s (%s)', async (address, range) => {
      expect(addressRange(address)).toBe(range);
      const { resolve, calls } = resolving(address);
      const refusal = sendGuarded('https://push.example.org/x', post, { ...off, resolve });
      await expect(refusal).rejects.toBeInstanceOf(OutboundRefused);
      await expect(refusal).rejects.toThrow(/push\.example\.org resolves to a/);
      expect(calls).toEqual(['push.example.org']);
    });

    it('a name resolving to this machine reaches nothing listening there: the server receives no connection', async () => {
      const target = await listener();
      try {
        const { resolve } = resolving('127.0.0.1');
        await expect(sendGuarded(`https://push.example.org:${target.port}/x`, post, { ...off, resolve })).rejects.toBeInstanceOf(OutboundRefused);
        // localhost itself, through the system's resolver, with the test-only setting off.
        await expect(sendGuarded(`https://localhost:${target.port}/x`, post, off)).rejects.toBeInstanceOf(OutboundRefused);
        await expect(sendGuarded(`https://localhost.:${target.port}/x`, post, off)).rejects.toBeInstanceOf(OutboundRefused);
        expect(target.connections()).toBe(0);
      } finally {
        await target.close();
      }
    });

    it('one private address among public ones is enough to refuse the name (a rebinding answer cannot slip one in)', async () => {
      const target = await listener();
      try {
        const { resolve } = resolving('8.8.8.8', '127.0.0.1');
        await expect(sendGuarded(`https://push.example.org:${target.port}/x`, post, { ...off, resolve })).rejects.toBeInstanceOf(OutboundRefused);
        expect(target.connections()).toBe(0);
      } finally {
        await target.close();
      }
    });

    it('the socket connects to the address that was checked, resolved once: no second lookup could rebind it', async () => {
      // 127.0.0.2 is on the loopback interface too, but the system's resolver never answers it for localhost:
      // only the checked answer leads here.
      const server = await answering(201, {}, '127.0.0.2');
      try {
        const { resolve, calls } = resolving('127.0.0.2');
        const answer = await sendGuarded(`http://localhost:${server.port}/push/1`, post, { ...on, resolve });
        expect(answer.status).toBe(201);
        expect(server.hits).toEqual(['POST /push/1']);
        expect(calls).toEqual(['localhost']);
      } finally {
        await server.close();
      }
    });
  });

  it('never follows a redirect: a 30x is its status, and where it points receives nothing', async () => {
    const elsewhere = await answering(201);
    try {
      for (const status of [301, 302, 303, 307, 308]) {
        const redirecting = await answering(status, { location: `http://127.0.0.1:${elsewhere.port}/internal` });
        try {
          const answer = await sendGuarded(`http://127.0.0.1:${redirecting.port}/push/1`, post, on);
          expect(answer.status).toBe(status);
          expect(redirecting.hits).toEqual(['POST /push/1']);
        } finally {
          await redirecting.close();
        }
      }
      expect(elsewhere.hits).toEqual([]);
    } finally {
      await elsewhere.close();
    }
  });

  it('the stand-in push service of the tests is unreachable with the test-only setting off, reachable with it on', async () => {
    const push = await startStandInPush();
    try {
      const device = push.device();
      await expect(sendGuarded(device.endpoint, post, off)).rejects.toBeInstanceOf(OutboundRefused);
      expect(push.received).toEqual([]);
      expect(push.refused).toEqual([]);
      // On: the request arrives (the stand-in refuses this unsigned body, which proves it was reached).
      expect((await sendGuarded(device.endpoint, post, on)).status).toBe(400);
      expect(push.refused).toEqual([expect.objectContaining({ device: device.name, status: 400 })]);
    } finally {
      await push.close();
    }
  });

  it('the test-only setting is off unless OUTBOUND_LOOPBACK_FOR_TESTS=on, and nothing but on/off boots', () => {
    const base = { DATA_DIR: '/tmp/familyos-outbound-spec' };
    expect(configFromEnv(base).outboundLoopbackForTests).toBe(false);
    expect(configFromEnv({ ...base, OUTBOUND_LOOPBACK_FOR_TESTS: 'on' }).outboundLoopbackForTests).toBe(true);
    expect(() => configFromEnv({ ...base, OUTBOUND_LOOPBACK_FOR_TESTS: 'yes' })).toThrow(ConfigError);
  });
});
