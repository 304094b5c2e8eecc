import { randomBytes } from 'node:crypto';
import type { PointsEntryDoc } from '@familyos/projections';
import { ApiClient } from './api-client.js';

export const PASSWORD = 'correct-horse-9';

/** One entry of GET /api/points: the read model's row as the API answers it (as apps/web/src/lib/types.ts). */
export type PointsEntry = Omit<PointsEntryDoc, 'familyId' | 'position'>;

export interface Member {
  id: string;
  username: string;
  client: ApiClient;
}

export interface Family {
  familyId: string;
  admin: Member;
  manager: Member;
  kids: [Member, Member];
  anonymous: ApiClient;
}

export const uniqueName = (prefix: string) => `${prefix}${randomBytes(4).toString('hex')}`;

/**
 * A day (`YYYY-MM-DD`) `days` ahead: by default far enough that no chore starting on it makes an occurrence
 * while a suite runs, and within the year ahead a chore's start day may be set to.
 */
export const dayAhead = (days = 200) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A whole family made through the API: a registered admin, a manager and two children who can sign in. */
export async function createFamily(baseUrl: string, options: { familyName?: string } = {}): Promise<Family> {
  const anonymous = new ApiClient(baseUrl);
  const username = uniqueName('admin');
  const reg = await anonymous.post('/api/auth/register', {
    username,
    password: PASSWORD,
    name: 'Pat Parent',
    familyName: options.familyName ?? 'The Testers',
  });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${JSON.stringify(reg.body)}`);
  const adminClient = new ApiClient(baseUrl, reg.body.token);
  const add = async (role: 'child' | 'manager', name: string, age?: number): Promise<Member> => {
    const u = uniqueName(role);
    const res = await adminClient.post('/api/users', { username: u, name, role, password: PASSWORD, age });
    if (res.status !== 201) throw new Error(`add member failed: ${res.status} ${JSON.stringify(res.body)}`);
    return { id: res.body.id, username: u, client: await anonymous.login(u, PASSWORD) };
  };
  const [manager, kid1, kid2] = await Promise.all([add('manager', 'Casey Carer'), add('child', 'Ada', 9), add('child', 'Ben', 6)]);
  return {
    familyId: reg.body.user.familyId,
    admin: { id: reg.body.user.id, username, client: adminClient },
    manager,
    kids: [kid1, kid2],
    anonymous,
  };
}

/** A task assigned to `childId`, created by a parent; `to` moves it on to submitted (by that child). */
export async function createTask(
  family: Family,
  options: { child?: Member; pointsValue?: number; title?: string; to?: 'submitted' } = {},
): Promise<string> {
  const child = options.child ?? family.kids[0];
  const res = await family.admin.client.post('/api/tasks', {
    title: options.title ?? uniqueName('Task '),
    description: 'made by a test',
    pointsValue: options.pointsValue ?? 10,
    assignedTo: [child.id],
  });
  if (res.status !== 201) throw new Error(`create task failed: ${res.status} ${JSON.stringify(res.body)}`);
  if (options.to === 'submitted') {
    const sub = await child.client.put(`/api/tasks/${res.body.id}`, { status: 'submitted' });
    if (sub.status !== 200) throw new Error(`submit failed: ${sub.status} ${JSON.stringify(sub.body)}`);
  }
  return res.body.id;
}

export async function givePoints(family: Family, child: Member, amount: number): Promise<void> {
  const res = await family.admin.client.post('/api/points', { userId: child.id, amount, reason: 'test credit' });
  if (res.status !== 201) throw new Error(`give points failed: ${res.status} ${JSON.stringify(res.body)}`);
}

export async function balanceOf(family: Family, child: Member): Promise<number> {
  const res = await family.admin.client.get(`/api/points/balance?userId=${child.id}`);
  return res.body.balance;
}
