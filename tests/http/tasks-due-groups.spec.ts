import { DateTime } from 'luxon';
import { createFamily, createTask, uniqueName, type Family } from '../support/factories.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * Issue 19's "Tasks groups today, overdue and upcoming": every task answer carries `dueGroup`, decided on the
 * server from the family's time zone (Auckland here, far from the server's UTC) and the server's clock, which
 * this suite moves on to the next family-local day. Lists, one task and the commands' answers all carry it.
 */

const AUCKLAND = 'Pacific/Auckland';

describe('task answers carry dueGroup, by the family\'s day and the server clock', () => {
  let server: TestServer;
  let family: Family;
  let shift = 0;
  let today: DateTime;
  const admin = () => family.admin.client;
  const ada = () => family.kids[0].client;
  const day = (days: number) => today.plus({ days }).toISODate()!;
  const groupsOf = async (client = admin()) => {
    const res = await client.get('/api/tasks');
    expect(res.status).toBe(200);
    return new Map<string, string | null>(res.body.map((t: { id: string; dueGroup: string | null }) => [t.id, t.dueGroup]));
  };
  const task = async (dueDate: string | null, over: Record<string, unknown> = {}) => {
    const res = await admin().post('/api/tasks', { title: uniqueName('Chore '), pointsValue: 3, assignedTo: [family.kids[0].id], dueDate, ...over });
    expect(res.status).toBe(201);
    return res.body as { id: string; dueGroup: string | null };
  };

  beforeAll(async () => {
    server = await startTestServer({ clock: { now: () => new Date(Date.now() + shift) } });
    family = await createFamily(server.url);
    expect((await admin().put('/api/family', { timeZone: AUCKLAND })).status).toBe(200);
    today = DateTime.now().setZone(AUCKLAND).startOf('day');
  });
  afterAll(() => server.close());

  it('groups pending work as overdue, today, upcoming or noDueDate; everything else is null; a day later they move on', async () => {
    const dueToday = await task(day(0));
    const dueTomorrow = await task(day(1));
    const dueLater = await task(day(2));
    const noDate = await task(null);
    // A recurring task is its chore's first occurrence: grouped like any task.
    const occurrence = await task(day(1), { isRecurring: true, recurringFrequency: 'daily' });
    const submitted = await createTask(family, { to: 'submitted' });
    const request = await ada().post('/api/tasks', { title: uniqueName('Want '), pointsValue: 2, requestType: 'want_to_do' });
    expect(request.status).toBe(201);

    // The create answers carry it already.
    expect([dueToday.dueGroup, dueTomorrow.dueGroup, noDate.dueGroup, occurrence.dueGroup]).toEqual(['today', 'upcoming', 'noDueDate', 'upcoming']);
    const now = await groupsOf();
    expect(now.get(dueLater.id)).toBe('upcoming');
    expect(now.get(submitted)).toBeNull();
    expect(now.get(request.body.id)).toBeNull(); // waits for a parent, not the child
    // A child is answered the same groups for its own tasks.
    expect((await groupsOf(ada())).get(dueToday.id)).toBe('today');

    // 01:00 on the next Auckland day: yesterday's task is overdue, tomorrow's is today.
    shift = today.plus({ days: 1, hours: 1 }).toMillis() - Date.now();
    const later = await groupsOf();
    expect([dueToday.id, dueTomorrow.id, dueLater.id, noDate.id, occurrence.id].map((id) => later.get(id))).toEqual(['overdue', 'today', 'upcoming', 'noDueDate', 'today']);
    expect((await admin().get(`/api/tasks/${dueToday.id}`)).body.dueGroup).toBe('overdue');

    // Commands answer it too: an edit, a skip request and its approval, a submission.
    const edited = await admin().patch(`/api/tasks/${dueToday.id}`, { dueDate: day(3) });
    expect(edited.status).toBe(200);
    expect(edited.body.dueGroup).toBe('upcoming');
    const asked = await ada().post(`/api/tasks/${occurrence.id}/skip-request`, { reason: 'At grandma’s' });
    expect(asked.status).toBe(200);
    expect(asked.body.dueGroup).toBe('today'); // still the child's to do until a parent answers
    const skipped = await admin().post(`/api/tasks/${occurrence.id}/skip-request/approve`);
    expect(skipped.body).toMatchObject({ status: 'skipped', dueGroup: null });
    const done = await ada().put(`/api/tasks/${dueTomorrow.id}`, { status: 'submitted' });
    expect(done.body).toMatchObject({ status: 'submitted', dueGroup: null });
  });
});
