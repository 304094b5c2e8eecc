/**
 * E-mail across processes (issue 20, decision 041): two built api processes on one data directory both follow
 * the log with the weekly report's mail reactor, and send through one SMTP server started here. Reports are
 * generated through both while one of them restarts. Each address first gets its confirmation link once (decision
 * 043), followed through either process. Each report reaches each parent who confirmed and wants it exactly once:
 * whichever process claims a mail's stream sends it, and the other finds it sent.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ApiClient } from '../support/api-client.js';
import { eventually } from '../support/eventually.js';
import { CONFIRMATION_SUBJECT, confirmFromInbox } from '../support/email-confirmation.js';
import { createFamily, type Member } from '../support/factories.js';
import { startApiProcess, stillRunning, stopProcess, type ApiProcess } from '../support/processes.js';
import { SmtpInbox } from '../support/smtp-inbox.js';

const REPORTS = 6;
const PARENTS = ['pat@example.org', 'casey@example.org'];

describe('weekly report mails over two api processes on one data directory', () => {
  let dataDir: string;
  let inbox: SmtpInbox;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'familyos-mail-processes-'));
    inbox = await SmtpInbox.start();
  });

  afterAll(async () => {
    await Promise.all(stillRunning().map((child) => stopProcess(child, 'SIGTERM')));
    await inbox?.down();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('mails each confirmation link once, then each generated report to each parent exactly once, whichever process follows it, through a restart', async () => {
    const env = { SMTP_URL: inbox.url, MAIL_FROM: 'FamilyOS <familyos@example.org>' };
    const a = await startApiProcess(dataDir, env);
    let b: ApiProcess = await startApiProcess(dataDir, env);
    const family = await createFamily(a.url);
    const on = (p: ApiProcess, member: Member) => new ApiClient(p.url, member.client.token);
    expect((await on(a, family.admin).put(`/api/users/${family.admin.id}/email`, { address: PARENTS[0] })).status).toBe(200);
    expect((await on(b, family.manager).put(`/api/users/${family.manager.id}/email`, { address: PARENTS[1] })).status).toBe(200);
    const kid = family.kids[0]!;
    expect((await on(b, kid).put(`/api/users/${kid.id}/email`, { address: 'kid@example.org' })).status).toBe(200);
    // Each owner follows the one link mailed to their address (decision 043), through either process.
    await confirmFromInbox(inbox, a.url, PARENTS[0]!);
    await confirmFromInbox(inbox, b.url, PARENTS[1]!);
    await confirmFromInbox(inbox, a.url, 'kid@example.org');

    const generated: string[] = [];
    for (let i = 0; i < REPORTS; i += 1) {
      if (i === REPORTS / 2) {
        // b restarts between two reports: its reactor goes on from the shared checkpoint, a's meanwhile.
        await stopProcess(b.child, 'SIGTERM');
        b = await startApiProcess(dataDir, env);
      }
      const res = await on(i % 2 === 0 ? a : b, family.admin).post('/api/reports/generate');
      expect(res.status).toBe(201);
      generated.push(res.body.weekStartDate);
    }
    await eventually(async () => PARENTS.every((to) => inbox.to(to).length >= REPORTS), 'every report mailed to both parents');
    // A clean stop waits for the sends in flight: what is in the inbox now is all that will ever be sent.
    await Promise.all([stopProcess(a.child), stopProcess(b.child)]);

    const reportsTo = (to: string) => inbox.to(to).filter((m) => m.subject !== CONFIRMATION_SUBJECT);
    for (const to of [...PARENTS, 'kid@example.org']) expect(inbox.to(to).filter((m) => m.subject === CONFIRMATION_SUBJECT)).toHaveLength(1);
    for (const to of PARENTS) {
      const mails = reportsTo(to);
      expect(mails).toHaveLength(REPORTS);
      expect(mails.every((m) => m.subject.startsWith('FamilyOS weekly report:') && m.subject.includes(generated[0]!))).toBe(true);
    }
    expect(reportsTo('kid@example.org')).toHaveLength(0);

    const db = new Database(join(dataDir, 'events.sqlite'), { readonly: true, fileMustExist: true });
    try {
      const rows = (type: string) => db.prepare('SELECT stream_id AS streamId FROM events WHERE type = ?').all(type) as { streamId: string }[];
      // One mail stream per (report, parent) and per confirmation link (three), each sent once; none failed.
      const sent = rows('MailSent');
      expect(sent).toHaveLength(REPORTS * PARENTS.length + 3);
      expect(new Set(sent.map((r) => r.streamId)).size).toBe(REPORTS * PARENTS.length + 3);
      expect(rows('WeeklyReportGenerated')).toHaveLength(REPORTS);
      expect(rows('MailFailed')).toHaveLength(0);
    } finally {
      db.close();
    }
  }, 120_000);
});
