// A stand-in for the outside identity hub (SPEC §7 "Identity hub"), for tests and for trying hub sign-in
// locally. Plain ESM JavaScript so that `node` runs it as is and jest imports it without a transform.
import { createServer } from 'node:http';
import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';

/** @typedef {import('./hub.d.mts').HubUserSpec} HubUserSpec */

/** @type {HubUserSpec[]} */
export const DEFAULT_HUB_USERS = [
  { id: 'hub-1001', username: 'dad', password: 'hubpass123', full_name: 'Daniel Parker', email: 'dad@hub.example', bio: 'Family dad', hasPhoto: true },
  { id: 'hub-1002', username: 'grandma', password: 'hubpass123', full_name: 'Grace Parker', email: 'grandma@hub.example', bio: 'Bakes on Sundays' },
  { id: 'hub-1003', username: 'newkid', password: 'hubpass123', full_name: 'Nico Kid', email: 'newkid@hub.example', bio: '' },
];

const escapeHtml = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

/** A 16×16 PNG of one colour, built by hand so the stand-in needs no image files. */
function solidPng(r, g, b) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const size = 16;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat())]);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const parts = [];
    req.on('data', (c) => parts.push(c));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}

/** The public fields of a hub user, as the hub's login and validate calls answer them. */
const publicUser = (u) => ({
  id: u.id,
  username: u.username,
  full_name: u.full_name,
  email: u.email ?? null,
  ...(u.family_id ? { family_id: u.family_id } : {}),
});

function signInPage({ serviceId, redirectUri, error, username = '' }) {
  const cancel = `${redirectUri}${redirectUri.includes('?') ? '&' : '?'}error=access_denied`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sign in to the Hub</title>
<style>body{font-family:system-ui,sans-serif;max-width:24rem;margin:3rem auto;padding:0 1rem}label{display:block;margin-top:1rem}
input{width:100%;padding:.5rem;font-size:1rem;box-sizing:border-box}button{margin-top:1.5rem;padding:.6rem 1.2rem;font-size:1rem}
.error{color:#b00020;border:1px solid #b00020;padding:.5rem;border-radius:4px}</style></head>
<body>
<main>
<h1>Sign in to the Hub</h1>
<p><strong>${escapeHtml(serviceId)}</strong> asks you to sign in with your Hub account.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post">
<input type="hidden" name="redirect_uri" value="${escapeHtml(redirectUri)}">
<input type="hidden" name="service_id" value="${escapeHtml(serviceId)}">
<label for="username">Username</label>
<input id="username" name="username" autocomplete="username" required value="${escapeHtml(username)}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>
<p><a href="${escapeHtml(cancel)}">Cancel</a></p>
</main>
</body>
</html>`;
}

/**
 * @param {{ port?: number, host?: string, users?: HubUserSpec[] }} [options]
 * @returns {Promise<import('./hub.d.mts').StandInHub>}
 */
export async function startStandInHub({ port = 0, host = '127.0.0.1', users = DEFAULT_HUB_USERS } = {}) {
  /** @type {Map<string, HubUserSpec>} */
  const byUsername = new Map(users.map((u) => [u.username.toLowerCase(), { ...u }]));
  /** @type {Map<string, string>} token → username */
  const tokens = new Map();
  const photo = solidPng(0x3b, 0x82, 0xf6);
  let url = '';

  const issueToken = (username) => {
    if (!byUsername.has(username.toLowerCase())) throw new Error(`No hub user ${username}`);
    const token = randomBytes(24).toString('base64url');
    tokens.set(token, username.toLowerCase());
    return token;
  };
  const bearerUser = (req) => {
    const m = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '');
    const username = m ? tokens.get(m[1]) : undefined;
    return username ? byUsername.get(username) : undefined;
  };
  const json = (res, status, body) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const checkPassword = (username, password) => {
    const user = byUsername.get(String(username ?? '').toLowerCase());
    return user && user.password === password ? user : undefined;
  };

  const server = createServer(async (req, res) => {
    try {
      const u = new URL(req.url ?? '/', 'http://hub');
      const path = u.pathname;
      if (path.startsWith('/api/')) {
        // The browser calls the hub's login directly from the product's origin.
        res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
        res.setHeader('vary', 'Origin');
        res.setHeader('access-control-allow-headers', 'Authorization, Content-Type');
        res.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS');
        if (req.method === 'OPTIONS') {
          res.writeHead(204);
          res.end();
          return;
        }
      }
      if (req.method === 'POST' && path === '/api/auth/login') {
        let body = {};
        try {
          body = JSON.parse(await readBody(req));
        } catch {
          body = {};
        }
        const user = checkPassword(body.username, body.password);
        if (!user) return json(res, 401, { error: 'Invalid Hub credentials' });
        return json(res, 200, { access_token: issueToken(user.username), refresh_token: randomBytes(24).toString('base64url'), user: publicUser(user) });
      }
      if (req.method === 'GET' && path === '/api/auth/validate') {
        const user = bearerUser(req);
        return user ? json(res, 200, { valid: true, user: publicUser(user) }) : json(res, 401, { valid: false });
      }
      const profile = /^\/api\/auth\/user\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && profile) {
        if (!bearerUser(req)) return json(res, 401, { error: 'Unauthorized' });
        const user = byUsername.get(decodeURIComponent(profile[1]).toLowerCase());
        if (!user) return json(res, 404, { error: 'Not found' });
        if (user.profileFails) return json(res, 500, { error: 'Profile service is down' });
        const familyId = user.profileFamilyId ?? user.family_id;
        return json(res, 200, {
          full_name: user.full_name,
          email: user.email ?? null,
          bio: user.bio ?? '',
          ...(user.website ? { website: user.website } : {}),
          ...(familyId ? { family_id: familyId } : {}),
        });
      }
      // The hub's public profile page, which the product's "View hub profile" opens in a new tab.
      const profilePage = /^\/profile\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && profilePage) {
        const user = byUsername.get(decodeURIComponent(profilePage[1]).toLowerCase());
        if (!user) return json(res, 404, { error: 'Not found' });
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(user.full_name)} on the Hub</title></head><body><main><h1>${escapeHtml(user.full_name)}</h1><p>@${escapeHtml(user.username)}</p><p>${escapeHtml(user.bio ?? '')}</p></main></body></html>`);
        return;
      }
      const photoLookup = /^\/api\/public\/user\/([^/]+)\/profile-photo$/.exec(path);
      if (req.method === 'GET' && photoLookup) {
        const id = decodeURIComponent(photoLookup[1]);
        const user = [...byUsername.values()].find((x) => x.id === id);
        return json(res, 200, user?.hasPhoto ? { has_photo: true, profile_photo_url: `${url}/photos/${encodeURIComponent(id)}.png` } : { has_photo: false, profile_photo_url: null });
      }
      const photoFile = /^\/photos\/([^/]+)\.png$/.exec(path);
      if (req.method === 'GET' && photoFile) {
        const id = decodeURIComponent(photoFile[1]);
        if (![...byUsername.values()].some((x) => x.id === id && x.hasPhoto)) return json(res, 404, { error: 'Not found' });
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': photo.length, 'cache-control': 'public, max-age=60' });
        res.end(photo);
        return;
      }
      if (path === '/api/auth/sso/authorize') {
        const page = (status, fields) => {
          res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
          res.end(signInPage(fields));
        };
        if (req.method === 'GET') {
          const redirectUri = u.searchParams.get('redirect_uri');
          const serviceId = u.searchParams.get('service_id');
          if (!redirectUri || !serviceId) return json(res, 400, { error: 'redirect_uri and service_id are required' });
          return page(200, { serviceId, redirectUri });
        }
        if (req.method === 'POST') {
          const form = new URLSearchParams(await readBody(req));
          const redirectUri = form.get('redirect_uri') ?? '';
          const serviceId = form.get('service_id') ?? '';
          if (!/^https?:\/\//.test(redirectUri)) return json(res, 400, { error: 'redirect_uri must be an http(s) URL' });
          const user = checkPassword(form.get('username'), form.get('password'));
          if (!user) return page(401, { serviceId, redirectUri, error: 'Invalid Hub credentials', username: form.get('username') ?? '' });
          const target = new URL(redirectUri);
          target.searchParams.set('token', issueToken(user.username));
          res.writeHead(302, { location: target.toString() });
          res.end();
          return;
        }
      }
      json(res, 404, { error: 'Not found' });
    } catch (error) {
      json(res, 500, { error: String(error) });
    }
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const address = server.address();
  url = `http://${host}:${typeof address === 'object' && address ? address.port : port}`;

  return {
    url,
    addUser(user) {
      byUsername.set(user.username.toLowerCase(), { ...user });
    },
    issueToken,
    close() {
      server.closeAllConnections?.();
      return new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}
