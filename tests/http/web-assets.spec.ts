import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { startTestServer, type TestServer } from '../support/test-server.js';

const BIG = Array.from({ length: 400 }, (_, i) => `export const value${i} = "${'x'.repeat(i % 40)}";`).join('\n');

/** A raw GET (fetch would ask for and undo compression on its own), with the body's bytes as sent. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('serving the web app', () => {
  let server: TestServer;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'familyos-web-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>FamilyOS</title><div id="root"></div>');
    writeFileSync(join(webDist, 'assets', 'index-abc123.js'), 'console.log("hi")');
    writeFileSync(join(webDist, 'assets', 'big-def456.js'), BIG);
    writeFileSync(join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    writeFileSync(join(webDist, 'manifest.webmanifest'), '{"name":"FamilyOS"}');
    server = await startTestServer({ webDist });
  });
  afterAll(async () => {
    await server.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('serves hashed assets with their type, cached for a year', async () => {
    const res = await fetch(`${server.url}/assets/index-abc123.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toBe('console.log("hi")');
  });

  it('serves the service worker and the manifest at the root, revalidated on every use, under a CSP allowing them', async () => {
    for (const [path, type, body] of [
      ['/sw.js', 'application/javascript; charset=utf-8', 'self.addEventListener("fetch", () => {})'],
      ['/manifest.webmanifest', 'application/manifest+json; charset=utf-8', '{"name":"FamilyOS"}'],
    ]) {
      const res = await fetch(`${server.url}${path}`);
      expect({ path, status: res.status, type: res.headers.get('content-type'), cache: res.headers.get('cache-control') }).toEqual({
        path,
        status: 200,
        type,
        cache: 'no-cache',
      });
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toMatch(/worker-src 'self'; manifest-src 'self'/);
      expect(await res.text()).toBe(body);
    }
  });

  it('gzips scripts for a browser that accepts it, and only then (Lighthouse: text compression)', async () => {
    const url = `${server.url}/assets/big-def456.js`;
    for (const accept of ['gzip, deflate, br', 'br;q=1.0, gzip;q=0.8', '*']) {
      const res = await rawGet(url, { 'accept-encoding': accept });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['vary']).toBe('accept-encoding');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      expect(res.body.length).toBeLessThan(BIG.length / 4);
      expect(gunzipSync(res.body).toString()).toBe(BIG);
    }
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'gzip;q=0, br' }] as Record<string, string>[]) {
      const res = await rawGet(url, headers);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body.toString()).toBe(BIG);
    }
    // A file too small to gain from it goes as it is.
    const small = await rawGet(`${server.url}/assets/index-abc123.js`, { 'accept-encoding': 'gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString()).toBe('console.log("hi")');
  });

  it('answers the app page for client routes, uncached, and keeps JSON 404s under /api', async () => {
    for (const path of ['/', '/tasks', '/user/emma']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<div id="root">');
    }
    const api = await fetch(`${server.url}/api/no-such-thing`);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ error: 'Not found' });
  });

  it('never serves a file outside the build, however the path is spelled', async () => {
    for (const path of ['/assets/..%2f..%2fpackage.json', '/assets/%2e%2e/%2e%2e/package.json', '/assets/missing.js']) {
      const res = await fetch(`${server.url}${path}`);
      const body = await res.text();
      // Either refused, or (a path normalised out of /assets) the app page: never the file itself.
      expect([404, 200]).toContain(res.status);
      if (res.status === 200) expect(body).toContain('<div id="root">');
      expect(body).not.toContain('"name"');
    }
  });
});
