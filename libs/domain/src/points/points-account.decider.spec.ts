import type { PointsAccountEvent, PointsIssued } from '@familyos/events';
import { messages } from '@familyos/contracts/rules';
import { deciderAccepts, deciderSpec } from '@familyos/testing';
import type { Actor } from '../shared/actor.js';
import { fold } from '../shared/decider.js';
import { pointsAccountDecider, redemptionCan, type PointsAccountCommand, type RedemptionStatus } from './points-account.decider.js';

type IssuePoints = Extract<PointsAccountCommand, { type: 'IssuePoints' }>;
type AwardTaskPoints = Extract<PointsAccountCommand, { type: 'AwardTaskPoints' }>;
type ReverseTaskPoints = Extract<PointsAccountCommand, { type: 'ReverseTaskPoints' }>;

/** A refusal message must be exactly this text, not merely contain it. */
const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

const FAMILY = 'family-1';
const mom: Actor = { id: 'mom', role: 'admin', familyId: FAMILY };
const dad: Actor = { id: 'dad', role: 'manager', familyId: FAMILY };
const root: Actor = { id: 'root', role: 'superuser', familyId: FAMILY };
const emma: Actor = { id: 'emma', role: 'child', familyId: FAMILY };

const strict = { allowNegative: false };
const lenient = { allowNegative: true };

const spec = deciderSpec(pointsAccountDecider);
const balanceAfter = (events: PointsAccountEvent[]) => fold(pointsAccountDecider, events).balance;

// ---- events -----------------------------------------------------------------------------------------------
const issued = (entryId: string, amount: number, overrides: Partial<PointsIssued['data']> = {}): PointsAccountEvent => ({
  type: 'PointsIssued',
  data: { entryId, childId: 'emma', amount, reason: 'Helped out', approved: true, issuerId: 'mom', ...overrides },
});
const awarded = (taskId: string, amount: number, entryId = `entry-${taskId}`, title = 'Wash Dishes'): PointsAccountEvent => ({
  type: 'TaskPointsAwarded',
  data: { entryId, childId: 'emma', taskId, amount, reason: `Completed task: ${title}` },
});
const reversedPoints = (taskId: string, amount: number, entryId = `reversal-${taskId}`, title = 'Wash Dishes'): PointsAccountEvent => ({
  type: 'TaskPointsReversed',
  data: { entryId, childId: 'emma', taskId, amount: -amount, reason: `Reversed: ${title}` },
});
const requested = (redemptionId: string, cost: number, option = 'Family Movie Night'): PointsAccountEvent => ({
  type: 'RedemptionRequested',
  data: { redemptionId, childId: 'emma', option, cost, emoji: '🎬' },
});
const redemptionApproved = (redemptionId: string, cost: number, entryId = 'entry-r'): PointsAccountEvent => ({
  type: 'RedemptionApproved',
  data: { redemptionId, childId: 'emma', entryId, cost, reason: 'Redemption approved' },
});
const redemptionRejected = (redemptionId: string): PointsAccountEvent => ({
  type: 'RedemptionRejected',
  data: { redemptionId, childId: 'emma' },
});

// ---- commands ---------------------------------------------------------------------------------------------
const issue = (amount: number, overrides: Partial<IssuePoints> = {}): IssuePoints => ({
  type: 'IssuePoints',
  actor: mom,
  childId: 'emma',
  entryId: 'entry-new',
  amount,
  reason: 'Helped out',
  approved: true,
  context: lenient,
  ...overrides,
});
const award = (taskId: string, amount: number, overrides: Partial<AwardTaskPoints> = {}): AwardTaskPoints => ({
  type: 'AwardTaskPoints',
  childId: 'emma',
  taskId,
  entryId: `entry-${taskId}`,
  amount,
  title: 'Wash Dishes',
  context: lenient,
  ...overrides,
});
const reverse = (taskId: string, credited: number, overrides: Partial<ReverseTaskPoints> = {}): ReverseTaskPoints => ({
  type: 'ReverseTaskPoints',
  childId: 'emma',
  taskId,
  entryId: `reversal-${taskId}`,
  credited,
  title: 'Wash Dishes',
  context: lenient,
  ...overrides,
});
const requestRedemption = (redemptionId: string, cost: number, actor: Actor = emma): PointsAccountCommand => ({
  type: 'RequestRedemption',
  actor,
  redemptionId,
  option: 'Family Movie Night',
  cost,
  emoji: '🎬',
});
const approveRedemption = (redemptionId: string, context = lenient, actor: Actor = mom): PointsAccountCommand => ({
  type: 'ApproveRedemption',
  actor,
  childId: 'emma',
  redemptionId,
  entryId: 'entry-r',
  context,
});
const rejectRedemption = (redemptionId: string, actor: Actor = mom): PointsAccountCommand => ({
  type: 'RejectRedemption',
  actor,
  childId: 'emma',
  redemptionId,
});

describe('points account decider', () => {
  describe('balance', () => {
    it('is the sum of approved entries only', () => {
      expect(balanceAfter([issued('e1', 20), issued('e2', 100, { approved: false }), issued('e3', -5)])).toBe(15);
    });

    it('counts task awards and subtracts approved redemptions, not pending or rejected ones', () => {
      expect(
        balanceAfter([
          awarded('t1', 30),
          issued('e1', 70),
          requested('r1', 25),
          requested('r2', 50),
          redemptionApproved('r1', 25),
          redemptionRejected('r2'),
        ]),
      ).toBe(75);
    });
  });

  describe('IssuePoints', () => {
    it('records an approved entry issued by the acting parent', () => {
      spec.given([]).when(issue(10)).then([issued('entry-new', 10)]);
    });

    it.each([
      ['a manager', dad],
      ['a superuser', root],
    ])('lets %s issue points', (_label, actor) => {
      spec.given([]).when(issue(5, { actor })).then([issued('entry-new', 5, { issuerId: actor.id })]);
    });

    it('records an unapproved entry as it is', () => {
      spec.given([]).when(issue(10, { approved: false })).then([issued('entry-new', 10, { approved: false })]);
    });

    it('with allowNegative off, refuses an approved deduction below zero', () => {
      spec
        .given([issued('e1', 20), issued('e2', 100, { approved: false })])
        .when(issue(-21, { context: strict }))
        .thenRefuses('conflict', exactly(messages.notEnoughPoints));
    });

    it('with allowNegative off, allows a deduction down to exactly zero', () => {
      spec
        .given([issued('e1', 20)])
        .when(issue(-20, { context: strict }))
        .then([issued('entry-new', -20)]);
    });

    it('with allowNegative off, still allows an unapproved deduction (it does not touch the balance)', () => {
      spec
        .given([])
        .when(issue(-10, { context: strict, approved: false }))
        .then([issued('entry-new', -10, { approved: false })]);
    });

    it('with allowNegative on, allows a balance below zero', () => {
      const events = spec.given([issued('e1', 5)]).when(issue(-20, { context: lenient })).then([issued('entry-new', -20)]);
      expect(balanceAfter([issued('e1', 5), ...events])).toBe(-15);
    });

    it('appends nothing for an entry id already recorded', () => {
      spec.given([issued('entry-new', 10)]).when(issue(10)).thenNothing();
    });

    it('treats a repeated entry id as the same intent, even with a different amount', () => {
      spec.given([issued('entry-new', 10)]).when(issue(50)).thenNothing();
    });

    it('refuses a child', () => {
      spec.given([]).when(issue(10, { actor: emma })).thenRefuses('forbidden');
    });
  });

  describe('AwardTaskPoints', () => {
    it('credits the task points with the reason "Completed task: {title}"', () => {
      spec
        .given([])
        .when(award('task-1', 10, { title: 'Clean Room' }))
        .then([awarded('task-1', 10, 'entry-task-1', 'Clean Room')]);
    });

    it('credits a task only once', () => {
      spec.given([awarded('task-1', 10)]).when(award('task-1', 10, { entryId: 'entry-again' })).thenNothing();
    });

    it('credits a different task', () => {
      spec.given([awarded('task-1', 10)]).when(award('task-2', 5)).then([awarded('task-2', 5)]);
    });

    it('with allowNegative off, refuses a negative task that would go below zero', () => {
      spec
        .given([issued('e1', 5)])
        .when(award('task-1', -10, { context: strict }))
        .thenRefuses('conflict', exactly(messages.notEnoughPoints));
    });

    it('with allowNegative off, allows a negative task the balance covers', () => {
      spec.given([issued('e1', 10)]).when(award('task-1', -10, { context: strict })).then([awarded('task-1', -10)]);
    });

    it('with allowNegative on, allows a negative task below zero', () => {
      spec.given([issued('e1', 5)]).when(award('task-1', -10, { context: lenient })).then([awarded('task-1', -10)]);
    });
  });

  describe('RequestRedemption', () => {
    it('records a pending redemption for the child', () => {
      spec.given([issued('e1', 100)]).when(requestRedemption('r1', 75)).then([requested('r1', 75)]);
    });

    it('allows a cost equal to the balance', () => {
      spec.given([issued('e1', 75)]).when(requestRedemption('r1', 75)).then([requested('r1', 75)]);
    });

    it('refuses a cost above the balance with the SPEC message', () => {
      spec
        .given([issued('e1', 60)])
        .when(requestRedemption('r1', 75))
        .thenRefuses('conflict', exactly(messages.needMorePoints(75, 60)));
    });

    it('does not count unapproved entries as available', () => {
      spec
        .given([issued('e1', 100, { approved: false })])
        .when(requestRedemption('r1', 25))
        .thenRefuses('conflict', exactly(messages.needMorePoints(25, 0)));
    });

    it('subtracts pending redemptions from what is available', () => {
      spec
        .given([issued('e1', 100), requested('r1', 80)])
        .when(requestRedemption('r2', 30))
        .thenRefuses('conflict', exactly(messages.needMorePoints(30, 20)));
      spec.given([issued('e1', 100), requested('r1', 80)]).when(requestRedemption('r2', 20)).then([requested('r2', 20)]);
    });

    it('frees the points of a rejected redemption', () => {
      spec
        .given([issued('e1', 100), requested('r1', 80), redemptionRejected('r1')])
        .when(requestRedemption('r2', 100))
        .then([requested('r2', 100)]);
    });

    it('appends nothing for a redemption id already requested', () => {
      spec.given([issued('e1', 100), requested('r1', 75)]).when(requestRedemption('r1', 75)).thenNothing();
    });

    it.each([
      ['an admin', mom],
      ['a manager', dad],
      ['a superuser', root],
    ])('refuses %s: only a child may request', (_label, actor) => {
      spec.given([issued('e1', 100)]).when(requestRedemption('r1', 75, actor)).thenRefuses('forbidden');
    });
  });

  describe('ApproveRedemption', () => {
    it('debits exactly the pending cost with the reason "Redemption approved"', () => {
      const given = [issued('e1', 100), requested('r1', 75)];
      const events = spec.given(given).when(approveRedemption('r1')).then([redemptionApproved('r1', 75)]);
      expect(balanceAfter([...given, ...events])).toBe(25);
    });

    it('lets a manager approve', () => {
      spec.given([issued('e1', 100), requested('r1', 75)]).when(approveRedemption('r1', lenient, dad)).then([redemptionApproved('r1', 75)]);
    });

    it('appends nothing when approved twice', () => {
      spec
        .given([issued('e1', 100), requested('r1', 75), redemptionApproved('r1', 75)])
        .when(approveRedemption('r1'))
        .thenNothing();
    });

    it('refuses a rejected redemption', () => {
      spec
        .given([issued('e1', 100), requested('r1', 75), redemptionRejected('r1')])
        .when(approveRedemption('r1'))
        .thenRefuses('conflict');
    });

    it('refuses an unknown redemption', () => {
      spec.given([issued('e1', 100)]).when(approveRedemption('r-unknown')).thenRefuses('not_found');
    });

    it('with allowNegative off, refuses when the balance no longer covers the cost', () => {
      // Requested while covered; a deduction since then leaves only 50 for a cost of 75.
      spec
        .given([issued('e1', 100), requested('r1', 75), issued('e2', -50)])
        .when(approveRedemption('r1', strict))
        .thenRefuses('conflict', exactly(messages.notEnoughPoints));
    });

    it('with allowNegative on, approves even when the balance goes below zero', () => {
      const given = [issued('e1', 100), requested('r1', 75), issued('e2', -50)];
      const events = spec.given(given).when(approveRedemption('r1', lenient)).then([redemptionApproved('r1', 75)]);
      expect(balanceAfter([...given, ...events])).toBe(-25);
    });

    it('refuses a child', () => {
      spec.given([issued('e1', 100), requested('r1', 75)]).when(approveRedemption('r1', lenient, emma)).thenRefuses('forbidden');
    });

    it('frees the pending amount: what is left can be requested again', () => {
      spec
        .given([issued('e1', 100), requested('r1', 75), redemptionApproved('r1', 75)])
        .when(requestRedemption('r2', 25))
        .then([requested('r2', 25)]);
    });
  });

  describe('RejectRedemption', () => {
    it('rejects a pending redemption without debiting', () => {
      const given = [issued('e1', 100), requested('r1', 75)];
      const events = spec.given(given).when(rejectRedemption('r1')).then([redemptionRejected('r1')]);
      expect(balanceAfter([...given, ...events])).toBe(100);
    });

    it('appends nothing when rejected twice', () => {
      spec.given([issued('e1', 100), requested('r1', 75), redemptionRejected('r1')]).when(rejectRedemption('r1')).thenNothing();
    });

    it('refuses an approved redemption', () => {
      spec
        .given([issued('e1', 100), requested('r1', 75), redemptionApproved('r1', 75)])
        .when(rejectRedemption('r1'))
        .thenRefuses('conflict');
    });

    it('refuses an unknown redemption', () => {
      spec.given([]).when(rejectRedemption('r-unknown')).thenRefuses('not_found');
    });

    it('refuses a child', () => {
      spec.given([issued('e1', 100), requested('r1', 75)]).when(rejectRedemption('r1', emma)).thenRefuses('forbidden');
    });
  });

  describe('ReverseTaskPoints', () => {
    it('debits what the approval credited, as "Reversed: {title}"', () => {
      const given = [issued('e1', 5), awarded('t1', 20)];
      const events = spec.given(given).when(reverse('t1', 20)).then([reversedPoints('t1', 20)]);
      expect(balanceAfter([...given, ...events])).toBe(5);
    });

    it('appends nothing when the task was already reversed (a repeat debits once)', () => {
      spec.given([awarded('t1', 20), reversedPoints('t1', 20)]).when(reverse('t1', 20, { entryId: 'another-entry' })).thenNothing();
    });

    it('gives back what a deduction task took (a negative credit reversed is a credit)', () => {
      const given = [issued('e1', 30), awarded('t1', -10)];
      const events = spec.given(given).when(reverse('t1', -10, { context: strict })).then([reversedPoints('t1', -10)]);
      expect(balanceAfter([...given, ...events])).toBe(30);
    });

    it('with negative balances off, refuses to take the balance below zero, saying by how much', () => {
      const given = [awarded('t1', 20), requested('r1', 15), redemptionApproved('r1', 15)];
      spec
        .given(given)
        .when(reverse('t1', 20, { context: strict }))
        .thenRefuses('conflict', exactly(messages.reversalNotEnoughPoints(20, 5)));
    });

    it('with negative balances off, takes the balance to exactly zero', () => {
      const given = [awarded('t1', 20)];
      const events = spec.given(given).when(reverse('t1', 20, { context: strict })).then([reversedPoints('t1', 20)]);
      expect(balanceAfter([...given, ...events])).toBe(0);
    });

    it('with negative balances on, takes the balance below zero', () => {
      const given = [awarded('t1', 20), requested('r1', 15), redemptionApproved('r1', 15)];
      const events = spec.given(given).when(reverse('t1', 20)).then([reversedPoints('t1', 20)]);
      expect(balanceAfter([...given, ...events])).toBe(-15);
    });

    it('refuses a task this account was never credited for', () => {
      spec.given([issued('e1', 50)]).when(reverse('t-unknown', 10)).thenRefuses('conflict', exactly(messages.taskReverseNotApproved));
    });
  });

  describe('DeductMissedChore (with TaskMissed)', () => {
    const deduct = (taskId: string, points: number, context = lenient): PointsAccountCommand => ({
      type: 'DeductMissedChore',
      childId: 'emma',
      taskId,
      entryId: `missed-${taskId}`,
      points,
      title: 'Feed Pets',
      context,
    });
    const deducted = (taskId: string, amount: number): PointsAccountEvent => ({
      type: 'MissedChorePointsDeducted',
      data: { entryId: `missed-${taskId}`, childId: 'emma', taskId, amount: -amount, reason: 'Missed: Feed Pets' },
    });

    it('debits the chore\'s deduction as "Missed: {title}"', () => {
      const events = spec.given([issued('e1', 10)]).when(deduct('t1', 3)).then([deducted('t1', 3)]);
      expect(balanceAfter([issued('e1', 10), ...events])).toBe(7);
    });

    it('appends nothing for a task already deducted, or a deduction of 0', () => {
      spec.given([issued('e1', 10), deducted('t1', 3)]).when(deduct('t1', 3)).thenNothing();
      spec.given([issued('e1', 10)]).when(deduct('t1', 0)).thenNothing();
    });

    it('with negative balances off, takes only what there is, and nothing from an empty balance', () => {
      const events = spec.given([issued('e1', 2)]).when(deduct('t1', 5, strict)).then([deducted('t1', 2)]);
      expect(balanceAfter([issued('e1', 2), ...events])).toBe(0);
      spec.given([]).when(deduct('t1', 5, strict)).thenNothing();
    });

    it('with negative balances on, goes below zero', () => {
      const events = spec.given([issued('e1', 2)]).when(deduct('t1', 5)).then([deducted('t1', 5)]);
      expect(balanceAfter([issued('e1', 2), ...events])).toBe(-3);
    });
  });

  describe('CreditStreakBonus', () => {
    const bonus = (key: string, points = 10, choreTitle: string | null = 'Feed Pets'): PointsAccountCommand => ({
      type: 'CreditStreakBonus',
      childId: 'emma',
      key,
      entryId: `bonus-${key}`,
      points,
      streak: 7,
      choreTitle,
    });
    const credited = (key: string, amount: number, reason: string): PointsAccountEvent => ({
      type: 'StreakBonusCredited',
      data: { entryId: `bonus-${key}`, childId: 'emma', key, amount, reason },
    });

    it('credits the milestone\'s points, naming the streak', () => {
      const events = spec.given([]).when(bonus('emma:chore-1:2026-03-02:7')).then([credited('emma:chore-1:2026-03-02:7', 10, 'Streak bonus: Feed Pets 7 times in a row')]);
      expect(balanceAfter(events)).toBe(10);
      spec.given([]).when(bonus('emma:overall:2026-03-02:7', 10, null)).then([credited('emma:overall:2026-03-02:7', 10, 'Streak bonus: 7 days in a row')]);
    });

    it('a second run with the same key credits nothing, even with another entry id', () => {
      spec
        .given([credited('k1', 10, 'Streak bonus: Feed Pets 7 times in a row')])
        .when({ ...(bonus('k1') as Extract<PointsAccountCommand, { type: 'CreditStreakBonus' }>), entryId: 'another' })
        .thenNothing();
    });

    it('another run (another key) is credited again', () => {
      spec
        .given([credited('emma:chore-1:2026-03-02:7', 10, 'r')])
        .when(bonus('emma:chore-1:2026-03-20:7'))
        .then([credited('emma:chore-1:2026-03-20:7', 10, 'Streak bonus: Feed Pets 7 times in a row')]);
    });
  });

  describe('redemptionCan: exactly the reviews the decider accepts', () => {
    const STATES: Record<RedemptionStatus, PointsAccountEvent[]> = {
      pending: [issued('e1', 100), requested('r1', 40)],
      approved: [issued('e1', 100), requested('r1', 40), redemptionApproved('r1', 40)],
      rejected: [issued('e1', 100), requested('r1', 40), redemptionRejected('r1')],
    };
    const ACTORS: [string, Actor][] = [
      ['an admin', mom],
      ['a manager', dad],
      ['a superuser of the family', root],
      ['the child', emma],
    ];
    const accepts = (command: PointsAccountCommand, given: PointsAccountEvent[]) => deciderAccepts(pointsAccountDecider, given, command);

    for (const [status, given] of Object.entries(STATES) as [RedemptionStatus, PointsAccountEvent[]][]) {
      it.each(ACTORS)(`a ${status} redemption, %s`, (_label, actor) => {
        const can = redemptionCan(actor, { familyId: FAMILY, status });
        expect(can).toEqual({
          approve: accepts(approveRedemption('r1', lenient, actor), given),
          reject: accepts(rejectRedemption('r1', actor), given),
        });
      });
    }

    it('a pending redemption can be approved and rejected by a parent only', () => {
      expect(redemptionCan(dad, { familyId: FAMILY, status: 'pending' })).toEqual({ approve: true, reject: true });
      expect(redemptionCan(emma, { familyId: FAMILY, status: 'pending' })).toEqual({ approve: false, reject: false });
    });

    it('with negative balances off, approving is offered only while the balance covers the cost (as the 409)', () => {
      // emma asked for 40 with 100, then lost 70 to a deduction: 30 left, the approval would take her to −10.
      const given = [issued('e1', 100), requested('r1', 40), issued('e2', -70)];
      const balance = fold(pointsAccountDecider, given).balance;
      expect(redemptionCan(mom, { familyId: FAMILY, status: 'pending', cost: 40 }, { balance, context: strict })).toEqual({
        approve: deciderAccepts(pointsAccountDecider, given, approveRedemption('r1', strict)),
        reject: true,
      });
      expect(redemptionCan(mom, { familyId: FAMILY, status: 'pending', cost: 40 }, { balance, context: strict }).approve).toBe(false);
      expect(redemptionCan(mom, { familyId: FAMILY, status: 'pending', cost: 40 }, { balance, context: lenient }).approve).toBe(true);
      expect(redemptionCan(mom, { familyId: FAMILY, status: 'pending', cost: 40 }, { balance: 40, context: strict }).approve).toBe(true);
    });

    it('offers nothing on another family\'s redemption', () => {
      expect(redemptionCan({ ...mom, familyId: 'family-2' }, { familyId: FAMILY, status: 'pending' })).toEqual({ approve: false, reject: false });
    });
  });
});
