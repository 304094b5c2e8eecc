import fc from 'fast-check';
import type { PointsAccountEvent } from '@familyos/events';
import { fold } from '../shared/decider.js';
import { pointsAccountDecider, type PointsAccountState } from './points-account.decider.js';

const codec = pointsAccountDecider.snapshot!;

/** A state as plain, order-free data, so two states compare by what they hold. */
const view = (state: PointsAccountState) => ({
  balance: state.balance,
  pending: state.pending,
  decided: Object.fromEntries([...state.decided.entries()].sort(([a], [b]) => a.localeCompare(b))),
  awardedTasks: state.awardedTasks.entries().map(([id]) => id).sort(),
  reversedTasks: state.reversedTasks.entries().map(([id]) => id).sort(),
  missedTasks: state.missedTasks.entries().map(([id]) => id).sort(),
  streakBonuses: state.streakBonuses.entries().map(([key]) => key).sort(),
  entries: state.entries.entries().map(([id]) => id).sort(),
});

/**
 * Event sequences a real account could hold: ids drawn from small pools so that entries repeat and
 * redemptions are requested, then approved or rejected (or left pending).
 */
const accountEvents: fc.Arbitrary<PointsAccountEvent[]> = fc
  .array(
    fc.oneof(
      fc.record({ kind: fc.constant('issued' as const), id: fc.integer({ min: 0, max: 400 }), amount: fc.integer({ min: -20, max: 50 }), approved: fc.boolean() }),
      fc.record({ kind: fc.constant('awarded' as const), id: fc.integer({ min: 0, max: 400 }), amount: fc.integer({ min: 1, max: 30 }), approved: fc.constant(true) }),
      fc.record({ kind: fc.constant('reversed' as const), id: fc.integer({ min: 0, max: 400 }), amount: fc.integer({ min: 1, max: 30 }), approved: fc.constant(true) }),
      fc.record({ kind: fc.constant('missed' as const), id: fc.integer({ min: 0, max: 400 }), amount: fc.integer({ min: 1, max: 10 }), approved: fc.constant(true) }),
      fc.record({ kind: fc.constant('bonus' as const), id: fc.integer({ min: 0, max: 40 }), amount: fc.integer({ min: 1, max: 20 }), approved: fc.constant(true) }),
      fc.record({ kind: fc.constant('redemption' as const), id: fc.integer({ min: 0, max: 60 }), amount: fc.integer({ min: 1, max: 40 }), approved: fc.boolean() }),
    ),
    { maxLength: 700 },
  )
  .map((steps) => {
    const events: PointsAccountEvent[] = [];
    const pending = new Map<string, number>();
    const decided = new Set<string>();
    steps.forEach((step, i) => {
      if (step.kind === 'issued') {
        events.push({ type: 'PointsIssued', data: { entryId: `e${step.id}`, childId: 'c', amount: step.amount, reason: 'r', approved: step.approved, issuerId: 'p' } });
      } else if (step.kind === 'awarded') {
        events.push({ type: 'TaskPointsAwarded', data: { entryId: `t-e${i}`, childId: 'c', taskId: `t${step.id}`, amount: step.amount, reason: 'r' } });
      } else if (step.kind === 'reversed') {
        events.push({ type: 'TaskPointsReversed', data: { entryId: `v-e${i}`, childId: 'c', taskId: `t${step.id}`, amount: -step.amount, reason: 'r' } });
      } else if (step.kind === 'missed') {
        events.push({ type: 'MissedChorePointsDeducted', data: { entryId: `m-e${i}`, childId: 'c', taskId: `t${step.id}`, amount: -step.amount, reason: 'r' } });
      } else if (step.kind === 'bonus') {
        events.push({ type: 'StreakBonusCredited', data: { entryId: `b-e${i}`, childId: 'c', key: `k${step.id}`, amount: step.amount, reason: 'r' } });
      } else {
        const id = `r${step.id}`;
        const cost = pending.get(id);
        if (cost === undefined && !decided.has(id)) {
          pending.set(id, step.amount);
          events.push({ type: 'RedemptionRequested', data: { redemptionId: id, childId: 'c', option: 'o', cost: step.amount, emoji: '⭐' } });
        } else if (cost !== undefined) {
          pending.delete(id);
          decided.add(id);
          events.push(
            step.approved
              ? { type: 'RedemptionApproved', data: { redemptionId: id, childId: 'c', entryId: `r-e${i}`, cost, reason: 'r' } }
              : { type: 'RedemptionRejected', data: { redemptionId: id, childId: 'c' } },
          );
        }
      }
    });
    return events;
  });

describe('points account snapshots', () => {
  it('a state rebuilt from a snapshot at any point, plus the events after it, equals the fully folded one', () => {
    fc.assert(
      fc.property(accountEvents, fc.nat(), (events, at) => {
        const cut = events.length === 0 ? 0 : at % (events.length + 1);
        const full = fold(pointsAccountDecider, events);
        // Through JSON, as the store keeps it.
        const kept = JSON.parse(JSON.stringify(codec.encode(fold(pointsAccountDecider, events.slice(0, cut))))) as unknown;
        const resumed = events.slice(cut).reduce(pointsAccountDecider.evolve, codec.decode(kept));
        expect(view(resumed)).toEqual(view(full));
      }),
      { numRuns: 150 },
    );
  });

  it('decides the same on a snapshot-loaded state as on the fully folded one', () => {
    fc.assert(
      fc.property(accountEvents, fc.integer({ min: 0, max: 400 }), fc.integer({ min: 1, max: 60 }), (events, entry, cost) => {
        const full = fold(pointsAccountDecider, events);
        const resumed = codec.decode(JSON.parse(JSON.stringify(codec.encode(full))));
        const actor = { id: 'p', role: 'admin' as const, familyId: 'f' };
        const child = { id: 'c', role: 'child' as const, familyId: 'f' };
        const commands = [
          { type: 'IssuePoints' as const, actor, childId: 'c', entryId: `e${entry}`, amount: -cost, reason: 'r', approved: true, context: { allowNegative: false } },
          { type: 'RequestRedemption' as const, actor: child, redemptionId: `r${entry % 61}`, option: 'o', cost, emoji: '⭐' },
          { type: 'ApproveRedemption' as const, actor, childId: 'c', redemptionId: `r${entry % 61}`, entryId: 'x', context: { allowNegative: false } },
          { type: 'ReverseTaskPoints' as const, childId: 'c', taskId: `t${entry}`, entryId: 'y', credited: cost, title: 'T', context: { allowNegative: false } },
          { type: 'DeductMissedChore' as const, childId: 'c', taskId: `t${entry}`, entryId: 'z', points: cost, title: 'T', context: { allowNegative: false } },
          { type: 'CreditStreakBonus' as const, childId: 'c', key: `k${entry % 41}`, entryId: 'w', points: cost, streak: 7, choreTitle: null },
        ];
        for (const command of commands) {
          const outcome = (state: PointsAccountState) => {
            try {
              return pointsAccountDecider.decide(command, state);
            } catch (error) {
              return (error as Error).message;
            }
          };
          expect(outcome(resumed)).toEqual(outcome(full));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('names its state shape, so that snapshots of another shape are ignored', () => {
    expect(codec.version).toMatch(/^pointsAccount\//);
  });
});
