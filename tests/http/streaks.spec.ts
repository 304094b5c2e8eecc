import { DateTime } from 'luxon';
import { messages } from '@familyos/contracts';
import { createFamily, uniqueName, type Family, type Member } from '../support/factories.js';
import { startTestServer, untilQuiet, type TestServer } from '../support/test-server.js';

/**
 * Issue 19: GET /api/streaks (each child's streaks from the periods the chores read model keeps) and
 * GET /api/chores/upcoming (the periods the chores plan within a range of days), against the real server.
 * The history is made through the api: a recurring task is a chore's first occurrence, submitted and approved.
 */

interface Occurrence {
  id: string;
  chore: { choreId: string; periodKey: string };
}

describe('/api/streaks and /api/chores/upcoming', () => {
  let server: TestServer;
  let family: Family;
  let other: Family;
  let today: string;
  const admin = () => family.admin.client;
  const day = (days: number) => DateTime.fromISO(today).plus({ days }).toISODate()!;

  /** A parent's daily recurring task: the first occurrence of its chore, on `onDay` (today by default). */
  async function dailyChore(title: string, children: Member[], onDay = today): Promise<Occurrence> {
    const dueDate = onDay === today ? undefined : DateTime.fromISO(onDay).set({ hour: 12 }).toISO();
    const res = await admin().post('/api/tasks', { title, pointsValue: 3, assignedTo: children.map((c) => c.id), dueDate, isRecurring: true, recurringFrequency: 'daily' });
    expect(res.status).toBe(201);
    expect(res.body.chore.periodKey).toBe(onDay);
    return res.body;
  }

  /** The child submits the occurrence, a parent approves it, the chore's reactor records it done by that child. */
  async function done(occurrence: Occurrence, child: Member): Promise<void> {
    expect((await child.client.put(`/api/tasks/${occurrence.id}`, { status: 'submitted' })).status).toBe(200);
    expect((await admin().put(`/api/tasks/${occurrence.id}`, { status: 'approved' })).status).toBe(200);
    // The occurrence-settlement reactor tells the chore (decision 035).
    await untilQuiet(server);
  }

  const streaksOf = async (member: { client: Family['admin']['client'] }) => {
    const res = await member.client.get('/api/streaks');
    expect(res.status).toBe(200);
    return res.body as { children: { childId: string; overall: { current: number; longest: number }; chores: { choreId: string; title: string; current: number; longest: number }[] }[] };
  };

  beforeAll(async () => {
    server = await startTestServer();
    [family, other] = await Promise.all([createFamily(server.url), createFamily(server.url)]);
    const zone = (await admin().get('/api/family')).body.timeZone as string;
    today = DateTime.now().setZone(zone).toISODate()!;
  });
  afterAll(() => server.close());

  describe('GET /api/streaks', () => {
    const [ada, ben] = [0, 1] as const;
    let bed: Occurrence;
    let dishes: Occurrence;
    let cat: Occurrence;

    beforeAll(async () => {
      const kids = family.kids;
      bed = await dailyChore(uniqueName('Make Bed '), [kids[ada]]);
      dishes = await dailyChore(uniqueName('Dishes '), [kids[ada]], day(1));
      cat = await dailyChore(uniqueName('Feed the cat '), [kids[ada], kids[ben]]);
    });

    it('an occurrence open or waiting for approval is no streak yet; done, it counts, per chore and overall in days', async () => {
      const before = (await streaksOf(family.kids[ada])).children[0]!;
      expect(before.overall).toEqual({ current: 0, longest: 0 });
      expect(before.chores.find((c) => c.choreId === bed.chore.choreId)).toMatchObject({ current: 0, longest: 0 });

      await done(bed, family.kids[ada]);
      await done(dishes, family.kids[ada]);

      const after = (await streaksOf(family.kids[ada])).children[0]!;
      // Today also has the cat to feed, still open for Ada: a day counts once all of it is settled.
      expect(after.overall).toEqual({ current: 1, longest: 1 });
      expect(after.chores.find((c) => c.choreId === bed.chore.choreId)).toMatchObject({ current: 1, longest: 1 });
      expect(after.chores.find((c) => c.choreId === dishes.chore.choreId)).toMatchObject({ current: 1, longest: 1 });
    });

    it('a first-come occurrence a sibling took is the sibling\'s, not the child\'s: her day is settled', async () => {
      await done(cat, family.kids[ben]);
      const { children } = await streaksOf(family.admin);
      const byId = new Map(children.map((c) => [c.childId, c]));
      expect(byId.get(family.kids[ben].id)!.chores).toEqual([expect.objectContaining({ choreId: cat.chore.choreId, current: 1, longest: 1 })]);
      expect(byId.get(family.kids[ben].id)!.overall).toEqual({ current: 1, longest: 1 });
      expect(byId.get(family.kids[ada].id)!.chores.find((c) => c.choreId === cat.chore.choreId)).toMatchObject({ current: 0, longest: 0 });
      expect(byId.get(family.kids[ada].id)!.overall).toEqual({ current: 2, longest: 2 });
    });

    it('a parent sees every child of the family; a child only itself', async () => {
      for (const parent of [family.admin, family.manager]) {
        expect((await streaksOf(parent)).children.map((c) => c.childId).sort()).toEqual([family.kids[ada].id, family.kids[ben].id].sort());
      }
      for (const kid of family.kids) expect((await streaksOf(kid)).children.map((c) => c.childId)).toEqual([kid.id]);
    });

    it('another family\'s children are never seen, theirs have no chores of ours', async () => {
      const theirs = await streaksOf(other.admin);
      expect(theirs.children.map((c) => c.childId).sort()).toEqual([other.kids[0].id, other.kids[1].id].sort());
      for (const child of theirs.children) expect(child).toEqual({ childId: child.childId, overall: { current: 0, longest: 0 }, chores: [] });
      expect((await streaksOf(other.kids[0])).children.map((c) => c.childId)).toEqual([other.kids[0].id]);
      expect((await family.anonymous.get('/api/streaks')).status).toBe(401);
    });

    it('an ended chore leaves the list; its done days still count overall', async () => {
      expect((await admin().post(`/api/chores/${dishes.chore.choreId}/end`)).status).toBe(200);
      const ada_ = (await streaksOf(family.kids[ada])).children[0]!;
      expect(ada_.chores.map((c) => c.choreId)).not.toContain(dishes.chore.choreId);
      expect(ada_.overall).toEqual({ current: 2, longest: 2 });
    });

    it('a reversed approval settles its occurrence again, missed: the streak no longer keeps the day (decision 047)', async () => {
      const benKid = family.kids[ben];
      const walk = await dailyChore(uniqueName('Walk the dog '), [benKid]);
      await done(walk, benKid);
      const streakOfWalk = async () => (await streaksOf(benKid)).children[0]!;
      expect((await streakOfWalk()).chores.find((c) => c.choreId === walk.chore.choreId)).toMatchObject({ current: 1, longest: 1 });
      expect((await streakOfWalk()).overall).toEqual({ current: 1, longest: 1 });

      expect((await admin().post(`/api/tasks/${walk.id}/reverse`, { reason: 'The dog was never walked' })).status).toBe(200);
      await untilQuiet(server);
      const chore = (await admin().get(`/api/chores/${walk.chore.choreId}`)).body;
      expect(chore.recentPeriods[0].outcomes).toEqual([{ taskId: walk.id, childId: benKid.id, outcome: 'missed', at: expect.any(String) }]);
      const after = await streakOfWalk();
      expect(after.chores.find((c) => c.choreId === walk.chore.choreId)).toMatchObject({ current: 0, longest: 0 });
      // Today had the cat fed and the dog not walked after all: the day breaks the overall streak.
      expect(after.overall).toEqual({ current: 0, longest: 0 });
    });
  });

  describe('GET /api/chores/upcoming', () => {
    let turns: { id: string; title: string };

    beforeAll(async () => {
      const res = await admin().post('/api/chores', {
        title: uniqueName('Water the plants '),
        pointsValue: 2,
        schedule: { repeat: 'daily', startDay: day(1), dueTime: '18:00' },
        sharing: { mode: 'turns', order: 'roundRobin' },
        children: [family.kids[0].id, family.kids[1].id],
      });
      expect(res.status).toBe(201);
      turns = res.body;
    });

    const upcoming = async (client: Family['admin']['client'], from: string, to: string) => {
      const res = await client.get(`/api/chores/upcoming?from=${from}&to=${to}`);
      expect(res.status).toBe(200);
      return (res.body as { choreId: string; title: string; periodKey: string; dueAt: string; plannedAssignees: string[] }[]).filter((p) => p.choreId === turns.id);
    };

    it('a parent gets every planned period in the range, more than the five a chore answers, soonest first', async () => {
      const planned = await upcoming(admin(), today, day(40));
      expect(planned.map((p) => p.periodKey)).toEqual(Array.from({ length: 40 }, (_, i) => day(i + 1)));
      expect(planned[0]).toMatchObject({ title: turns.title, plannedAssignees: [family.kids[0].id] });
      expect(planned[1]!.plannedAssignees).toEqual([family.kids[1].id]);
      const all = (await admin().get(`/api/chores/upcoming?from=${today}&to=${day(40)}`)).body as { dueAt: string }[];
      expect(all.map((p) => p.dueAt)).toEqual([...all.map((p) => p.dueAt)].sort());
    });

    it('a child gets only the periods planned for it; another family nothing of ours', async () => {
      const adas = await upcoming(family.kids[0].client, day(1), day(6));
      expect(adas.map((p) => p.periodKey)).toEqual([day(1), day(3), day(5)]);
      expect((await other.admin.client.get(`/api/chores/upcoming?from=${today}&to=${day(10)}`)).body).toEqual([]);
    });

    it('an occurrence made and still open comes first with its task; once done it is no longer listed', async () => {
      const made = await admin().post('/api/chores', {
        title: uniqueName('Feed the fish '),
        pointsValue: 1,
        schedule: { repeat: 'daily', startDay: today },
        sharing: { mode: 'everyone' },
        children: [family.kids[1].id],
      });
      expect(made.status).toBe(201);
      await untilQuiet(server);
      const bens = async () => ((await family.kids[1].client.get(`/api/chores/upcoming?from=${today}&to=${day(1)}`)).body as { choreId: string; periodKey: string; taskId: string | null }[]).filter((p) => p.choreId === made.body.id);
      const open = await bens();
      expect(open.map((p) => [p.periodKey, p.taskId])).toEqual([
        [today, `${made.body.id}_${today}_${family.kids[1].id}`],
        [day(1), null],
      ]);
      await done({ id: open[0]!.taskId!, chore: { choreId: made.body.id, periodKey: today } }, family.kids[1]);
      expect((await bens()).map((p) => p.taskId)).toEqual([null]);
    });

    it('a paused chore plans nothing', async () => {
      expect((await admin().post(`/api/chores/${turns.id}/pause`)).status).toBe(200);
      expect(await upcoming(admin(), today, day(10))).toEqual([]);
      expect((await admin().post(`/api/chores/${turns.id}/resume`)).status).toBe(200);
    });

    it.each([
      ['', 'from'],
      [`from=${'2026-02-30'}&to=2026-03-01`, 'from'],
      ['from=2026-03-02&to=2026-03-01', 'to'],
      ['from=2026-03-01&to=2026-05-02', 'to'],
    ])('?%s is 400 naming %s', async (query, field) => {
      const res = await admin().get(`/api/chores/upcoming?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(messages.choreUpcomingWindow);
      expect(res.body.details).toEqual([{ field, message: messages.choreUpcomingWindow }]);
    });
  });
});
