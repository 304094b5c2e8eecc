import { messages } from '@familyos/contracts';
import { LIVE_OPENS_PER_MINUTE } from '@familyos/api';
import { ApiClient } from '../support/api-client.js';
import { createFamily, createTask, dayAhead, PASSWORD, type Family } from '../support/factories.js';
import type { StoredEvent } from '@familyos/events';
import { changeIdAt, listen, type HeardChange, type LiveListener } from '../support/live-listener.js';
import { startTestServer, untilQuiet, type TestServer } from '../support/test-server.js';

/**
 * Issue 20's change stream, GET /api/live, against the real server: who hears what (a child nothing of another
 * child's tasks or points, nobody anything of another family), that a change arrives once it can be read, that
 * a dropped stream resumes from its Last-Event-ID, and that signing out or a member changing ends a stream.
 */
describe('GET /api/live', () => {
  let server: TestServer;
  let family: Family;
  let other: Family;
  const streams: LiveListener[] = [];
  const open = async (token: string | null, headers: Record<string, string> = {}) => {
    const stream = await listen(server.url, token, headers);
    streams.push(stream);
    return stream;
  };
  /** Opened and told where it stands, so that what follows is heard live. */
  const ready = async (token: string | null) => {
    const stream = await open(token);
    await stream.until((c) => c.id !== null, 'the stream to say where it stands');
    return stream;
  };
  const about = (topic: string, id: number) => (c: HeardChange) => c.type === 'change' && c.id === id && c.topics.includes(topic);
  /** The id the family's streams tell a command's change with (decision 046): its number among the family's changes. */
  const idOf = (res: { headers: Headers }, of: Family = family) => changeIdAt(server.running.readModels, of.familyId, Number(res.headers.get('x-familyos-position')));

  beforeAll(async () => {
    server = await startTestServer();
    [family, other] = await Promise.all([createFamily(server.url), createFamily(server.url)]);
    await untilQuiet(server);
  });
  afterEach(() => {
    for (const stream of streams.splice(0)) stream.close();
  });
  afterAll(() => server.close());

  it('is an event stream, for a signed-in member who asks for one, with the headers every answer carries', async () => {
    const stream = await ready(family.admin.client.token);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.response.headers.get('cache-control')).toContain('no-store');
    expect(stream.response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(stream.response.headers.get('content-security-policy')).toContain("default-src 'self'");

    const plain = await family.admin.client.get('/api/live');
    expect(plain.status).toBe(406);
    expect(plain.body.error).toMatch(/text\/event-stream/);
    expect((await open(null)).response.status).toBe(401);
    const badId = await family.admin.client.request('GET', '/api/live', undefined, { accept: 'text/event-stream', 'last-event-id': 'yesterday' });
    expect(badId.status).toBe(400);
    expect(badId.body.error).toMatch(/Last-Event-ID/);
  });

  it('tells every parent and the child a task is for, once its list shows it; the sibling and the other family hear nothing', async () => {
    const [ada, ben] = family.kids;
    const [mom, carer, adas, bens, stranger] = await Promise.all(
      [family.admin, family.manager, ada, ben, other.admin].map((m) => ready(m.client.token)),
    );
    const made = await family.admin.client.post('/api/tasks', { title: 'Feed the cat', pointsValue: 5, assignedTo: [ada.id] });
    const position = await idOf(made);
    for (const stream of [mom, carer, adas]) await stream.until(about('tasks', position), 'the task to be told');
    // What arrives is already readable: a client that never wrote (no read-your-writes) sees the task.
    const fresh = new ApiClient(server.url, ada.client.token);
    expect(((await fresh.get('/api/tasks')).body as { id: string }[]).map((t) => t.id)).toContain(made.body.id);
    expect(adas.heard.find(about('tasks', position))?.topics).not.toContain('audit-logs');

    // Something the whole family shares reaches Ben and the other family's own change reaches its parent:
    // both streams are live and in order, and neither heard of Ada's task before.
    const posted = await family.manager.client.post('/api/announcements', { title: 'Pizza tonight', content: 'Yes!' });
    await bens.until(about('announcements', await idOf(posted)), 'the announcement');
    const theirs = await other.admin.client.post('/api/announcements', { title: 'Ours', content: 'Only ours' });
    await stranger.until(about('announcements', await idOf(theirs, other)), 'their own announcement');
    expect(bens.heard.filter((c) => c.topics.includes('tasks'))).toEqual([]);
    // Each family hears its own changes only: the stranger just their announcement, Mom nothing of it.
    expect(stranger.heard.filter((c) => c.type === 'change').map((c) => c.topics)).toEqual([['announcements', 'audit-logs']]);
    await mom.until(about('announcements', await idOf(posted)), 'the announcement, to Mom');
    expect(mom.heard.filter((c) => c.topics.includes('announcements'))).toHaveLength(1);
  });

  it('tells a child of its own points; of a sibling’s only that the leaderboard moved', async () => {
    const [ada, ben] = family.kids;
    const [adas, bens] = await Promise.all([ready(ada.client.token), ready(ben.client.token)]);
    const given = await family.admin.client.post('/api/points', { userId: ada.id, amount: 7, reason: 'Helped with groceries' });
    const change = await adas.until(about('points', await idOf(given)), 'Ada’s points');
    expect(change.topics).toEqual(expect.arrayContaining(['points', 'standings', 'redemptions']));
    // Ben's open leaderboard shows Ada's new total (issue 26): he refetches the standings, nothing else of hers.
    expect((await bens.until(about('standings', await idOf(given)), 'the leaderboard, to Ben')).topics).toEqual(['standings']);
    const posted = await family.admin.client.post('/api/announcements', { title: 'Later', content: 'After the points' });
    await bens.until(about('announcements', await idOf(posted)), 'the announcement after the points');
    expect(bens.heard.some((c) => c.topics.includes('points'))).toBe(false);
  });

  it('names the records a change touched, to each member only those it may read (decision 052)', async () => {
    const [ada, ben] = family.kids;
    const taskId = await createTask(family, { child: ada, title: 'Sweep the porch' });
    expect((await ada.client.put(`/api/tasks/${taskId}`, { status: 'submitted' })).status).toBe(200);
    await untilQuiet(server);
    const [mom, adas, bens] = await Promise.all([family.admin, ada, ben].map((m) => ready(m.client.token)));
    const approved = await family.admin.client.put(`/api/tasks/${taskId}`, { status: 'approved', score: 8 });
    expect(approved.status).toBe(200);
    // The approval appends the task's event and the credit to Ada's account: two changes, the credit the later.
    const credit = await idOf(approved);
    const approval = (c: HeardChange) => c.type === 'change' && c.id! <= credit && c.topics.includes('tasks');
    expect((await mom.until(approval, 'the approval, to Mom')).ids).toEqual({ tasks: [taskId] });
    expect((await adas.until(approval, 'the approval, to Ada')).ids).toEqual({ tasks: [taskId] });
    const credited = await adas.until(about('points', credit), 'the credit, to Ada');
    expect(credited.ids.users).toEqual([ada.id]);
    expect(credited.ids.points).toHaveLength(1);
    expect((await mom.until(about('points', credit), 'the credit, to Mom')).ids).toEqual(credited.ids);
    // Ben hears that the leaderboard moved, and not which task, entry or account it was.
    expect(await bens.until(about('standings', credit), 'the leaderboard, to Ben')).toMatchObject({ topics: ['standings'], ids: {} });
    const posted = await family.admin.client.post('/api/announcements', { title: 'After the approval', content: 'Later' });
    expect((await bens.until(about('announcements', await idOf(posted)), 'the announcement')).ids).toEqual({ announcements: [posted.body.id] });
    expect(bens.heard.filter(approval)).toEqual([]);
    expect(JSON.stringify(bens.heard)).not.toContain(taskId);
  });

  it('tells a child taken off a chore that it went, and nothing of it after', async () => {
    const [ada, ben] = family.kids;
    const made = await family.admin.client.post('/api/chores', {
      title: 'Water the plants',
      pointsValue: 3,
      schedule: { repeat: 'weekdays', weekdays: [6], startDay: dayAhead() },
      sharing: { mode: 'turns', order: 'roundRobin' },
      children: [ada.id, ben.id],
    });
    expect(made.status).toBe(201);
    const [adas, bens] = await Promise.all([ready(ada.client.token), ready(ben.client.token)]);
    const edited = await family.admin.client.patch(`/api/chores/${made.body.id}`, { children: [ada.id] });
    expect(edited.status).toBe(200);
    await adas.until(about('chores', await idOf(edited)), 'Ada told of the edit');
    await bens.until(about('chores', await idOf(edited)), 'Ben told he is off the chore');
    const renamed = await family.admin.client.patch(`/api/chores/${made.body.id}`, { title: 'Water the garden' });
    await adas.until(about('chores', await idOf(renamed)), 'Ada told of the new title');
    const posted = await family.admin.client.post('/api/announcements', { title: 'After the chore', content: 'Later' });
    await bens.until(about('announcements', await idOf(posted)), 'the announcement after the edits');
    const renamedId = await idOf(renamed);
    expect(bens.heard.some((c) => c.id === renamedId)).toBe(false);
  });

  it('refreshes the bell of whoever a change made a notification for, and every tab of a member who read theirs', async () => {
    const [ada, ben] = family.kids;
    const [mom, adas, adasOtherTab, bens] = await Promise.all([family.admin, ada, ada, ben].map((m) => ready(m.client.token)));
    const made = await family.admin.client.post('/api/tasks', { title: 'Water the ferns', pointsValue: 3, assignedTo: [ada.id] });
    const told = await adas.until(about('tasks', await idOf(made)), 'the new task');
    expect(told.topics).toContain('notifications');
    // Mom made it: no notification of her own doing.
    expect((await mom.until(about('tasks', await idOf(made)), 'the new task, to Mom')).topics).not.toContain('notifications');

    const read = await ada.client.post('/api/notifications/read-all', {});
    expect(read.status).toBeLessThan(300);
    const readId = await idOf(read);
    await adasOtherTab.until((c) => c.id === readId && c.topics.includes('notifications'), 'the read, in the other tab');
    const posted = await family.admin.client.post('/api/announcements', { title: 'Later still', content: 'After the read' });
    await bens.until(about('announcements', await idOf(posted)), 'the announcement');
    expect(bens.heard.some((c) => c.topics.includes('notifications'))).toBe(false);
  });

  it('a dropped stream resumes from its Last-Event-ID and first hears what it missed', async () => {
    const [ada] = family.kids;
    const first = await ready(ada.client.token);
    const lastId = first.lastId()!;
    first.close();
    const taskId = await createTask(family, { child: ada, title: 'While away' });
    const given = await family.admin.client.post('/api/points', { userId: ada.id, amount: 3, reason: 'While away' });
    await untilQuiet(server);
    const head = await idOf(given);

    const resumed = await open(ada.client.token, { 'last-event-id': String(lastId) });
    const caughtUp = await resumed.until((c) => c.type === 'change', 'the catch-up');
    expect(caughtUp.id).toBeGreaterThanOrEqual(head);
    expect(caughtUp.topics).toEqual(expect.arrayContaining(['tasks', 'points']));
    // And names what it missed (decision 052): the task, and Ada's account.
    expect(caughtUp.ids.tasks).toEqual([taskId]);
    expect(caughtUp.ids.users).toEqual([ada.id]);
    expect(((await new ApiClient(server.url, ada.client.token).get('/api/tasks')).body as { id: string }[]).map((t) => t.id)).toContain(taskId);

    // The sibling resuming from the same point missed nothing of theirs in Ada's task and points.
    const bens = await open(family.kids[1].client.token, { 'last-event-id': String(lastId) });
    const said = await bens.until((c) => c.id !== null, 'Ben’s catch-up');
    expect(said.topics.filter((t) => ['tasks', 'points'].includes(t))).toEqual([]);
    expect(JSON.stringify(said.ids)).not.toContain(taskId);
  });

  it('the session check names the family’s change id now: a first stream resumed from it hears what came after, nothing before', async () => {
    const [ada] = family.kids;
    await createTask(family, { child: ada, title: 'Before the page' });
    await untilQuiet(server);
    const checked = await ada.client.get('/api/auth/me');
    const now = Number(checked.headers.get('x-familyos-live-id'));
    const mom = await ready(family.admin.client.token);
    // The family's latest change, as a stream opened now is told it.
    expect(now).toBe(mom.lastId());

    // Nothing since: the stream opened from it hears no topic at all (the page reads nothing again).
    const quiet = await open(ada.client.token, { 'last-event-id': String(now) });
    const stood = await quiet.until((c) => c.id !== null, 'the stream to stand');
    expect(stood.topics).toEqual([]);
    quiet.close();

    // A change between the session check and the stream (the page reading its screen): heard, and only it.
    const taskId = await createTask(family, { child: ada, title: 'While the page reads' });
    await untilQuiet(server);
    const resumed = await open(ada.client.token, { 'last-event-id': String(now) });
    const caughtUp = await resumed.until((c) => c.type === 'change', 'the catch-up');
    expect(caughtUp.ids.tasks).toEqual([taskId]);
  });

  it('counts only the family’s own changes in its ids: another family’s writes between two of ours move nothing', async () => {
    const mom = await ready(family.admin.client.token);
    const at = mom.lastId()!;
    for (let i = 0; i < 5; i += 1) expect((await other.admin.client.post('/api/announcements', { title: `Theirs ${i}`, content: 'Not yours' })).status).toBe(201);
    await untilQuiet(server);
    const posted = await family.manager.client.post('/api/announcements', { title: 'Ours, next', content: 'Yes' });
    const heard = await mom.until((c) => c.type === 'change' && c.topics.includes('announcements'), 'our announcement');
    expect(heard.id).toBe(at + 1);
    expect(heard.id).toBe(await idOf(posted));
    expect(heard.id).toBeLessThan(Number(posted.headers.get('x-familyos-position')));
  });

  it('a resume from Last-Event-ID 0 reads its own family’s changes only, never the log of the others', async () => {
    // The others write first, so that the log from the start is mostly theirs.
    for (let i = 0; i < 20; i += 1) await other.admin.client.post('/api/announcements', { title: `Busy ${i}`, content: 'Elsewhere' });
    const fresh = await createFamily(server.url);
    await untilQuiet(server);
    const events = server.running.events;
    const readAll = events.readAll.bind(events);
    const read: StoredEvent[] = [];
    events.readAll = async (...args) => {
      const batch = await readAll(...args);
      read.push(...batch);
      return batch;
    };
    try {
      const resumed = await open(fresh.kids[0].client.token, { 'last-event-id': '0' });
      const caughtUp = await resumed.until((c) => c.type === 'change', 'the catch-up from the start');
      // Exact, not "everything": what a new family's child has seen change (no calendar, no chores, no reports).
      expect(caughtUp.topics).toEqual(expect.arrayContaining(['users', 'family']));
      expect(caughtUp.topics).not.toContain('calendar-events');
      expect(caughtUp.topics).not.toContain('audit-logs');
    } finally {
      events.readAll = readAll;
    }
    expect(read.length).toBeGreaterThan(0);
    expect(read.filter((e) => e.metadata.familyId !== fresh.familyId)).toEqual([]);
  });

  it('an id the family never reached (another store, a forged one) refreshes everything, and the stream goes on from there', async () => {
    const resumed = await open(family.kids[0].client.token, { 'last-event-id': '999999999' });
    const caughtUp = await resumed.until((c) => c.type === 'change', 'the catch-up');
    expect(caughtUp.topics).toEqual(expect.arrayContaining(['tasks', 'points', 'notifications', 'standings']));
    expect(caughtUp.ids).toEqual({});
    expect(caughtUp.id).toBeLessThan(999999999);
    const posted = await family.admin.client.post('/api/announcements', { title: 'After a strange id', content: 'Heard' });
    await resumed.until(about('announcements', await idOf(posted)), 'the next change');
  });

  it('ends when the member signs out, and when a parent changes the member; the old session is then refused', async () => {
    const username = `livekid${Date.now()}`;
    const added = await family.admin.client.post('/api/users', { username, name: 'Live Kid', role: 'child', password: PASSWORD });
    expect(added.status).toBe(201);
    const kid = await family.anonymous.login(username, PASSWORD);
    const kids = await ready(kid.token);
    expect((await family.admin.client.put(`/api/users/${added.body.id}`, { active: false })).status).toBe(200);
    await kids.untilEnded();
    expect((await open(kid.token)).response.status).toBe(401);

    const carer = await family.anonymous.login(family.manager.username, PASSWORD);
    const carers = await ready(carer.token);
    const elsewhere = await ready(family.manager.client.token);
    expect((await carer.post('/api/auth/logout')).status).toBe(200);
    await carers.untilEnded();
    // Only that session's streams: the same member signed in elsewhere stays live.
    expect(elsewhere.ended).toBe(false);
  });

  it('lets a member open 120 streams a minute; past that 429 with Retry-After, and the family’s others still open theirs', async () => {
    const home = await createFamily(server.url);
    const child = home.kids[0].client;
    for (let i = 0; i < LIVE_OPENS_PER_MINUTE; i += 1) {
      const tab = await open(child.token);
      expect(tab.response.status).toBe(200);
      tab.close();
    }
    const refused = await child.request('GET', '/api/live', undefined, { accept: 'text/event-stream', 'last-event-id': '0' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body.error).toBe(messages.liveOpenedTooOften);
    expect((await open(home.admin.client.token)).response.status).toBe(200);
    expect((await open(home.kids[1].client.token)).response.status).toBe(200);
  });

  it('keeps at most eight streams per member: the ninth ends the oldest', async () => {
    const tabs: LiveListener[] = [];
    for (let i = 0; i < 9; i += 1) tabs.push(await ready(family.manager.client.token));
    await tabs[0].untilEnded();
    expect(tabs.slice(1).every((t) => !t.ended)).toBe(true);
  });
});
