/**
 * Sessions from memory over two api processes sharing one embedded data directory (decisions 014, 048). Each
 * process resolves a request's session from memory it keeps by following the log. What one process writes (a
 * sign-out, a role change, a deactivation, a password change) must take effect on the very next request through
 * the other, whose memory already held that session: no sleep, no retry, no read-your-writes position sent.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '../support/api-client.js';
import { createFamily, PASSWORD, type Family } from '../support/factories.js';
import { startApiProcess, stillRunning, stopProcess, type ApiProcess } from '../support/processes.js';

describe('sessions from memory over two api processes', () => {
  let dataDir: string;
  let a: ApiProcess;
  let b: ApiProcess;
  let family: Family;
  /** A fresh client on B for each request: it sends no position, so nothing but B's own memory decides. */
  const onB = (token: string | null) => new ApiClient(b.url, token);
  const me = (token: string | null) => onB(token).get('/api/auth/me');

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'familyos-sessions-'));
    // One after the other only so that the first creates the files; they then run side by side.
    a = await startApiProcess(dataDir);
    b = await startApiProcess(dataDir);
    family = await createFamily(a.url);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(stillRunning().map((child) => stopProcess(child)));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a sign-out through A refuses the token on B at the next request; the other sessions live on', async () => {
    const second = await new ApiClient(a.url).login(family.admin.username, PASSWORD);
    // B holds both sessions now.
    expect((await me(second.token)).status).toBe(200);
    expect((await me(family.admin.client.token)).status).toBe(200);
    expect((await second.post('/api/auth/logout')).status).toBe(200);
    expect((await me(second.token)).status).toBe(401);
    expect((await me(family.admin.client.token)).status).toBe(200);
  });

  it('a session started on A is accepted on B at once', async () => {
    const fresh = await new ApiClient(a.url).login(family.manager.username, PASSWORD);
    expect((await me(fresh.token)).body).toMatchObject({ id: family.manager.id, role: 'manager' });
  });

  it('a role change through A is the role B acts on at the next request', async () => {
    const casey = family.manager;
    const audit = () => onB(casey.client.token).get('/api/audit-logs');
    // The audit log is an admin's (libs/domain policy): B holds Casey's session as a manager's.
    expect((await audit()).status).toBe(403);
    expect((await family.admin.client.put(`/api/users/${casey.id}`, { role: 'admin' })).status).toBe(200);
    expect((await audit()).status).toBe(200);
    expect((await me(casey.client.token)).body).toMatchObject({ id: casey.id, role: 'admin' });
    expect((await family.admin.client.put(`/api/users/${casey.id}`, { role: 'manager' })).status).toBe(200);
    expect((await audit()).status).toBe(403);
  });

  it('a deactivation through A signs the member out on B at the next request', async () => {
    const ben = family.kids[1];
    expect((await me(ben.client.token)).status).toBe(200);
    expect((await family.admin.client.put(`/api/users/${ben.id}`, { active: false })).status).toBe(200);
    expect((await me(ben.client.token)).status).toBe(401);
    expect((await onB(ben.client.token).get('/api/tasks')).status).toBe(401);
  });

  it('a password change through A ends the sessions begun before it, on B at the next request', async () => {
    const ada = family.kids[0];
    expect((await me(ada.client.token)).status).toBe(200);
    expect((await family.admin.client.put(`/api/users/${ada.id}`, { password: 'a-new-password-7' })).status).toBe(200);
    expect((await me(ada.client.token)).status).toBe(401);
    const again = await new ApiClient(b.url).login(ada.username, 'a-new-password-7');
    expect((await me(again.token)).body).toMatchObject({ id: ada.id });
  });
});
