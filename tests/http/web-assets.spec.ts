import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '../support/test-server.js';

describe('serving the web app', () => {
  let server: TestServer;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'familyos-web-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>FamilyOS</title><div id="root"></div>');
    writeFileSync(join(webDist, 'assets', 'index-abc123.js'), 'console.log("hi")');
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
