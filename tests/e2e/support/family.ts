import { ApiClient } from '../../support/api-client.js';
import { createFamily, PASSWORD, type Family, type Member } from '../../support/factories.js';

/**
 * Families for the browser suites, made through the API (POST /api/auth/register, then POST /api/users with
 * passwords) so a test never depends on the demo family's state or on another test.
 */
export { PASSWORD, type Family, type Member };

export const DEMO_PASSWORD = 'demo1234';
export const FAMILY_NAME = 'The Testers';

/** The names factories.ts gives the members. */
export const NAMES = { admin: 'Pat Parent', manager: 'Casey Carer', child: 'Ada', sibling: 'Ben' } as const;

export type Role = 'child' | 'manager' | 'admin';
export const ROLES: readonly Role[] = ['child', 'manager', 'admin'];
export const ROLE_LABEL: Record<Role, string> = { child: 'Child', manager: 'Manager', admin: 'Parent' };

/** The member who plays `role` in a family: Ada is the child. */
export function memberFor(family: Family, role: Role): Member {
  return role === 'admin' ? family.admin : role === 'manager' ? family.manager : family.kids[0];
}
export const nameFor = (role: Role): string => (role === 'admin' ? NAMES.admin : role === 'manager' ? NAMES.manager : NAMES.child);

function must<T = any>(res: { status: number; body: T }, expected: number, what: string): T {
  if (res.status !== expected) throw new Error(`${what}: expected ${expected}, got ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** What `seedFamily` made: titles and reasons the screens must show. */
export interface SeededFamily extends Family {
  tasks: { pending: string; submitted: string; approved: string; rejected: string; siblingPending: string; childRequest: string };
  reasons: { childBonus: string; siblingBonus: string };
  /** The reward Ada has asked for (pending). */
  pendingReward: string;
  /**
   * With `familyLife`: an announcement with a reply, a weekly event for Ada and this week's report. `eventDate`
   * is the event's first day (UTC, the browsers' time zone), tomorrow when seeded: a worker's family can be
   * seeded before midnight and looked at after it, when that day has become today.
   */
  life: { announcement: string; comment: string; event: string; eventDate: string } | null;
}

/**
 * A family with a lived-in week (and, with `familyLife`, its announcements, calendar and report): Ada (the
 * child of the tests) has a task in every state, a bonus and a pending
 * reward request; Ben has a task, a bonus and a pending "want to do" request. Ada ends with 40 FP, Ben 12 FP.
 */
export async function seedFamily(baseURL: string, options: { familyLife?: boolean } = {}): Promise<SeededFamily> {
  const family = await createFamily(baseURL, { familyName: FAMILY_NAME });
  const [ada, ben] = family.kids;
  const parent = family.admin.client;
  const task = async (child: Member, title: string, pointsValue: number, description: string, dueInDays: number | null = null) => {
    const dueDate = dueInDays === null ? null : utcDay(dueInDays);
    const body = must(await parent.post('/api/tasks', { title, description, pointsValue, assignedTo: [child.id], dueDate }), 201, `create ${title}`);
    return body.id as string;
  };
  const tasks = {
    pending: 'Feed the fish',
    submitted: 'Tidy the shoe rack',
    approved: 'Water the plants',
    rejected: 'Sweep the porch',
    siblingPending: 'Feed the cat',
    childRequest: 'Build a blanket fort',
  };
  await task(ada, tasks.pending, 5, 'A pinch of food, morning and evening', 1);
  const submitted = await task(ada, tasks.submitted, 8, 'Pairs together, toes in');
  const approved = await task(ada, tasks.approved, 30, 'Every pot on the balcony');
  const rejected = await task(ada, tasks.rejected, 10, 'Front porch and the steps');
  await task(ben, tasks.siblingPending, 5, 'Fresh water too');
  for (const id of [submitted, approved, rejected]) must(await ada.client.put(`/api/tasks/${id}`, { status: 'submitted' }), 200, 'submit');
  must(await parent.put(`/api/tasks/${approved}`, { status: 'approved', score: 9 }), 200, 'approve');
  must(await parent.put(`/api/tasks/${rejected}`, { status: 'rejected' }), 200, 'reject');
  must(
    await ben.client.post('/api/tasks', { title: tasks.childRequest, description: 'In the living room', pointsValue: 10, requestType: 'want_to_do' }),
    201,
    'child request',
  );
  const reasons = { childBonus: 'Helped carry the groceries', siblingBonus: 'Kind to his sister' };
  must(await parent.post('/api/points', { userId: ada.id, amount: 10, reason: reasons.childBonus, approved: true }), 201, 'points');
  must(await parent.post('/api/points', { userId: ben.id, amount: 12, reason: reasons.siblingBonus, approved: true }), 201, 'points');
  const pendingReward = 'Extra Screen Time (30 min)';
  must(await ada.client.post('/api/redemptions', { option: pendingReward, cost: 25 }), 201, 'redemption');
  let life: SeededFamily['life'] = null;
  if (options.familyLife) {
    const tomorrow = utcDay(1);
    life = {
      announcement: 'Pizza night on Friday! Finish your tasks first.',
      comment: 'Can I choose the toppings?',
      event: 'Swim practice',
      eventDate: tomorrow,
    };
    const posted = must(await parent.post('/api/announcements', { content: life.announcement }), 201, 'announcement');
    must(await ada.client.post(`/api/announcements/${posted.id}/comments`, { content: life.comment }), 201, 'comment');
    must(
      await parent.post('/api/calendar-events', {
        title: life.event,
        description: 'Bring goggles',
        assignedTo: ada.id,
        startDate: `${tomorrow}T17:30:00`,
        endDate: `${tomorrow}T18:30:00`,
        category: 'Sports',
        color: '#06B6D4',
        isRecurring: true,
        recurringType: 'weekly',
      }),
      201,
      'event',
    );
    must(await parent.post('/api/reports/generate'), 201, 'report');
  }
  return { ...family, tasks, reasons, pendingReward, life };
}

/**
 * The word the screens put on a day (`YYYY-MM-DD`, UTC like the browsers) as of now: "Today", "Tomorrow" or
 * null for any other day. Asked when a test looks, not when its family was seeded.
 */
export function dayWord(date: string, now = new Date()): 'Today' | 'Tomorrow' | null {
  return date === utcDay(0, now) ? 'Today' : date === utcDay(1, now) ? 'Tomorrow' : null;
}

/** `YYYY-MM-DD` of the UTC day `offsetDays` after `now`. */
function utcDay(offsetDays: number, now = new Date()): string {
  return new Date(now.getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

/** The demo family's members, signed in through the API. */
export async function demoClient(baseURL: string, username: 'mom' | 'emma' | 'leo'): Promise<ApiClient> {
  return new ApiClient(baseURL).login(username, DEMO_PASSWORD);
}

export async function balanceOf(client: ApiClient, userId?: string): Promise<number> {
  const res = await client.get(`/api/points/balance${userId ? `?userId=${userId}` : ''}`);
  return must<{ balance: number }>(res, 200, 'balance').balance;
}

export interface Reward {
  name: string;
  cost: number;
  emoji: string;
}

export async function rewardsOf(client: ApiClient): Promise<Reward[]> {
  return must<{ rewards: Reward[] }>(await client.get('/api/family'), 200, 'family').rewards;
}

export { ApiClient, must };
