import { SqliteReadModelStore } from '@familyos/read-models';
import { applyProjection, EventLog } from '@familyos/testing';
import type { InviteCreated } from '@familyos/events';
import { invitesProjection } from './invites.projection.js';
import type { InviteDoc } from '../schema/documents.js';

const openStore = (file: string) => new SqliteReadModelStore(file);

const created = (inviteId: string, over: Partial<InviteCreated['data']> = {}): InviteCreated['data'] => ({
  inviteId,
  familyId: 'fam-1',
  token: `token-of-${inviteId}`,
  role: 'child',
  maxUses: 3,
  expiresAt: null,
  ...over,
});

async function run(log: EventLog) {
  const { once, twice } = await applyProjection(invitesProjection, log.events, openStore);
  expect(twice).toEqual(once);
  return once['invites'] as unknown as InviteDoc[];
}

describe('invites projection', () => {
  it('writes a row per invite with its token, role, limits, creator and time', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    const a = log.add('invite-a', 'InviteCreated', created('a', { role: 'manager', maxUses: 10, expiresAt: '2026-12-01T00:00:00.000Z' }));
    const b = log.add('invite-b', 'InviteCreated', created('b', { familyId: 'fam-2' }), { familyId: 'fam-2', actorId: 'eve' });
    expect(await run(log)).toEqual([
      {
        id: 'a',
        familyId: 'fam-1',
        inviteToken: 'token-of-a',
        role: 'manager',
        maxUses: 10,
        currentUses: 0,
        expiresAt: '2026-12-01T00:00:00.000Z',
        isActive: true,
        createdAt: a.metadata.timestamp,
        createdBy: 'mom',
      },
      {
        id: 'b',
        familyId: 'fam-2',
        inviteToken: 'token-of-b',
        role: 'child',
        maxUses: 3,
        currentUses: 0,
        expiresAt: null,
        isActive: true,
        createdAt: b.metadata.timestamp,
        createdBy: 'eve',
      },
    ]);
  });

  it('counts uses and deactivation on the right invite only', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    log.add('invite-a', 'InviteCreated', created('a'));
    log.add('invite-b', 'InviteCreated', created('b'));
    log.add('invite-a', 'InviteUsed', { memberId: 'kid1', currentUses: 1 }, { actorId: 'kid1' });
    log.add('invite-a', 'InviteUsed', { memberId: 'kid2', currentUses: 2 }, { actorId: 'kid2' });
    log.add('invite-b', 'InviteDeactivated', {});
    const rows = await run(log);
    expect(rows.map((r) => [r.id, r.currentUses, r.isActive, r.createdBy])).toEqual([
      ['a', 2, true, 'mom'],
      ['b', 0, false, 'mom'],
    ]);
  });

  it('ignores uses of an invite it never saw created, and other streams', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    log.add('invite-ghost', 'InviteUsed', { memberId: 'kid1', currentUses: 1 });
    log.add('invite-ghost', 'InviteDeactivated', {});
    expect(await run(log)).toEqual([]);
  });
});
