import { messages } from '@familyos/contracts';
import type { ApiClient, ApiResponse } from '../support/api-client.js';
import { balanceOf, createFamily, createTask, givePoints, uniqueName, type Family, type Member } from '../support/factories.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * Issue 18 "every mistake can be corrected": a parent edits a task that is not approved (PATCH), deletes one
 * (DELETE) and reverses an approved one with a reason (POST .../reverse), each in the audit trail. Who may, per
 * role and family, and what each leaves behind: lists, balances, points entries, the log.
 */

const SUPERUSER = { username: 'root', password: 'superpassword1' };
type Who = 'child' | 'manager' | 'admin' | 'superuser' | 'none' | 'stranger';
const EVERYONE: Who[] = ['child', 'manager', 'admin', 'superuser', 'none', 'stranger'];

interface TaskBody {
  id: string;
  title: string;
  status: string;
  pointsValue: number;
  [key: string]: unknown;
}

describe('correcting tasks over HTTP: edit, delete, reverse', () => {
  let server: TestServer;
  let family: Family;
  let other: Family;
  let ada: Member;
  let ben: Member;
  let root: ApiClient;

  beforeAll(async () => {
    server = await startTestServer({ env: { FAMILYOS_SUPERUSER: `${SUPERUSER.username}:${SUPERUSER.password}` } });
    [family, other] = await Promise.all([createFamily(server.url), createFamily(server.url, { familyName: 'The Neighbours' })]);
    [ada, ben] = family.kids;
    root = await family.anonymous.login(SUPERUSER.username, SUPERUSER.password);
  });
  afterAll(() => server.close());

  const admin = () => family.admin.client;
  const clientOf = (who: Who): ApiClient =>
    ({
      child: ada.client,
      manager: family.manager.client,
      admin: admin(),
      superuser: root,
      none: family.anonymous,
      stranger: other.admin.client,
    })[who];
  const head = () => server.running.events.headPosition();
  const taskOf = async (id: string): Promise<TaskBody> => (await admin().get(`/api/tasks/${id}`)).body;
  const listOf = async (client: ApiClient): Promise<TaskBody[]> => (await client.get('/api/tasks')).body;
  const auditOf = async (): Promise<{ action: string; summary: string }[]> => (await admin().get('/api/audit-logs')).body;
  const pointsOfAda = async (): Promise<{ amount: number; reason: string; taskId: string | null; source: string }[]> =>
    (await admin().get(`/api/points?userId=${ada.id}`)).body;
  const approvedTask = async (pointsValue = 10, title = uniqueName('Chore ')) => {
    const id = await createTask(family, { child: ada, pointsValue, title, to: 'submitted' });
    expect((await admin().put(`/api/tasks/${id}`, { status: 'approved', score: 9 })).status).toBe(200);
    return id;
  };
  const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const yesterday = () => new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
  /** A refused call answers the shape DESIGN §5 names and appends nothing. */
  const refused = async (call: () => Promise<ApiResponse>, status: number, error?: string) => {
    const before = await head();
    const res = await call();
    expect({ status: res.status, body: res.body }).toEqual({ status, body: expect.objectContaining({ error: error ?? expect.any(String) }) });
    expect(await head()).toBe(before);
    return res;
  };

  describe('who may, per role and family', () => {
    // Parents (manager, admin) may; a child is forbidden; a superuser without a family and another family's admin
    // find nothing; without a session nobody gets in.
    const OUTCOME: Record<Who, number | 'ok'> = { child: 403, manager: 'ok', admin: 'ok', superuser: 404, none: 401, stranger: 404 };

    it.each(EVERYONE)('PATCH /api/tasks/:id as %s', async (who) => {
      const id = await createTask(family, { child: ada });
      const title = uniqueName('Renamed ');
      const call = () => clientOf(who).patch(`/api/tasks/${id}`, { title });
      if (OUTCOME[who] !== 'ok') {
        await refused(call, OUTCOME[who] as number);
        expect((await taskOf(id)).title).not.toBe(title);
        return;
      }
      const res = await call();
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id, title, status: 'pending' });
    });

    it.each(EVERYONE)('DELETE /api/tasks/:id as %s', async (who) => {
      const id = await createTask(family, { child: ada });
      const call = () => clientOf(who).delete(`/api/tasks/${id}`);
      if (OUTCOME[who] !== 'ok') {
        await refused(call, OUTCOME[who] as number);
        expect((await admin().get(`/api/tasks/${id}`)).status).toBe(200);
        return;
      }
      const res = await call();
      expect(res.status).toBe(204);
      expect((await admin().get(`/api/tasks/${id}`)).status).toBe(404);
    });

    it.each(EVERYONE)('POST /api/tasks/:id/reverse as %s', async (who) => {
      const id = await approvedTask(10);
      const before = await balanceOf(family, ada);
      const call = () => clientOf(who).post(`/api/tasks/${id}/reverse`, { reason: 'Checked again: not done' });
      if (OUTCOME[who] !== 'ok') {
        await refused(call, OUTCOME[who] as number);
        expect((await taskOf(id)).status).toBe('approved');
        expect(await balanceOf(family, ada)).toBe(before);
        return;
      }
      const res = await call();
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id, status: 'reversed', reversalReason: 'Checked again: not done' });
      expect(await balanceOf(family, ada)).toBe(before - 10);
    });

    it('another family cannot tell its tasks from ones that do not exist', async () => {
      const id = await createTask(family, { child: ada });
      const foreign = await Promise.all([
        other.admin.client.patch(`/api/tasks/${id}`, { title: 'x' }),
        other.admin.client.delete(`/api/tasks/${id}`),
        other.admin.client.post(`/api/tasks/${id}/reverse`, { reason: 'x' }),
      ]);
      const missing = await Promise.all([
        other.admin.client.patch('/api/tasks/no-such-task', { title: 'x' }),
        other.admin.client.delete('/api/tasks/no-such-task'),
        other.admin.client.post('/api/tasks/no-such-task/reverse', { reason: 'x' }),
      ]);
      expect(foreign.map((r) => [r.status, r.body])).toEqual(missing.map((r) => [r.status, r.body]));
      expect(foreign.map((r) => r.status)).toEqual([404, 404, 404]);
    });
  });

  describe('PATCH /api/tasks/:id: a parent edits a task that is not approved', () => {
    it('changes title, description, points, due date and assignee; the child sees the change', async () => {
      const id = await createTask(family, { child: ada, pointsValue: 10 });
      const due = tomorrow();
      const res = await family.manager.client.patch(`/api/tasks/${id}`, {
        title: '  Wash the car  ',
        description: 'Inside and out',
        pointsValue: 25,
        dueDate: due,
        assignedTo: [ben.id],
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id, title: 'Wash the car', description: 'Inside and out', pointsValue: 25, dueDate: due, assignedTo: [ben.id] });
      const seenByBen = (await listOf(ben.client)).find((t) => t.id === id);
      expect(seenByBen).toMatchObject({ title: 'Wash the car', pointsValue: 25, can: { submit: true, edit: false } });
      // Ada is no longer assigned: it is not hers to see any more.
      expect((await listOf(ada.client)).map((t) => t.id)).not.toContain(id);
    });

    it('changes only the fields given; null removes the due date; a submitted task stays submitted', async () => {
      const id = await createTask(family, { child: ada, pointsValue: 10, to: 'submitted' });
      await admin().patch(`/api/tasks/${id}`, { dueDate: tomorrow() });
      const res = await admin().patch(`/api/tasks/${id}`, { dueDate: null, pointsValue: 12 });
      expect(res.body).toMatchObject({ id, status: 'submitted', dueDate: null, pointsValue: 12, description: 'made by a test', assignedTo: [ada.id] });
      // Approval credits what the task says now.
      const before = await balanceOf(family, ada);
      expect((await admin().put(`/api/tasks/${id}`, { status: 'approved' })).status).toBe(200);
      expect(await balanceOf(family, ada)).toBe(before + 12);
    });

    it('appends nothing for an edit that changes nothing', async () => {
      const id = await createTask(family, { child: ada, pointsValue: 10 });
      const task = await taskOf(id);
      const before = await head();
      const res = await admin().patch(`/api/tasks/${id}`, { title: task.title, pointsValue: 10, assignedTo: [ada.id] });
      expect(res.status).toBe(200);
      expect(await head()).toBe(before);
    });

    it.each([
      ['an empty title', { title: '   ' }, 'title', messages.taskTitleRequired],
      ['a title over 100 characters', { title: 'x'.repeat(101) }, 'title', messages.taskTitleTooLong],
      ['a description over 300 characters', { description: 'x'.repeat(301) }, 'description', messages.taskDescriptionTooLong],
      ['points above 500', { pointsValue: 501 }, 'pointsValue', messages.taskPointsTooHigh],
      ['points below -50', { pointsValue: -51 }, 'pointsValue', messages.taskPointsTooLow],
      ['no assignee', { assignedTo: [] }, 'assignedTo', messages.taskAssignee],
      ['a due date that is not a date', { dueDate: 'next tuesday' }, 'dueDate', messages.taskDueDate],
    ])('refuses %s with SPEC §5 words (400)', async (_label, body, field, message) => {
      const id = await createTask(family, { child: ada });
      const res = await refused(() => admin().patch(`/api/tasks/${id}`, body), 400, message);
      expect(res.body.details).toEqual([{ field, message }]);
    });

    it('refuses a due date in the past, and an adult as assignee (400); another family’s child is not found (404)', async () => {
      const id = await createTask(family, { child: ada });
      await refused(() => admin().patch(`/api/tasks/${id}`, { dueDate: yesterday() }), 400, messages.taskDueDatePast);
      await refused(() => admin().patch(`/api/tasks/${id}`, { assignedTo: [family.manager.id] }), 400, messages.taskAssigneeNotChild);
      await refused(() => admin().patch(`/api/tasks/${id}`, { assignedTo: [other.kids[0].id] }), 404, messages.taskAssigneeNotChild);
    });

    it('refuses an approved task (reverse it instead) and a rejected one (409)', async () => {
      const approved = await approvedTask();
      await refused(() => admin().patch(`/api/tasks/${approved}`, { title: 'Too late' }), 409, messages.taskNotEditable('approved'));
      const rejected = await createTask(family, { child: ada, to: 'submitted' });
      await admin().put(`/api/tasks/${rejected}`, { status: 'rejected' });
      await refused(() => admin().patch(`/api/tasks/${rejected}`, { title: 'Too late' }), 409, messages.taskNotEditable('rejected'));
    });

    it('is in the audit trail, told with the title the task had', async () => {
      const title = uniqueName('Old title ');
      const id = await createTask(family, { child: ada, title });
      await admin().patch(`/api/tasks/${id}`, { title: `${title} (new)`, pointsValue: 40 });
      expect((await auditOf())[0]).toMatchObject({
        action: 'task_edited',
        summary: `Pat Parent edited the task "${title}": title "${title} (new)", points +40 FP`,
      });
    });
  });

  describe('DELETE /api/tasks/:id: a parent deletes a task that is not approved', () => {
    it('leaves every list (tasks of parent and child, the tasks export) and stays in the audit trail', async () => {
      const title = uniqueName('Delete me ');
      const id = await createTask(family, { child: ada, title, to: 'submitted' });
      expect((await admin().delete(`/api/tasks/${id}`)).status).toBe(204);
      expect((await listOf(admin())).map((t) => t.id)).not.toContain(id);
      expect((await listOf(ada.client)).map((t) => t.id)).not.toContain(id);
      expect((await ada.client.get(`/api/tasks/${id}`)).status).toBe(404);
      expect((await admin().get('/api/export/tasks.csv')).body).not.toContain(title);
      expect((await auditOf()).find((a) => a.action === 'task_deleted')?.summary).toBe(`Pat Parent deleted the task "${title}"`);
    });

    it('deletes once: a second DELETE is a 204 that appends nothing, and nothing else can be done to it', async () => {
      const id = await createTask(family, { child: ada });
      expect((await admin().delete(`/api/tasks/${id}`)).status).toBe(204);
      const before = await head();
      expect((await family.manager.client.delete(`/api/tasks/${id}`)).status).toBe(204);
      expect(await head()).toBe(before);
      await refused(() => admin().patch(`/api/tasks/${id}`, { title: 'Back' }), 404);
      await refused(() => ada.client.put(`/api/tasks/${id}`, { status: 'submitted' }), 404);
    });

    it('refuses an approved task: it is reversed instead (409)', async () => {
      const id = await approvedTask();
      await refused(() => admin().delete(`/api/tasks/${id}`), 409, messages.taskDeleteApproved);
    });
  });

  describe('POST /api/tasks/:id/reverse: a parent takes an approval back', () => {
    it('debits the credited child "Reversed: {title}", shows the task reversed with its reason, and tells the log', async () => {
      const title = uniqueName('Mistake ');
      const id = await approvedTask(15, title);
      const before = await balanceOf(family, ada);
      const res = await admin().post(`/api/tasks/${id}/reverse`, { reason: '  Approved the wrong task  ' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id,
        status: 'reversed',
        creditedTo: ada.id,
        reversalReason: 'Approved the wrong task',
        reversedBy: family.admin.id,
        can: { submit: false, approve: false, reject: false, edit: false, delete: true, reverse: false },
      });
      expect(await balanceOf(family, ada)).toBe(before - 15);
      const entries = (await pointsOfAda()).filter((e) => e.taskId === id);
      expect(entries.map((e) => [e.amount, e.reason, e.source])).toEqual(
        expect.arrayContaining([
          [15, `Completed task: ${title}`, 'task'],
          [-15, `Reversed: ${title}`, 'reversal'],
        ]),
      );
      // The child sees it reversed, with the reason, and its own entry.
      expect((await listOf(ada.client)).find((t) => t.id === id)).toMatchObject({ status: 'reversed', reversalReason: 'Approved the wrong task' });
      const audit = await auditOf();
      expect(audit.map((a) => a.summary)).toEqual(
        expect.arrayContaining([`Pat Parent reversed "${title}" for Ada (-15 FP): Approved the wrong task`, `Ada lost 15 FP: Reversed: ${title}`]),
      );
    });

    it('refuses a missing or over-long reason with SPEC §5 words (400)', async () => {
      const id = await approvedTask();
      for (const [body, message] of [
        [{}, messages.reasonRequired],
        [{ reason: '   ' }, messages.reasonRequired],
        [{ reason: 'x'.repeat(201) }, messages.reasonTooLong],
      ] as const) {
        const res = await refused(() => admin().post(`/api/tasks/${id}/reverse`, body), 400, message);
        expect(res.body.details).toEqual([{ field: 'reason', message }]);
      }
    });

    it('refuses a task that is not approved (409)', async () => {
      const pending = await createTask(family, { child: ada });
      const submitted = await createTask(family, { child: ada, to: 'submitted' });
      for (const id of [pending, submitted]) {
        await refused(() => admin().post(`/api/tasks/${id}/reverse`, { reason: 'Why not' }), 409, messages.taskReverseNotApproved);
      }
    });

    it('a repeat is a 200 that debits nothing more', async () => {
      const id = await approvedTask(10);
      expect((await admin().post(`/api/tasks/${id}/reverse`, { reason: 'First' })).status).toBe(200);
      const balance = await balanceOf(family, ada);
      const before = await head();
      const again = await family.manager.client.post(`/api/tasks/${id}/reverse`, { reason: 'Second' });
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ status: 'reversed', reversalReason: 'First' });
      expect(await head()).toBe(before);
      expect(await balanceOf(family, ada)).toBe(balance);
    });

    it('ten simultaneous reversals debit once', async () => {
      const title = uniqueName('Raced ');
      const id = await approvedTask(20, title);
      const before = await balanceOf(family, ada);
      const parents = [admin(), family.manager.client];
      const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => parents[i % 2]!.post(`/api/tasks/${id}/reverse`, { reason: `Reason ${i}` })));
      expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
      expect(await balanceOf(family, ada)).toBe(before - 20);
      expect((await pointsOfAda()).filter((e) => e.reason === `Reversed: ${title}`)).toHaveLength(1);
      expect((await auditOf()).filter((a) => a.action === 'task_reversed' && a.summary.includes(`"${title}"`))).toHaveLength(1);
    });

    it('with negative balances off, refuses to take the balance below zero (409) and changes nothing', async () => {
      const family2 = await createFamily(server.url);
      const [kid] = family2.kids;
      const parent = family2.admin.client;
      expect((await parent.put('/api/family', { pointSettings: { allowNegative: false } })).status).toBe(200);
      const id = await createTask(family2, { child: kid, pointsValue: 30, to: 'submitted' });
      expect((await parent.put(`/api/tasks/${id}`, { status: 'approved' })).status).toBe(200);
      expect((await parent.get(`/api/tasks/${id}`)).body.can.reverse).toBe(true);
      await givePoints(family2, kid, -20);
      expect(await balanceOf(family2, kid)).toBe(10);
      // The task's `can` says what the account will answer: no reversal offered that would be a 409 (decision 047).
      expect((await parent.get(`/api/tasks/${id}`)).body.can.reverse).toBe(false);
      expect((await parent.get('/api/tasks')).body.find((t: TaskBody) => t.id === id).can.reverse).toBe(false);
      const before = await head();
      const res = await parent.post(`/api/tasks/${id}/reverse`, { reason: 'Not done' });
      expect(res).toMatchObject({ status: 409, body: { error: messages.reversalNotEnoughPoints(30, 10) } });
      expect(await head()).toBe(before);
      expect((await parent.get(`/api/tasks/${id}`)).body.status).toBe('approved');
      expect(await balanceOf(family2, kid)).toBe(10);
    });

    it('with negative balances off, a deduction task the balance cannot cover is not offered for approval (409 if tried)', async () => {
      const family2 = await createFamily(server.url);
      const [kid] = family2.kids;
      const parent = family2.admin.client;
      expect((await parent.put('/api/family', { pointSettings: { allowNegative: false } })).status).toBe(200);
      await givePoints(family2, kid, 3);
      const id = await createTask(family2, { child: kid, pointsValue: -5, to: 'submitted' });
      expect((await parent.get(`/api/tasks/${id}`)).body.can).toMatchObject({ approve: false, reject: true });
      expect((await parent.put(`/api/tasks/${id}`, { status: 'approved' })).status).toBe(409);
      await givePoints(family2, kid, 2);
      expect((await parent.get(`/api/tasks/${id}`)).body.can.approve).toBe(true);
      expect((await parent.put(`/api/tasks/${id}`, { status: 'approved' })).status).toBe(200);
    });
  });
});
