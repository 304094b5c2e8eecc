import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer } from 'node:http';
import ece from 'http_ece';

/**
 * A stand-in for a browser and its push service together (issue 20, decision 039), so no outside service is
 * called: it makes a subscription's keys as a browser does (ECDH P-256 and a 16-byte auth secret), gives the
 * endpoint and keys to register through the API, and receives what the server POSTs there. It checks each
 * request as a push service would (VAPID, RFC 8292: an ES256 JWT whose aud is its origin, exp in the future
 * and at most a day away, a sub; TTL; Content-Encoding aes128gcm) and decrypts the body as the browser would
 * (RFC 8291), keeping what it got. An endpoint can be told to answer 410, as for a subscription a browser dropped.
 */

const b64url = (buffer) => Buffer.from(buffer).toString('base64url');

/** The VAPID Authorization header's problems, [] when it is one a push service accepts. */
function vapidProblems(header, origin, nowSeconds) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) return ['no "vapid t=…, k=…" Authorization header'];
  const [, jwt, k] = match;
  const [head, claims, signature] = jwt.split('.');
  const problems = [];
  const header64 = JSON.parse(Buffer.from(head, 'base64url').toString());
  if (header64.alg !== 'ES256') problems.push(`alg ${header64.alg}, not ES256`);
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33, 65)) }, format: 'jwk' });
  const signed = verify('sha256', Buffer.from(`${head}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!signed) problems.push('the JWT signature does not verify with k');
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString());
  if (body.aud !== origin) problems.push(`aud ${body.aud}, not ${origin}`);
  if (!(body.exp > nowSeconds && body.exp <= nowSeconds + 24 * 3600)) problems.push(`exp ${body.exp} is not within the next day`);
  if (!/^(mailto:|https:)/.test(body.sub ?? '')) problems.push(`sub ${body.sub} is not mailto: or https:`);
  return problems.length ? problems : { publicKey: k, claims: body };
}

export async function startStandInPush() {
  /** Each device: its key pair and auth secret, and what it received. */
  const devices = new Map();
  const received = [];
  const refused = [];
  const gone = new Set();
  let counter = 0;

  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const id = decodeURIComponent(new URL(req.url, origin).pathname.replace(/^\/push\//, ''));
      const device = devices.get(id);
      const answer = (status, text = '') => {
        res.writeHead(status, { 'content-type': 'text/plain' });
        res.end(text);
      };
      if (req.method !== 'POST' || !device) return answer(404, 'No such subscription');
      if (gone.has(id)) {
        refused.push({ device: id, status: 410 });
        return answer(410, 'Gone');
      }
      const problems = [];
      const vapid = vapidProblems(req.headers.authorization, origin, Math.floor(Date.now() / 1000));
      if (Array.isArray(vapid)) problems.push(...vapid);
      if (req.headers['content-encoding'] !== 'aes128gcm') problems.push(`Content-Encoding ${req.headers['content-encoding']}`);
      if (!/^\d+$/.test(req.headers.ttl ?? '')) problems.push('no TTL');
      let message = null;
      try {
        const text = ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.auth }).toString('utf8');
        message = JSON.parse(text);
      } catch (error) {
        problems.push(`cannot decrypt: ${error.message}`);
      }
      if (problems.length) {
        refused.push({ device: id, status: 400, problems });
        return answer(400, problems.join('; '));
      }
      received.push({ device: id, message, vapidKey: vapid.publicKey, claims: vapid.claims, ttl: Number(req.headers.ttl) });
      answer(201);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;

  return {
    origin,
    /** A new device: what `pushManager.subscribe` gives a browser, to POST to /api/push/subscriptions. */
    device(name = `device-${++counter}`) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      devices.set(name, { ecdh, auth });
      return { name, endpoint: `${origin}/push/${encodeURIComponent(name)}`, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } };
    },
    /** Every message a device received, decrypted, in order. */
    receivedBy(name) {
      return received.filter((r) => r.device === name);
    },
    received,
    /** Requests refused: 410 for a gone device, 400 with the problems for a wrongly signed or encrypted one. */
    refused,
    /** From now on the push service answers 410 Gone for this device, as for a subscription the browser dropped. */
    dropDevice(name) {
      gone.add(name);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
