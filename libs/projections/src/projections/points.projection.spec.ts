import { SqliteReadModelStore } from '@familyos/read-models';
import { applyProjection, EventLog } from '@familyos/testing';
import { pointsProjection } from './points.projection.js';
import type { BalanceDoc, PointsEntryDoc, RedemptionDoc } from '../schema/documents.js';

const openStore = (file: string) => new SqliteReadModelStore(file);

async function run(log: EventLog) {
  const { once, twice } = await applyProjection(pointsProjection, log.events, openStore);
  expect(twice).toEqual(once);
  return {
    entries: once['points'] as unknown as PointsEntryDoc[],
    balances: once['balances'] as unknown as BalanceDoc[],
    redemptions: once['redemptions'] as unknown as RedemptionDoc[],
  };
}

const sumApproved = (entries: PointsEntryDoc[], userId: string) =>
  entries.filter((e) => e.userId === userId && e.approved).reduce((s, e) => s + e.amount, 0);

/** A child's account: issued points (one pending), a task credit, a deduction, two redemptions decided. */
function kidAccount() {
  const log = new EventLog({ familyId: 'fam-1', actorId: 'mom', positionStep: 3 });
  const acct = 'pointsAccount-kid';
  const issued = log.add(acct, 'PointsIssued', { entryId: 'p1', childId: 'kid', amount: 15, reason: 'Helped grandma', approved: true, issuerId: 'mom' });
  const pending = log.add(acct, 'PointsIssued', { entryId: 'p2', childId: 'kid', amount: 100, reason: 'Maybe later', approved: false, issuerId: 'mom' });
  log.add('task-t1', 'TaskApproved', { score: 9, creditedTo: 'kid', entryId: 'p3', pointsValue: 40 });
  const award = log.add(acct, 'TaskPointsAwarded', { entryId: 'p3', childId: 'kid', taskId: 't1', amount: 40, reason: 'Completed task: Dishes' }, { actorId: 'dad' });
  const deduct = log.add(acct, 'PointsIssued', { entryId: 'p4', childId: 'kid', amount: -5, reason: 'Rude at dinner', approved: true, issuerId: 'mom' });
  const req1 = log.add(acct, 'RedemptionRequested', { redemptionId: 'r1', childId: 'kid', option: 'Ice cream', cost: 30, emoji: '🍦' }, { actorId: 'kid' });
  const req2 = log.add(acct, 'RedemptionRequested', { redemptionId: 'r2', childId: 'kid', option: 'Movie night', cost: 10, emoji: '🎬' }, { actorId: 'kid' });
  const approve = log.add(acct, 'RedemptionApproved', { redemptionId: 'r1', childId: 'kid', entryId: 'p5', cost: 30, reason: 'Redemption approved' }, { actorId: 'dad' });
  const reject = log.add(acct, 'RedemptionRejected', { redemptionId: 'r2', childId: 'kid' });
  return { log, issued, pending, award, deduct, req1, req2, approve, reject };
}

describe('points projection', () => {
  it('writes one entry per credit and debit, with source issued, task or redemption', async () => {
    const { log, issued, pending, award, deduct, approve } = kidAccount();
    const { entries } = await run(log);
    expect(entries).toEqual([
      { id: 'p1', familyId: 'fam-1', userId: 'kid', amount: 15, reason: 'Helped grandma', approved: true, date: issued.metadata.timestamp, issuerId: 'mom', source: 'issued', taskId: null, redemptionId: null, position: issued.position },
      { id: 'p2', familyId: 'fam-1', userId: 'kid', amount: 100, reason: 'Maybe later', approved: false, date: pending.metadata.timestamp, issuerId: 'mom', source: 'issued', taskId: null, redemptionId: null, position: pending.position },
      { id: 'p3', familyId: 'fam-1', userId: 'kid', amount: 40, reason: 'Completed task: Dishes', approved: true, date: award.metadata.timestamp, issuerId: 'dad', source: 'task', taskId: 't1', redemptionId: null, position: award.position },
      { id: 'p4', familyId: 'fam-1', userId: 'kid', amount: -5, reason: 'Rude at dinner', approved: true, date: deduct.metadata.timestamp, issuerId: 'mom', source: 'issued', taskId: null, redemptionId: null, position: deduct.position },
      { id: 'p5', familyId: 'fam-1', userId: 'kid', amount: -30, reason: 'Redemption approved', approved: true, date: approve.metadata.timestamp, issuerId: 'dad', source: 'redemption', taskId: null, redemptionId: 'r1', position: approve.position },
    ]);
  });

  it('balance is the sum of approved entries (pending ones do not count); totals of earned, spent and tasks done', async () => {
    const { log, reject } = kidAccount();
    const { entries, balances } = await run(log);
    expect(balances).toEqual([
      {
        id: 'kid',
        familyId: 'fam-1',
        userId: 'kid',
        balance: 15 + 40 - 5 - 30,
        totalEarned: 15 + 40,
        totalSpent: 30,
        // Both redemptions were decided: nothing is set aside any more.
        pending: 0,
        tasksDone: 1,
        activities: 5,
        lastPosition: reject.position,
      },
    ]);
    expect(balances[0]!.balance).toBe(sumApproved(entries, 'kid'));
  });

  it('pending: a request sets its cost aside, an approval or a rejection gives it back (the account decider\'s rule)', async () => {
    const { log, req1, req2, approve } = kidAccount();
    const upTo = async (last: { position: number }) => {
      const partial = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
      partial.events.push(...log.events.filter((e) => e.position <= last.position));
      return (await run(partial)).balances[0]!;
    };
    expect(await upTo(req1)).toMatchObject({ balance: 50, pending: 30 });
    expect(await upTo(req2)).toMatchObject({ balance: 50, pending: 40 });
    expect(await upTo(approve)).toMatchObject({ balance: 20, pending: 10, totalSpent: 30 });
  });

  it('tasks done counts one per task credit, per child', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'dad' });
    log.add('pointsAccount-a', 'TaskPointsAwarded', { entryId: 'e1', childId: 'a', taskId: 't1', amount: 10, reason: 'Completed task: One' });
    log.add('pointsAccount-a', 'TaskPointsAwarded', { entryId: 'e2', childId: 'a', taskId: 't2', amount: -5, reason: 'Completed task: Two' });
    log.add('pointsAccount-b', 'TaskPointsAwarded', { entryId: 'e3', childId: 'b', taskId: 't3', amount: 0, reason: 'Completed task: Three' });
    log.add('pointsAccount-a', 'PointsIssued', { entryId: 'e4', childId: 'a', amount: 5, reason: 'Bonus', approved: true, issuerId: 'dad' });
    const { balances } = await run(log);
    expect(balances.map((b) => [b.userId, b.tasksDone, b.balance])).toEqual([
      ['a', 2, 10],
      ['b', 1, 0],
    ]);
  });

  it('a reversal is a debit entry "Reversed: {title}" of the task, taken from the balance and from what was earned', async () => {
    const { log } = kidAccount();
    const reversal = log.add('pointsAccount-kid', 'TaskPointsReversed', { entryId: 'p6', childId: 'kid', taskId: 't1', amount: -40, reason: 'Reversed: Dishes' });
    const { entries, balances } = await run(log);
    expect(entries.find((e) => e.id === 'p6')).toEqual({
      id: 'p6',
      familyId: 'fam-1',
      userId: 'kid',
      amount: -40,
      reason: 'Reversed: Dishes',
      approved: true,
      date: reversal.metadata.timestamp,
      issuerId: 'mom',
      source: 'reversal',
      taskId: 't1',
      redemptionId: null,
      position: reversal.position,
    });
    expect(balances[0]).toMatchObject({ balance: 15 + 40 - 5 - 30 - 40, totalEarned: 15, totalSpent: 30 });
    expect(balances[0]!.balance).toBe(sumApproved(entries, 'kid'));
  });

  it('reversing a deduction task gives its points back without counting them as earned', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    log.add('pointsAccount-kid', 'PointsIssued', { entryId: 'p1', childId: 'kid', amount: 20, reason: 'Bonus', approved: true, issuerId: 'mom' });
    log.add('pointsAccount-kid', 'TaskPointsAwarded', { entryId: 'p2', childId: 'kid', taskId: 't1', amount: -10, reason: 'Completed task: Lost the keys' });
    log.add('pointsAccount-kid', 'TaskPointsReversed', { entryId: 'p3', childId: 'kid', taskId: 't1', amount: 10, reason: 'Reversed: Lost the keys' });
    const { balances } = await run(log);
    expect(balances[0]).toMatchObject({ balance: 20, totalEarned: 20, totalSpent: 0 });
  });

  it('an unapproved entry alone makes no balance, but counts among the activities', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    log.add('pointsAccount-kid', 'PointsIssued', { entryId: 'p1', childId: 'kid', amount: 50, reason: 'Pending', approved: false, issuerId: 'mom' });
    const { entries, balances } = await run(log);
    expect(entries.map((e) => [e.id, e.approved])).toEqual([['p1', false]]);
    expect(balances).toEqual([{ id: 'kid', familyId: 'fam-1', userId: 'kid', balance: 0, totalEarned: 0, totalSpent: 0, pending: 0, tasksDone: 0, activities: 1, lastPosition: 1 }]);
  });

  it('redemptions go pending → approved or rejected, with decidedAt and decidedBy', async () => {
    const { log, req1, req2, approve, reject } = kidAccount();
    const { redemptions } = await run(log);
    expect(redemptions).toEqual([
      { id: 'r1', familyId: 'fam-1', userId: 'kid', option: 'Ice cream', emoji: '🍦', cost: 30, status: 'approved', requestedAt: req1.metadata.timestamp, decidedAt: approve.metadata.timestamp, decidedBy: 'dad' },
      { id: 'r2', familyId: 'fam-1', userId: 'kid', option: 'Movie night', emoji: '🎬', cost: 10, status: 'rejected', requestedAt: req2.metadata.timestamp, decidedAt: reject.metadata.timestamp, decidedBy: 'mom' },
    ]);
  });

  it('a redemption not yet decided is pending', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'kid' });
    const r = log.add('pointsAccount-kid', 'RedemptionRequested', { redemptionId: 'r1', childId: 'kid', option: 'Sticker', cost: 5, emoji: '⭐' });
    const { redemptions, balances, entries } = await run(log);
    expect(redemptions).toEqual([
      { id: 'r1', familyId: 'fam-1', userId: 'kid', option: 'Sticker', emoji: '⭐', cost: 5, status: 'pending', requestedAt: r.metadata.timestamp, decidedAt: null, decidedBy: null },
    ]);
    // No entry and no balance yet, but the cost is set aside.
    expect(balances).toEqual([
      { id: 'kid', familyId: 'fam-1', userId: 'kid', balance: 0, totalEarned: 0, totalSpent: 0, pending: 5, tasksDone: 0, activities: 0, lastPosition: r.position },
    ]);
    expect(entries).toEqual([]);
  });

  it('keeps each child its own balance', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    log.add('pointsAccount-a', 'PointsIssued', { entryId: 'a1', childId: 'a', amount: 10, reason: 'x', approved: true, issuerId: 'mom' });
    log.add('pointsAccount-b', 'PointsIssued', { entryId: 'b1', childId: 'b', amount: 7, reason: 'y', approved: true, issuerId: 'mom' });
    log.add('pointsAccount-a', 'PointsIssued', { entryId: 'a2', childId: 'a', amount: 3, reason: 'z', approved: true, issuerId: 'mom' });
    log.add('pointsAccount-b', 'TaskPointsAwarded', { entryId: 'b2', childId: 'b', taskId: 't', amount: 20, reason: 'Completed task: T' });
    const { entries, balances } = await run(log);
    expect(balances.map((b) => [b.userId, b.balance, b.totalEarned, b.totalSpent])).toEqual([
      ['a', 13, 13, 0],
      ['b', 27, 27, 0],
    ]);
    for (const b of balances) expect(b.balance).toBe(sumApproved(entries, b.userId));
  });

  it('keeps two families apart: every entry, balance and redemption carries its own familyId', async () => {
    const log = new EventLog({ familyId: 'fam-a', actorId: 'alice' });
    log.add('pointsAccount-amy', 'PointsIssued', { entryId: 'a1', childId: 'amy', amount: 10, reason: 'A', approved: true, issuerId: 'alice' });
    log.add('pointsAccount-bea', 'PointsIssued', { entryId: 'b1', childId: 'bea', amount: 20, reason: 'B', approved: true, issuerId: 'bob' }, { familyId: 'fam-b', actorId: 'bob' });
    log.add('pointsAccount-bea', 'RedemptionRequested', { redemptionId: 'rb', childId: 'bea', option: 'Toy', cost: 5, emoji: '🧸' }, { familyId: 'fam-b', actorId: 'bea' });
    log.add('pointsAccount-amy', 'RedemptionRequested', { redemptionId: 'ra', childId: 'amy', option: 'Book', cost: 4, emoji: '📚' }, { actorId: 'amy' });
    log.add('pointsAccount-bea', 'RedemptionApproved', { redemptionId: 'rb', childId: 'bea', entryId: 'b2', cost: 5, reason: 'Redemption approved' }, { familyId: 'fam-b', actorId: 'bob' });
    const { entries, balances, redemptions } = await run(log);
    expect(entries.map((e) => [e.id, e.familyId, e.userId])).toEqual([
      ['a1', 'fam-a', 'amy'],
      ['b1', 'fam-b', 'bea'],
      ['b2', 'fam-b', 'bea'],
    ]);
    expect(balances.map((b) => [b.id, b.familyId, b.balance])).toEqual([
      ['amy', 'fam-a', 10],
      ['bea', 'fam-b', 15],
    ]);
    expect(redemptions.map((r) => [r.id, r.familyId, r.status])).toEqual([
      ['ra', 'fam-a', 'pending'],
      ['rb', 'fam-b', 'approved'],
    ]);
  });

  it('a missed chore is a debit "Missed: {title}" of its occurrence, a streak bonus a credit: counted like any entry', async () => {
    const { log } = kidAccount();
    const missed = log.add('pointsAccount-kid', 'MissedChorePointsDeducted', { entryId: 'p7', childId: 'kid', taskId: 'c1_2026-11-23', amount: -5, reason: 'Missed: Make Bed' }, { actorId: 'system' });
    const bonus = log.add('pointsAccount-kid', 'StreakBonusCredited', { entryId: 'p8', childId: 'kid', key: 'kid|c1|2026-11-17|7', amount: 10, reason: 'Streak bonus: 7 in a row of Make Bed' }, { actorId: 'system' });
    const { entries, balances } = await run(log);
    expect(entries.filter((e) => e.id === 'p7' || e.id === 'p8')).toEqual([
      { id: 'p7', familyId: 'fam-1', userId: 'kid', amount: -5, reason: 'Missed: Make Bed', approved: true, date: missed.metadata.timestamp, issuerId: 'system', source: 'missed', taskId: 'c1_2026-11-23', redemptionId: null, position: missed.position },
      { id: 'p8', familyId: 'fam-1', userId: 'kid', amount: 10, reason: 'Streak bonus: 7 in a row of Make Bed', approved: true, date: bonus.metadata.timestamp, issuerId: 'system', source: 'streakBonus', taskId: null, redemptionId: null, position: bonus.position },
    ]);
    // The deduction is no earning taken back (unlike a reversal) and no spending; the bonus is earned; neither is a task.
    expect(balances[0]).toMatchObject({ balance: 15 + 40 - 5 - 30 - 5 + 10, totalEarned: 15 + 40 + 10, totalSpent: 30, tasksDone: 1, lastPosition: bonus.position });
    expect(balances[0]!.balance).toBe(sumApproved(entries, 'kid'));
  });

  it("a missed chore's debit opens the account of a child with no entry yet", async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'system' });
    log.add('pointsAccount-emma', 'MissedChorePointsDeducted', { entryId: 'm1', childId: 'emma', taskId: 'c1_2026-11-23', amount: -3, reason: 'Missed: Make Bed' });
    const { balances } = await run(log);
    expect(balances).toEqual([{ id: 'emma', familyId: 'fam-1', userId: 'emma', balance: -3, totalEarned: 0, totalSpent: 0, pending: 0, tasksDone: 0, activities: 1, lastPosition: 1 }]);
  });
});
