import { SqliteReadModelStore } from '@familyos/read-models';
import { applyProjection, EventLog, type ProjectionContents } from '@familyos/testing';
import type { MemberJoined, StoredEvent, TaskCreated } from '@familyos/events';
import { actionOf, auditProjection } from './audit.projection.js';
import { auditLogOf } from './testing/audit-log.js';
import { collections } from '../schema/collections.js';
import type { AuditDoc } from '../schema/documents.js';

const openStore = (file: string) => new SqliteReadModelStore(file);

const member = (memberId: string, name: string, role: MemberJoined['data']['role'], via: MemberJoined['data']['via'], familyId = 'fam-1'): MemberJoined['data'] => ({
  memberId,
  familyId,
  username: memberId,
  name,
  role,
  age: role === 'child' ? 9 : null,
  avatar: '🙂',
  isPrimaryAdmin: via === 'register',
  via,
});

const task = (taskId: string, title: string, over: Partial<TaskCreated['data']> = {}): TaskCreated['data'] => ({
  taskId,
  familyId: 'fam-1',
  createdBy: 'mom',
  title,
  description: '',
  pointsValue: 20,
  dueDate: null,
  assignedTo: ['kid'],
  isRecurring: false,
  recurringFrequency: null,
  isChildRequest: false,
  requestType: null,
  ...over,
});

async function run(events: readonly StoredEvent[]): Promise<ProjectionContents> {
  const { once, twice } = await applyProjection(auditProjection, events, openStore);
  expect(twice).toEqual(once);
  return once;
}

/** A family's life: sign-up, a child, tasks, points, redemptions, sessions and username claims in between. */
function familyHistory() {
  const log = new EventLog({ familyId: 'fam-1', actorId: 'mom', positionStep: 2 });
  const kid = { actorId: 'kid' };
  log.add('member-mom', 'MemberJoined', member('mom', 'Mom', 'admin', 'register'));
  log.add('username-mom', 'UsernameClaimed', { username: 'mom', memberId: 'mom' });
  log.add('session-aaa', 'SessionStarted', { memberId: 'mom', method: 'register', expiresAt: '2026-11-29T09:00:00.000Z' });
  log.add('family-fam-1', 'FamilyCreated', {
    familyId: 'fam-1',
    name: 'The Smiths',
    timeZone: 'Europe/Berlin',
    pointSettings: { allowNegative: true, interestRate: 0, currency: 'USD' },
    weeklyReportDay: 'Sunday',
    rewards: [],
    taskTemplates: [],
    hiddenSystemTemplates: [],
  });
  log.add('member-kid', 'MemberJoined', member('kid', 'Kid', 'child', 'added'));
  log.add('username-kid', 'UsernameClaimed', { username: 'kid', memberId: 'kid' });
  log.add('member-kid', 'MemberPasswordSet', { passwordHash: 'scrypt$secret' });
  log.add('session-bbb', 'SessionStarted', { memberId: 'kid', method: 'password', expiresAt: '2026-11-29T09:00:00.000Z' }, kid);
  log.add('member-kid', 'MemberAvatarChanged', { avatar: '🐼' }, kid);
  log.add('task-t1', 'TaskCreated', task('t1', 'Dishes'));
  log.add('task-t1', 'TaskSubmitted', { submittedBy: 'kid' }, kid);
  log.add('task-t1', 'TaskApproved', { score: 8, creditedTo: 'kid', entryId: 'e1', pointsValue: 20 });
  log.add('pointsAccount-kid', 'TaskPointsAwarded', { entryId: 'e1', childId: 'kid', taskId: 't1', amount: 20, reason: 'Completed task: Dishes' });
  log.add('task-t2', 'TaskCreated', task('t2', 'Wash the car', { createdBy: 'kid', isChildRequest: true, requestType: 'want_to_do' }), kid);
  log.add('task-t2', 'TaskRequestAccepted', {});
  log.add('task-t3', 'TaskCreated', task('t3', 'Fed the cat', { createdBy: 'kid', isChildRequest: true, requestType: 'already_did' }), kid);
  log.add('task-t3', 'TaskRejected', {});
  log.add('pointsAccount-kid', 'PointsIssued', { entryId: 'e2', childId: 'kid', amount: 15, reason: 'Helped grandma', approved: true, issuerId: 'mom' });
  log.add('pointsAccount-kid', 'PointsIssued', { entryId: 'e3', childId: 'kid', amount: 50, reason: 'Birthday', approved: false, issuerId: 'mom' });
  log.add('pointsAccount-kid', 'RedemptionRequested', { redemptionId: 'r1', childId: 'kid', option: 'Ice cream', cost: 30, emoji: '🍦' }, kid);
  log.add('pointsAccount-kid', 'RedemptionApproved', { redemptionId: 'r1', childId: 'kid', entryId: 'e4', cost: 30, reason: 'Redemption approved' });
  log.add('pointsAccount-kid', 'RedemptionRequested', { redemptionId: 'r2', childId: 'kid', option: 'Movie night', cost: 10, emoji: '🎬' }, kid);
  log.add('pointsAccount-kid', 'RedemptionRejected', { redemptionId: 'r2', childId: 'kid' });
  log.add('member-kid', 'MemberRenamed', { name: 'Kiddo' });
  log.add('task-t1', 'TaskSubmitted', { submittedBy: 'kid' }, kid);
  log.add('session-bbb', 'SessionEnded', { reason: 'logout' }, kid);
  log.add('family-fam-1', 'FamilyRenamed', { name: 'Smith Family' });
  return log;
}

describe('audit projection', () => {
  it('names actions in snake_case', () => {
    expect(actionOf('TaskApproved')).toBe('task_approved');
    expect(actionOf('PointsIssued')).toBe('points_issued');
    expect(actionOf('RedemptionApproved')).toBe('redemption_approved');
    expect(actionOf('TaskPointsAwarded')).toBe('task_points_awarded');
  });

  it("lists the family's events newest first, one human sentence each, without sessions or username claims", async () => {
    const log = familyHistory();
    const rows = await auditLogOf(log.events, 'fam-1', 'desc');
    expect(rows.map((r) => [r.action, r.actorId, r.summary])).toEqual(
      [
        ['member_joined', 'mom', 'Mom joined as admin'],
        ['family_created', 'mom', 'Mom created the family "The Smiths"'],
        ['member_joined', 'mom', 'Mom added Kid as child'],
        ['member_password_set', 'mom', 'Mom set a password for Kid'],
        ['member_avatar_changed', 'kid', "Kid changed their avatar to 🐼"],
        ['task_created', 'mom', 'Mom created the task "Dishes" for Kid (+20 FP)'],
        ['task_submitted', 'kid', 'Kid completed "Dishes"'],
        ['task_approved', 'mom', 'Mom approved "Dishes" for Kid (score 8/10, +20 FP)'],
        ['task_points_awarded', 'mom', 'Kid earned +20 FP: Completed task: Dishes'],
        ['task_created', 'kid', 'Kid asked for the task "Wash the car" (wants to do it)'],
        ['task_request_accepted', 'mom', 'Mom accepted the request "Wash the car"'],
        ['task_created', 'kid', 'Kid asked for the task "Fed the cat" (already did it)'],
        ['task_rejected', 'mom', 'Mom rejected "Fed the cat"'],
        ['points_issued', 'mom', 'Mom gave 15 FP to Kid: Helped grandma'],
        ['points_issued', 'mom', 'Mom gave 50 FP to Kid: Birthday (pending)'],
        ['redemption_requested', 'kid', 'Kid asked to redeem "Ice cream" for 30 FP'],
        ['redemption_approved', 'mom', "Mom approved Kid's redemption (-30 FP)"],
        ['redemption_requested', 'kid', 'Kid asked to redeem "Movie night" for 10 FP'],
        ['redemption_rejected', 'mom', "Mom rejected Kid's redemption"],
        ['member_renamed', 'mom', 'Mom renamed Kid to "Kiddo"'],
        // After the rename, sentences name the member by the new name.
        ['task_submitted', 'kid', 'Kiddo completed "Dishes"'],
        ['family_renamed', 'mom', 'Mom renamed the family to "Smith Family"'],
      ].reverse(),
    );
    // Newest first by position, and every audited event is there exactly once, keyed by its event id.
    const audited = log.events.filter((e) => !/^(session|username)-/.test(e.streamId));
    expect(rows.map((r) => r.id)).toEqual(audited.map((e) => e.metadata.eventId).reverse());
    expect(rows.map((r) => r.position)).toEqual(audited.map((e) => e.position).reverse());
    expect(rows.map((r) => r.timestamp)).toEqual(audited.map((e) => e.metadata.timestamp).reverse());
    expect(rows.every((r) => r.familyId === 'fam-1')).toBe(true);
    expect(rows.some((r) => /session|username/.test(r.action))).toBe(false);
    expect(JSON.stringify(rows)).not.toContain('scrypt');
  });

  it('applying every event twice leaves the same rows', async () => {
    const contents = await run(familyHistory().events);
    expect(contents[collections.audit]).toHaveLength(22);
  });

  it("tells a member's role change, deactivation, reactivation, password, profile, sign-in link and hub account (decision 029)", async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    const kid = { actorId: 'kid' };
    log.add('member-mom', 'MemberJoined', member('mom', 'Mom', 'admin', 'register'));
    log.add('member-kid', 'MemberJoined', member('kid', 'Kid', 'child', 'added'));
    log.add('member-kid', 'MemberHubUsernameReserved', { hubUsername: 'kidonhub' });
    log.add('hubUsername-abc', 'HubUsernameClaimed', { hubUsername: 'kidonhub', memberId: 'kid' });
    log.add('member-kid', 'MemberSignInLinkCreated', { expiresAt: '2026-11-28T09:00:00.000Z' });
    log.add('signInLink-def', 'SignInLinkCreated', { memberId: 'kid', expiresAt: '2026-11-28T09:00:00.000Z' });
    log.add('signInLink-def', 'SignInLinkUsed', {}, kid);
    log.add('member-kid', 'MemberPasswordSet', { passwordHash: 'scrypt$x', sessions: { kept: null } }, kid);
    log.add('member-kid', 'MemberPasswordSet', { passwordHash: 'scrypt$y', sessions: { kept: null } });
    log.add('member-kid', 'MemberProfileChanged', { bio: 'Hi', websiteUrl: '', source: 'member' }, kid);
    log.add('member-kid', 'MemberProfileChanged', { bio: 'Hi', websiteUrl: 'https://hub.example', source: 'hub' }, kid);
    log.add('member-kid', 'MemberRoleChanged', { role: 'manager', previousRole: 'child' });
    log.add('member-kid', 'MemberDeactivated', {});
    log.add('member-kid', 'MemberReactivated', {});
    const rows = await auditLogOf(log.events, 'fam-1', 'desc');
    expect(rows.map((r) => r.summary).reverse()).toEqual([
      'Mom joined as admin',
      'Mom added Kid as child',
      'Kid will sign in with the Hub account "kidonhub"',
      'Mom made a one-time sign-in link for Kid',
      'Kid set their password',
      'Mom set a password for Kid',
      'Kid updated their bio and website',
      "Kid's bio and website were filled in from the Hub profile",
      "Mom changed Kid's role from child to manager",
      'Mom deactivated Kid',
      'Mom reactivated Kid',
    ]);
    await run(log.events);
  });

  it("tells that a member asked for and followed an e-mail confirmation link, never the address nor the link's stream (decision 043)", async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    log.add('member-mom', 'MemberJoined', member('mom', 'Mom', 'admin', 'register'));
    log.add('member-mom', 'MemberEmailConfirmationRequested', { address: 'mom@example.org' });
    log.add('emailConfirmation-abc', 'EmailConfirmationCreated', { memberId: 'mom', address: 'mom@example.org', expiresAt: '2026-11-29T09:00:00.000Z' }, { actorId: 'system' });
    log.add('emailConfirmation-abc', 'EmailConfirmationUsed', {});
    log.add('member-mom', 'MemberEmailConfirmed', { address: 'mom@example.org' });
    const rows = await auditLogOf(log.events, 'fam-1', 'desc');
    expect(rows.map((r) => r.summary).reverse()).toEqual(['Mom joined as admin', 'Mom asked for a link to confirm their e-mail address', 'Mom confirmed their e-mail address']);
    expect(JSON.stringify(rows)).not.toContain('mom@example.org');
    await run(log.events);
  });

  it('says how much was deducted and from whom', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    log.add('member-mom', 'MemberJoined', member('mom', 'Mom', 'admin', 'register'));
    log.add('member-kid', 'MemberJoined', member('kid', 'Kid', 'child', 'added'));
    log.add('pointsAccount-kid', 'PointsIssued', { entryId: 'e1', childId: 'kid', amount: -5, reason: 'Rude at dinner', approved: true, issuerId: 'mom' });
    const [row] = await auditLogOf(log.events, 'fam-1', 'desc');
    expect(row!.action).toBe('points_issued');
    expect(row!.summary).toBe('Mom deducted 5 FP from Kid: Rude at dinner');
  });

  it('tells every correction of a task: an edit (with the title it had), a deletion and a reversal with its reason', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    log.add('member-mom', 'MemberJoined', member('mom', 'Mom', 'admin', 'register'));
    log.add('member-kid', 'MemberJoined', member('kid', 'Kid', 'child', 'added'));
    log.add('member-sib', 'MemberJoined', member('sib', 'Sib', 'child', 'added'));
    log.add('task-t1', 'TaskCreated', task('t1', 'Dishes'));
    log.add('task-t1', 'TaskEdited', { changes: { title: 'Dishes and pans', pointsValue: 25, dueDate: '2026-11-30', assignedTo: ['kid', 'sib'] } });
    log.add('task-t1', 'TaskEdited', { changes: { description: '', dueDate: null } });
    log.add('task-t1', 'TaskDeleted', {});
    log.add('task-t2', 'TaskCreated', task('t2', 'Homework'));
    log.add('task-t2', 'TaskApproved', { score: 10, creditedTo: 'kid', entryId: 'e1', pointsValue: 20 });
    log.add('task-t2', 'TaskReversed', { reason: 'Approved by mistake', creditedTo: 'kid', entryId: 'e2', pointsValue: 20 });
    log.add('pointsAccount-kid', 'TaskPointsReversed', { entryId: 'e2', childId: 'kid', taskId: 't2', amount: -20, reason: 'Reversed: Homework' });
    const rows = (await auditLogOf(log.events, 'fam-1', 'desc')).slice(0, 7).reverse().filter((r) => r.action !== 'task_created');
    expect(rows.map((r) => [r.action, r.summary])).toEqual([
      ['task_edited', 'Mom edited the task "Dishes": title "Dishes and pans", points +25 FP, due 2026-11-30, assigned to Kid, Sib'],
      ['task_edited', 'Mom edited the task "Dishes and pans": no description, no due date'],
      ['task_deleted', 'Mom deleted the task "Dishes and pans"'],
      ['task_approved', 'Mom approved "Homework" for Kid (score 10/10, +20 FP)'],
      ['task_reversed', 'Mom reversed "Homework" for Kid (-20 FP): Approved by mistake'],
      ['task_points_reversed', 'Kid lost 20 FP: Reversed: Homework'],
    ]);
    await run(log.events);
  });

  it('leaves out events without a family, and names unknown actors "someone"', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    log.add('member-root', 'MemberJoined', member('root', 'Root', 'superuser', 'bootstrap', null as unknown as string), { familyId: null, actorId: 'root' });
    log.add('session-ccc', 'SessionStarted', { memberId: 'root', method: 'password', expiresAt: '2026-11-29T09:00:00.000Z' }, { familyId: null, actorId: 'root' });
    log.add('member-root', 'MemberPasswordSet', { passwordHash: 'h' }, { familyId: null, actorId: 'root' });
    log.add('family-fam-1', 'FamilyRenamed', { name: 'Renamed by a stranger' }, { actorId: 'stranger' });
    const contents = await run(log.events);
    expect((contents[collections.audit] as unknown as AuditDoc[]).map((r) => [r.familyId, r.action, r.summary])).toEqual([
      ['fam-1', 'family_renamed', 'someone renamed the family to "Renamed by a stranger"'],
    ]);
  });

  it('describes an event type it has no sentence for by its action', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    // A type no catalogue knows (AnnouncementPosted, used here before, now has its own sentence).
    log.addAny('confetti-c1', 'ConfettiThrown', { colour: 'gold' });
    const [row] = await auditLogOf(log.events, 'fam-1', 'desc');
    expect(row).toMatchObject({ action: 'confetti_thrown', summary: 'confetti thrown', familyId: 'fam-1' });
  });

  it('keeps two families apart: familyId on every row, and neither family changes the other one’s rows', async () => {
    const log = new EventLog({ familyId: 'fam-a', actorId: 'alice' });
    const b = { familyId: 'fam-b', actorId: 'bob' };
    log.add('member-alice', 'MemberJoined', member('alice', 'Alice', 'admin', 'register', 'fam-a'));
    log.add('member-bob', 'MemberJoined', member('bob', 'Bob', 'admin', 'register', 'fam-b'), b);
    log.add('member-amy', 'MemberJoined', member('amy', 'Amy', 'child', 'added', 'fam-a'));
    log.add('member-bea', 'MemberJoined', member('bea', 'Bea', 'child', 'added', 'fam-b'), b);
    log.add('task-ta', 'TaskCreated', task('ta', 'A chore', { familyId: 'fam-a', createdBy: 'alice', assignedTo: ['amy'] }));
    log.add('task-tb', 'TaskCreated', task('tb', 'B chore', { familyId: 'fam-b', createdBy: 'bob', assignedTo: ['bea'] }), b);
    log.add('task-tb', 'TaskSubmitted', { submittedBy: 'bea' }, { familyId: 'fam-b', actorId: 'bea' });
    log.add('task-tb', 'TaskApproved', { score: 10, creditedTo: 'bea', entryId: 'eb', pointsValue: 20 }, b);
    log.add('pointsAccount-amy', 'PointsIssued', { entryId: 'ea', childId: 'amy', amount: 5, reason: 'Kind', approved: true, issuerId: 'alice' });
    log.add('member-bea', 'MemberRenamed', { name: 'Beatrix' }, b);
    log.add('pointsAccount-bea', 'PointsIssued', { entryId: 'eb2', childId: 'bea', amount: 1, reason: 'Tidy', approved: true, issuerId: 'bob' }, b);

    const both = await run(log.events);
    for (const [collection, rows] of Object.entries(both)) {
      for (const row of rows) expect({ collection, id: row.id, familyId: row['familyId'] }).toEqual({ collection, id: row.id, familyId: expect.stringMatching(/^fam-[ab]$/) });
    }
    const onlyA = await run(log.events.filter((e) => e.metadata.familyId === 'fam-a'));
    const onlyB = await run(log.events.filter((e) => e.metadata.familyId === 'fam-b'));
    for (const [familyId, alone] of [['fam-a', onlyA], ['fam-b', onlyB]] as const) {
      for (const collection of auditProjection.collections) {
        expect(both[collection]!.filter((r) => r['familyId'] === familyId)).toEqual(alone[collection]);
      }
    }
    expect((onlyB[collections.audit] as unknown as AuditDoc[]).map((r) => r.summary)).toEqual(
      expect.arrayContaining(['Bob approved "B chore" for Bea (score 10/10, +20 FP)', 'Bob gave 1 FP to Beatrix: Tidy']),
    );
    const aLog = await auditLogOf(log.events, 'fam-a', 'desc');
    expect(aLog.map((r) => r.summary)).toEqual([
      'Alice gave 5 FP to Amy: Kind',
      'Alice created the task "A chore" for Amy (+20 FP)',
      'Alice added Amy as child',
      'Alice joined as admin',
    ]);
  });

  it('tells who generated a weekly report, or that the schedule did', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    log.add('member-mom', 'MemberJoined', member('mom', 'Mom', 'admin', 'register'));
    const report = (trigger: 'manual' | 'schedule') => ({
      reportId: `r-${trigger}`,
      familyId: 'fam-1',
      weekStartDate: '2026-11-16',
      weekEndDate: '2026-11-22',
      windowStart: '2026-11-16T00:00:00.000Z',
      windowEnd: '2026-11-23T00:00:00.000Z',
      timeZone: 'UTC',
      trigger,
    });
    log.add('report-fam-1_2026-11-16', 'WeeklyReportGenerated', report('manual'));
    log.add('report-fam-1_2026-11-16', 'WeeklyReportGenerated', report('schedule'), { actorId: 'system' });
    const [scheduled, manual] = await auditLogOf(log.events, 'fam-1', 'desc');
    expect(manual).toMatchObject({ action: 'weekly_report_generated', summary: 'Mom generated the weekly report for 16–22 Nov' });
    expect(scheduled).toMatchObject({ action: 'weekly_report_generated', actorId: 'system', summary: 'The weekly report for 16–22 Nov was generated on schedule' });
  });
});
