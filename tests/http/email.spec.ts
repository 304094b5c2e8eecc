import { DateTime } from 'luxon';
import { messages } from '@familyos/contracts';
import { eventually } from '../support/eventually.js';
import { CONFIRMATION_SUBJECT, confirmationMails, confirmFromInbox } from '../support/email-confirmation.js';
import { createFamily, createTask, givePoints, uniqueName, type Family } from '../support/factories.js';
import { SmtpInbox } from '../support/smtp-inbox.js';
import { startTestServer, untilQuiet, type TestServer } from '../support/test-server.js';

/**
 * Issue 20, e-mail (decision 041), against a real SMTP server the test starts on the loopback: a parent sets an
 * address and confirms it from the mail it gets (decision 043, tests/http/email-confirmation.spec.ts); a generated weekly report arrives once with its figures, never to a child, not after it was turned
 * off; the daily summary comes at the family's reminder time on a moved clock, once, with what waits, and not at
 * all when nothing waits; with the SMTP server down a report is mailed once when it comes back. The address is
 * seen by its member and the family's admins only.
 */

const ZONE = 'America/New_York';
const REWARD = 'Extra Screen Time (30 min)';

describe('e-mail through the SMTP server of SMTP_URL', () => {
  let offsetMs = 0;
  const clock = { now: () => new Date(Date.now() + offsetMs) };
  let inbox: SmtpInbox;
  let server: TestServer;
  let family: Family;
  const admin = () => family.admin.client;
  const quiet = () => untilQuiet(server);
  const ADMIN = 'pat.parent@example.org';
  const MANAGER = 'casey@example.org';
  const CHILD = 'ada@example.org';
  const reports = (to: string) => inbox.to(to).filter((m) => m.subject.startsWith('FamilyOS weekly report:'));
  const digests = (to: string) => inbox.to(to).filter((m) => !m.subject.startsWith('FamilyOS weekly report:') && m.subject !== CONFIRMATION_SUBJECT);
  /** What reached the child: its address's confirmation link, and nothing else. */
  const toChild = () => inbox.to(CHILD).filter((m) => m.subject !== CONFIRMATION_SUBJECT);
  const generate = async () => {
    const res = await family.manager.client.post('/api/reports/generate');
    expect(res.status).toBe(201);
    return res.body as { weekStartDate: string; weekEndDate: string };
  };
  /** Moves the clock to a minute past the family's next 16:00 (its reminder time), runs the wakes due then. */
  const toNextDigestTime = async () => {
    const local = DateTime.fromJSDate(clock.now()).setZone(ZONE);
    let at = local.set({ hour: 16, minute: 1, second: 0, millisecond: 0 });
    if (at <= local) at = at.plus({ days: 1 });
    offsetMs += at.toMillis() - clock.now().getTime();
    await server.running.mail.runDue();
    await quiet();
  };

  beforeAll(async () => {
    inbox = await SmtpInbox.start();
    server = await startTestServer({ clock, env: { SMTP_URL: inbox.url, MAIL_FROM: 'FamilyOS <familyos@example.org>' } });
    family = await createFamily(server.url, { familyName: 'The Mailers' });
    expect((await admin().put('/api/family', { timeZone: ZONE })).status).toBe(200);
  });
  afterAll(async () => {
    await server.close();
    await inbox.down();
  });

  it('a member sets their own address: lower-cased, both mails on; only they and the admins see it', async () => {
    const before = await admin().get(`/api/users/${family.admin.id}/email`);
    expect(before.body).toEqual({ available: true, address: null, weeklyReport: false, dailyDigest: false, confirmed: false, dailyDigestOffered: true, canEdit: true });
    const set = await admin().put(`/api/users/${family.admin.id}/email`, { address: '  Pat.Parent@Example.ORG ' });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ address: ADMIN, weeklyReport: true, dailyDigest: true, confirmed: false });
    expect((await family.manager.client.put(`/api/users/${family.manager.id}/email`, { address: MANAGER, weeklyReport: false })).body).toMatchObject({ address: MANAGER, weeklyReport: false, dailyDigest: true });
    const child = await family.kids[0].client.put(`/api/users/${family.kids[0].id}/email`, { address: CHILD });
    expect(child.body).toMatchObject({ address: CHILD, dailyDigestOffered: false });
    // Each owner follows the link mailed to their address (decision 043); only then is mail sent there.
    for (const address of [ADMIN, MANAGER, CHILD]) await confirmFromInbox(inbox, server.url, address);
    expect((await admin().get(`/api/users/${family.admin.id}/email`)).body).toMatchObject({ address: ADMIN, confirmed: true });
    expect(confirmationMails(inbox, ADMIN)).toHaveLength(1);

    // The admin sees another member's address; a manager and a child do not; no one changes another's.
    expect((await admin().get(`/api/users/${family.manager.id}/email`)).body).toMatchObject({ address: MANAGER, canEdit: false });
    for (const [client, id] of [[family.manager.client, family.admin.id], [family.kids[1].client, family.kids[0].id]] as const) {
      const seen = await client.get(`/api/users/${id}/email`);
      expect(seen.status).toBe(403);
      expect(seen.body.error).toBe(messages.emailHidden);
    }
    const other = await admin().put(`/api/users/${family.manager.id}/email`, { weeklyReport: true });
    expect(other.status).toBe(403);
    expect(other.body.error).toBe(messages.emailOwnOnly);
    // Nor is it in the member list anyone reads.
    expect(JSON.stringify((await family.kids[1].client.get('/api/users')).body)).not.toContain(ADMIN);
  });

  it('refuses a bad address and unknown fields in words, and keeps what was set', async () => {
    const bad = await admin().put(`/api/users/${family.admin.id}/email`, { address: 'pat at example' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(messages.emailAddress);
    // One RFC 5321 mailbox, never a list or anything a mail library could read as more (decision 043).
    for (const address of ['a,b@x', '<a@x>', 'a@x>', 'a,b@example.org', '<a@example.org>', 'a@example.org>', 'a@example.org, b@example.org', 'Pat <pat@example.org>']) {
      const refused = await admin().put(`/api/users/${family.admin.id}/email`, { address });
      expect([address, refused.status, refused.body.error]).toEqual([address, 400, messages.emailAddress]);
    }
    const long = await admin().put(`/api/users/${family.admin.id}/email`, { address: `${'a'.repeat(250)}@example.org` });
    expect(long.status).toBe(400);
    expect(long.body.error).toBe(messages.emailAddressTooLong);
    const unknown = await admin().put(`/api/users/${family.admin.id}/email`, { address: ADMIN, monthly: true });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('monthly');
    expect((await admin().get(`/api/users/${family.admin.id}/email`)).body).toMatchObject({ address: ADMIN, weeklyReport: true, confirmed: true });
  });

  it('a generated weekly report reaches each parent who wants it once, with its figures; never a child', async () => {
    const [ada] = family.kids;
    await givePoints(family, ada, 7);
    const week = await generate();
    const [mail] = await eventually(async () => reports(ADMIN).length > 0 && reports(ADMIN), 'the weekly report mail');
    await quiet();
    expect(reports(ADMIN)).toHaveLength(1);
    expect(mail!.subject).toBe(`FamilyOS weekly report: The Mailers ${week.weekStartDate} to ${week.weekEndDate}`);
    expect(mail!.from).toContain('familyos@example.org');
    expect(mail!.text).toContain('Ada: 7 points (tasks 0, bonus 7), 0 tasks completed, rank 1');
    expect(mail!.text).toContain('The family earned 7 points');
    expect(mail!.text).toMatch(/turn it off on your Profile page/);
    expect(mail!.html).toContain('Ada: 7 points');
    // The manager turned the weekly report off; the child has an address but is no parent.
    expect(reports(MANAGER)).toHaveLength(0);
    expect(toChild()).toHaveLength(0);
  });

  it('turned off, the weekly report is not mailed', async () => {
    expect((await admin().put(`/api/users/${family.admin.id}/email`, { weeklyReport: false })).status).toBe(200);
    await generate();
    await quiet();
    expect(reports(ADMIN)).toHaveLength(1);
  });

  it('with the SMTP server down a report is held, then mailed once when it is back', async () => {
    expect((await admin().put(`/api/users/${family.admin.id}/email`, { weeklyReport: true })).status).toBe(200);
    await quiet();
    await inbox.down();
    await generate();
    await eventually(async () => server.running.reactors.status()['weekly-report-mail']?.failing, 'the mail failing while the server is down');
    expect(reports(ADMIN)).toHaveLength(1);
    await inbox.up();
    await eventually(async () => reports(ADMIN).length === 2, 'the report mailed once the server is back', 90_000);
    await quiet();
    expect(reports(ADMIN)).toHaveLength(2);
    expect(server.running.reactors.status()['weekly-report-mail']?.failing).toBeNull();
  }, 120_000);

  it('the daily summary: nothing when nothing waits; at the reminder time once with what waits; never to a child', async () => {
    await toNextDigestTime();
    expect(digests(ADMIN)).toHaveLength(0);

    const [ada, ben] = family.kids;
    const task = uniqueName('Dishes ');
    await createTask(family, { child: ada, title: task, to: 'submitted' });
    const request = uniqueName('Wash the car ');
    expect((await ben.client.post('/api/tasks', { title: request, pointsValue: 5, requestType: 'want_to_do' })).status).toBe(201);
    await givePoints(family, ada, 100);
    expect((await ada.client.post('/api/redemptions', { option: REWARD })).status).toBe(201);
    await quiet();
    await toNextDigestTime();

    const mine = digests(ADMIN);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.subject).toBe('FamilyOS: 3 things wait for you in The Mailers');
    expect(mine[0]!.text).toContain(`Tasks to review:\n- ${task} (Ada)`);
    expect(mine[0]!.text).toContain(`Child requests:\n- ${request} (Ben)`);
    expect(mine[0]!.text).toContain(`Reward requests:\n- ${REWARD}`);
    expect(mine[0]!.text).toContain('daily summary is on in your e-mail settings');
    expect(digests(MANAGER)).toHaveLength(1);
    expect(toChild()).toHaveLength(0);

    // The same day looked at again (as the boot's catch-up or a second process would): nothing more.
    await server.running.mail.catchUp();
    await quiet();
    expect(digests(ADMIN)).toHaveLength(1);
  });
});
