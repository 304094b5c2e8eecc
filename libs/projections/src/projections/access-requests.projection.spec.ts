import { SqliteReadModelStore } from '@familyos/read-models';
import { applyProjection, EventLog } from '@familyos/testing';
import type { AccessRequested, MemberJoined } from '@familyos/events';
import { accessRequestsProjection } from './access-requests.projection.js';
import { auditProjection } from './audit.projection.js';
import type { AccessRequestDoc, AuditDoc } from '../schema/documents.js';

const openStore = (file: string) => new SqliteReadModelStore(file);
const STREAM = 'accessRequest-hub_abc';

const asked = (over: Partial<AccessRequested['data']> = {}): AccessRequested['data'] => ({
  requestId: 'hub_abc',
  provider: 'hub',
  subject: 'hub-1001',
  username: 'dad',
  name: 'Daniel Parker',
  email: 'dad@hub.example',
  familyId: 'fam-1',
  ...over,
});

async function run(log: EventLog) {
  const { once, twice } = await applyProjection(accessRequestsProjection, log.events, openStore);
  expect(twice).toEqual(once);
  return once['access_requests'] as unknown as AccessRequestDoc[];
}

describe('access requests projection', () => {
  it('writes a pending row with the id of the stream, the hub user id and when it was asked', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'hub_abc' });
    const e = log.add(STREAM, 'AccessRequested', asked());
    expect(await run(log)).toEqual([
      {
        id: 'hub_abc',
        provider: 'hub',
        subject: 'hub-1001',
        hubUserId: 'hub-1001',
        username: 'dad',
        name: 'Daniel Parker',
        email: 'dad@hub.example',
        familyId: 'fam-1',
        status: 'pending',
        requestedAt: e.metadata.timestamp,
        decidedAt: null,
      },
    ]);
  });

  it('an OpenID request has no hub user id', async () => {
    const log = new EventLog({ familyId: null, actorId: 'oidc_abc' });
    log.add('accessRequest-oidc_abc', 'AccessRequested', asked({ requestId: 'oidc_abc', provider: 'oidc', subject: 'sub-1', familyId: null }));
    expect(await run(log)).toEqual([expect.objectContaining({ id: 'oidc_abc', provider: 'oidc', hubUserId: null, familyId: null })]);
  });

  it('approval records the family it joined and when; a system-level request gets its assigned family', async () => {
    const log = new EventLog({ familyId: null, actorId: 'root' });
    log.add(STREAM, 'AccessRequested', asked({ familyId: null }));
    const d = log.add(STREAM, 'AccessRequestApproved', { requestId: 'hub_abc', memberId: 'm1', familyId: 'fam-2', role: 'admin', decidedBy: 'root' });
    expect(await run(log)).toEqual([expect.objectContaining({ status: 'approved', familyId: 'fam-2', decidedAt: d.metadata.timestamp })]);
  });

  it('a rejection is recorded, and asking again reopens the same row as pending', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    log.add(STREAM, 'AccessRequested', asked());
    const r = log.add(STREAM, 'AccessRequestRejected', { requestId: 'hub_abc', decidedBy: 'mom' });
    expect(await run(log)).toEqual([expect.objectContaining({ status: 'rejected', decidedAt: r.metadata.timestamp })]);
    const again = log.add(STREAM, 'AccessRequested', asked());
    expect(await run(log)).toEqual([expect.objectContaining({ status: 'pending', requestedAt: again.metadata.timestamp, decidedAt: null })]);
  });

  it('ignores events of other streams', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    log.add('family-fam-1', 'FamilyRenamed', { name: 'X' });
    expect(await run(log)).toEqual([]);
  });
});

describe('audit sentences for access requests, invites and identities', () => {
  const joined = (memberId: string, name: string, via: MemberJoined['data']['via']): MemberJoined['data'] => ({
    memberId,
    familyId: 'fam-1',
    username: memberId,
    name,
    role: via === 'register' ? 'admin' : 'child',
    age: null,
    avatar: '🙂',
    isPrimaryAdmin: via === 'register',
    via,
  });

  it('tells who asked, who approved or turned them down, and the invite life cycle; identity claims stay out', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    log.add('member-mom', 'MemberJoined', joined('mom', 'Mom', 'register'));
    log.add(STREAM, 'AccessRequested', asked(), { actorId: 'hub_abc' });
    log.add('member-dan', 'MemberJoined', joined('dan', 'Daniel Parker', 'approved'));
    log.add('member-dan', 'MemberIdentityLinked', { provider: 'hub', subject: 'hub-1001', username: 'dad' });
    log.add('identity-hub_abc', 'IdentityClaimed', { provider: 'hub', subject: 'hub-1001', memberId: 'dan' });
    log.add(STREAM, 'AccessRequestApproved', { requestId: 'hub_abc', memberId: 'dan', familyId: 'fam-1', role: 'child', decidedBy: 'mom' });
    log.add('accessRequest-hub_def', 'AccessRequested', asked({ requestId: 'hub_def', name: 'Grace Parker' }), { actorId: 'hub_def' });
    log.add('accessRequest-hub_def', 'AccessRequestRejected', { requestId: 'hub_def', decidedBy: 'mom' });
    log.add('invite-i1', 'InviteCreated', { inviteId: 'i1', familyId: 'fam-1', token: 't', role: 'child', maxUses: 2, expiresAt: null });
    log.add('member-kid', 'MemberJoined', joined('kid', 'Kiddo', 'invite'), { actorId: 'kid' });
    log.add('invite-i1', 'InviteUsed', { memberId: 'kid', currentUses: 1 }, { actorId: 'kid' });
    log.add('invite-i1', 'InviteDeactivated', {});
    const { once, twice } = await applyProjection(auditProjection, log.events, openStore);
    expect(twice).toEqual(once);
    const rows = (once['audit'] as unknown as AuditDoc[]).sort((a, b) => a.position - b.position);
    expect(rows.map((r) => r.summary)).toEqual([
      'Mom joined as admin',
      'Daniel Parker asked to join through the Hub',
      'Daniel Parker joined as child',
      'Daniel Parker signs in with the Hub account "dad"',
      'Mom approved Daniel Parker\'s request to join as child',
      'Grace Parker asked to join through the Hub',
      'Mom turned down Grace Parker\'s request to join',
      'Mom created an invite link for a child (2 uses)',
      'Kiddo joined as child',
      'Kiddo joined with an invite link',
      'Mom deactivated an invite link',
    ]);
  });
});
