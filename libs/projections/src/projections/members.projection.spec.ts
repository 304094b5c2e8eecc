import { SqliteReadModelStore } from '@familyos/read-models';
import { applyProjection, EventLog } from '@familyos/testing';
import type { MemberJoined } from '@familyos/events';
import { membersProjection } from './members.projection.js';
import type { MemberDoc } from '../schema/documents.js';

const openStore = (file: string) => new SqliteReadModelStore(file);

const joined = (over: Partial<MemberJoined['data']> & Pick<MemberJoined['data'], 'memberId' | 'name'>): MemberJoined['data'] => ({
  familyId: 'fam-1',
  username: over.memberId,
  role: 'child',
  age: 9,
  avatar: '🦊',
  isPrimaryAdmin: false,
  via: 'added',
  ...over,
});

async function run(log: EventLog) {
  const { once, twice } = await applyProjection(membersProjection, log.events, openStore);
  expect(twice).toEqual(once);
  return once['members'] as unknown as MemberDoc[];
}

describe('members projection', () => {
  it('creates a member row from MemberJoined with the defaults of a new member', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    const e = log.add(
      'member-mom',
      'MemberJoined',
      joined({ memberId: 'mom', username: 'MomSmith', name: 'Mom', role: 'admin', age: null, avatar: '👩', isPrimaryAdmin: true, via: 'register' }),
    );
    expect(await run(log)).toEqual([
      {
        id: 'mom',
        familyId: 'fam-1',
        username: 'MomSmith',
        usernameLower: 'momsmith',
        name: 'Mom',
        role: 'admin',
        age: null,
        avatar: '👩',
        isPrimaryAdmin: true,
        hubUserId: null,
        bio: '',
        websiteUrl: '',
        hasPassword: false,
        createdAt: e.metadata.timestamp,
        active: true,
        pendingHubUsername: null,
        pauses: [],
      },
    ]);
  });

  it('follows rename, avatar and password events; applying each twice changes nothing', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    const kidJoined = log.add('member-kid', 'MemberJoined', joined({ memberId: 'kid', username: 'Kid1', name: 'Kid' }));
    log.add('member-kid', 'MemberRenamed', { name: 'Kiddo' });
    log.add('member-kid', 'MemberAvatarChanged', { avatar: '🐼' });
    log.add('member-kid', 'MemberPasswordSet', { passwordHash: 'scrypt$abc' });
    log.add('member-kid', 'MemberRenamed', { name: 'Kid the Great' }, { actorId: 'kid' });

    const [kid] = await run(log);
    expect(kid).toEqual({
      id: 'kid',
      familyId: 'fam-1',
      username: 'Kid1',
      usernameLower: 'kid1',
      name: 'Kid the Great',
      role: 'child',
      age: 9,
      avatar: '🐼',
      isPrimaryAdmin: false,
      hubUserId: null,
      bio: '',
      websiteUrl: '',
      hasPassword: true,
      createdAt: kidJoined.metadata.timestamp,
      active: true,
      pendingHubUsername: null,
      pauses: [],
    });
    expect(JSON.stringify(kid)).not.toContain('scrypt');
  });

  it('follows role changes, deactivation, reactivation, bio and website, and a hub account named then linked', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    log.add('member-kid', 'MemberJoined', joined({ memberId: 'kid', name: 'Kid' }));
    log.add('member-kid', 'MemberHubUsernameReserved', { hubUsername: 'kidonhub' });
    log.add('member-kid', 'MemberRoleChanged', { role: 'manager', previousRole: 'child' });
    log.add('member-kid', 'MemberDeactivated', {});
    log.add('member-kid', 'MemberProfileChanged', { bio: 'Grown up now', websiteUrl: 'https://kid.example', source: 'member' });
    const [named] = await run(log);
    expect(named).toMatchObject({ role: 'manager', active: false, bio: 'Grown up now', websiteUrl: 'https://kid.example', pendingHubUsername: 'kidonhub', hubUserId: null });

    log.add('member-kid', 'MemberReactivated', {});
    log.add('member-kid', 'MemberIdentityLinked', { provider: 'hub', subject: 'hub-9', username: 'kidonhub' });
    const [linked] = await run(log);
    expect(linked).toMatchObject({ active: true, pendingHubUsername: null, hubUserId: 'hub-9', hubUsername: 'kidonhub' });
  });

  it('shows no password once a reactivation withdrew the one set while the member was deactivated (decision 044)', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    log.add('member-sam', 'MemberJoined', joined({ memberId: 'sam', name: 'Sam', role: 'admin' }));
    log.add('member-sam', 'MemberPasswordSet', { passwordHash: 'scrypt$sams' });
    log.add('member-sam', 'MemberDeactivated', {});
    log.add('member-sam', 'MemberPasswordSet', { passwordHash: 'scrypt$moms', sessions: { kept: null } });
    log.add('member-sam', 'MemberReactivated', {});
    const [kept] = await run(log);
    expect(kept).toMatchObject({ active: true, hasPassword: true });
    log.add('member-sam', 'MemberDeactivated', {});
    log.add('member-sam', 'MemberReactivated', { passwordWithdrawn: true });
    const [withdrawn] = await run(log);
    expect(withdrawn).toMatchObject({ active: true, hasPassword: false });
  });

  it("keeps a member's e-mail settings as last changed, absent until set (issue 20)", async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    log.add('member-mom', 'MemberJoined', joined({ memberId: 'mom', name: 'Mom', role: 'admin' }));
    const [before] = await run(log);
    expect(before!.email).toBeUndefined();
    log.add('member-mom', 'MemberEmailChanged', { address: 'mom@example.org', weeklyReport: true, dailyDigest: true });
    log.add('member-mom', 'MemberEmailChanged', { address: 'mom@example.org', weeklyReport: true, dailyDigest: false });
    const [after] = await run(log);
    expect(after!.email).toEqual({ address: 'mom@example.org', weeklyReport: true, dailyDigest: false, confirmed: false });
  });

  it('an address is confirmed once its link is followed, and unconfirmed again when it changes (decision 043)', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    log.add('member-mom', 'MemberJoined', joined({ memberId: 'mom', name: 'Mom', role: 'admin' }));
    log.add('member-mom', 'MemberEmailChanged', { address: 'mom@example.org', weeklyReport: true, dailyDigest: true });
    log.add('member-mom', 'MemberEmailConfirmationRequested', { address: 'mom@example.org' });
    expect((await run(log))[0]!.email).toMatchObject({ address: 'mom@example.org', confirmed: false });
    log.add('member-mom', 'MemberEmailConfirmed', { address: 'mom@example.org' });
    log.add('member-mom', 'MemberEmailChanged', { address: 'mom@example.org', weeklyReport: false, dailyDigest: true });
    expect((await run(log))[0]!.email).toEqual({ address: 'mom@example.org', weeklyReport: false, dailyDigest: true, confirmed: true });
    log.add('member-mom', 'MemberEmailChanged', { address: 'mother@example.org', weeklyReport: false, dailyDigest: true });
    // A late confirmation of the old address confirms nothing.
    log.add('member-mom', 'MemberEmailConfirmed', { address: 'mom@example.org' });
    expect((await run(log))[0]!.email).toEqual({ address: 'mother@example.org', weeklyReport: false, dailyDigest: true, confirmed: false });
  });

  it('changes only the member of the stream the event is in', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    log.add('member-a', 'MemberJoined', joined({ memberId: 'a', name: 'Ann' }));
    log.add('member-b', 'MemberJoined', joined({ memberId: 'b', name: 'Ben' }));
    log.add('member-b', 'MemberRenamed', { name: 'Benny' });
    log.add('member-a', 'MemberAvatarChanged', { avatar: '🐸' });
    log.add('member-b', 'MemberPasswordSet', { passwordHash: 'h' });
    const rows = await run(log);
    expect(rows.map((m) => [m.id, m.name, m.avatar, m.hasPassword])).toEqual([
      ['a', 'Ann', '🐸', false],
      ['b', 'Benny', '🦊', true],
    ]);
  });

  it('ignores changes to a member it has never seen, and keeps platform members (no family) with familyId null', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    log.add('member-ghost', 'MemberRenamed', { name: 'Ghost' });
    log.add('member-ghost', 'MemberPasswordSet', { passwordHash: 'h' });
    log.add(
      'member-root',
      'MemberJoined',
      joined({ memberId: 'root', name: 'Root', role: 'superuser', familyId: null, age: null, via: 'bootstrap' }),
      { familyId: null, actorId: 'root' },
    );
    const rows = await run(log);
    expect(rows.map((m) => [m.id, m.familyId, m.role])).toEqual([['root', null, 'superuser']]);
  });

  it('keeps two families apart: every row carries its own familyId', async () => {
    const log = new EventLog({ familyId: 'fam-a', actorId: 'alice' });
    log.add('member-alice', 'MemberJoined', joined({ memberId: 'alice', name: 'Alice', familyId: 'fam-a', role: 'admin', via: 'register' }));
    log.add('member-bob', 'MemberJoined', joined({ memberId: 'bob', name: 'Bob', familyId: 'fam-b', role: 'admin', via: 'register' }), {
      familyId: 'fam-b',
      actorId: 'bob',
    });
    log.add('member-a-kid', 'MemberJoined', joined({ memberId: 'a-kid', name: 'Amy', familyId: 'fam-a' }));
    log.add('member-b-kid', 'MemberJoined', joined({ memberId: 'b-kid', name: 'Bea', familyId: 'fam-b' }), { familyId: 'fam-b', actorId: 'bob' });
    log.add('member-b-kid', 'MemberRenamed', { name: 'Beatrix' }, { familyId: 'fam-b', actorId: 'bob' });

    const rows = await run(log);
    expect(rows.map((m) => [m.id, m.familyId, m.name])).toEqual([
      ['a-kid', 'fam-a', 'Amy'],
      ['alice', 'fam-a', 'Alice'],
      ['b-kid', 'fam-b', 'Beatrix'],
      ['bob', 'fam-b', 'Bob'],
    ]);
  });

  it("keeps a child's pauses, current and upcoming: ended early, cancelled, long over", async () => {
    // The log's clock starts on 2026-11-22.
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom', stepMs: 86_400_000 });
    log.add('member-emma', 'MemberJoined', joined({ memberId: 'emma', name: 'Emma' }));
    const xmas = log.add('member-emma', 'MemberPaused', { pauseId: 'p2', fromDay: '2026-12-20', untilDay: '2026-12-31', reason: 'Holidays' });
    const now = log.add('member-emma', 'MemberPaused', { pauseId: 'p1', fromDay: '2026-11-23', untilDay: '2026-11-30', reason: 'Sick' });
    log.add('member-emma', 'MemberPaused', { pauseId: 'p3', fromDay: '2027-02-01', untilDay: '2027-02-07', reason: '' });
    log.add('member-emma', 'MemberPauseEnded', { pauseId: 'p1', untilDay: '2026-11-26' });
    // Cancelled before it began: it never takes effect.
    log.add('member-emma', 'MemberPauseEnded', { pauseId: 'p3', untilDay: '2027-01-31' });
    let [emma] = await run(log);
    expect(emma!.pauses).toEqual([
      { id: 'p1', fromDay: '2026-11-23', untilDay: '2026-11-26', reason: 'Sick', pausedBy: 'mom', pausedAt: now.metadata.timestamp },
      { id: 'p2', fromDay: '2026-12-20', untilDay: '2026-12-31', reason: 'Holidays', pausedBy: 'mom', pausedAt: xmas.metadata.timestamp },
    ]);
    // Weeks later, the next pause event drops the one long over.
    log.add('member-emma', 'MemberPaused', { pauseId: 'p4', fromDay: '2026-12-01', untilDay: '2026-12-02', reason: 'Trip' }, { timestamp: '2026-11-30T10:00:00.000Z' });
    [emma] = await run(log);
    expect(emma!.pauses.map((p) => [p.id, p.fromDay, p.untilDay])).toEqual([
      ['p4', '2026-12-01', '2026-12-02'],
      ['p2', '2026-12-20', '2026-12-31'],
    ]);
    expect(emma).toMatchObject({ name: 'Emma', active: true });
  });
});
