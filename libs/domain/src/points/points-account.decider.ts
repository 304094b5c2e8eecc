import type { PointsAccountEvent } from '@familyos/events';
import { messages } from '@familyos/contracts/rules';
import type { Actor } from '../shared/actor.js';
import type { Decider } from '../shared/decider.js';
import type { RedemptionCan } from '@familyos/contracts/rules';
import { conflict, forbidden, notFound } from '../shared/errors.js';
import { GrowMap } from '../shared/grow-map.js';
import { assertCan, can } from '../shared/policy.js';
import { when, type Verdict } from '../shared/verdict.js';
import { availableToSpend, spendableOf } from '../standings/standings.js';

interface PendingRedemption {
  option: string;
  cost: number;
}

/**
 * pointsAccount-<childId>. Everything that may debit a child's points is decided here, against one stream,
 * so one append with an expected revision makes "no burst takes the balance below zero" hold.
 */
export interface PointsAccountState {
  /** Sum of approved entries: the child's balance. */
  balance: number;
  pending: Record<string, PendingRedemption>;
  decided: GrowMap<'approved' | 'rejected'>;
  awardedTasks: GrowMap<true>;
  /** Tasks whose credit was taken back, by task id: a reversal debits once. */
  reversedTasks: GrowMap<true>;
  /** Missed chore occurrences already deducted, by task id: a deduction is taken once. */
  missedTasks: GrowMap<true>;
  /** Streak milestones already credited, by milestone key (`streakBonusKey`): a bonus is paid once. */
  streakBonuses: GrowMap<true>;
  entries: GrowMap<true>;
}

interface PointsAccountSnapshot {
  balance: number;
  pending: Record<string, PendingRedemption>;
  decided: [string, 'approved' | 'rejected'][];
  awardedTasks: string[];
  reversedTasks: string[];
  missedTasks: string[];
  streakBonuses: string[];
  entries: string[];
}

/** Facts about the family the account lives in, loaded by the handler from the family stream. */
export interface AccountContext {
  allowNegative: boolean;
}

export type PointsAccountCommand =
  | {
      type: 'IssuePoints';
      actor: Actor;
      childId: string;
      entryId: string;
      amount: number;
      reason: string;
      approved: boolean;
      context: AccountContext;
    }
  | {
      type: 'AwardTaskPoints';
      childId: string;
      taskId: string;
      entryId: string;
      amount: number;
      title: string;
      context: AccountContext;
    }
  | {
      type: 'RequestRedemption';
      actor: Actor;
      redemptionId: string;
      option: string;
      cost: number;
      emoji: string;
    }
  | {
      type: 'ReverseTaskPoints';
      childId: string;
      taskId: string;
      entryId: string;
      /** What the approval credited: the reversal takes exactly this back. */
      credited: number;
      title: string;
      context: AccountContext;
    }
  /** With TaskMissed, in the same append: takes the chore's deduction, never below zero when negative balances are off. */
  | {
      type: 'DeductMissedChore';
      childId: string;
      taskId: string;
      entryId: string;
      /** The chore's missed-chore deduction, > 0. */
      points: number;
      title: string;
      context: AccountContext;
    }
  /** The streak reactor: `key` from `streakBonusKey`, so a second run with the same key credits nothing. */
  | {
      type: 'CreditStreakBonus';
      childId: string;
      key: string;
      entryId: string;
      points: number;
      /** The milestone's streak, and the chore's title (null: the overall streak), for the entry's reason. */
      streak: number;
      choreTitle: string | null;
    }
  | { type: 'ApproveRedemption'; actor: Actor; childId: string; redemptionId: string; entryId: string; context: AccountContext }
  | { type: 'RejectRedemption'; actor: Actor; childId: string; redemptionId: string };

export const pendingTotal = (state: PointsAccountState) =>
  Object.values(state.pending).reduce((sum, r) => sum + r.cost, 0);

/**
 * Whether an account with `balance` refuses to take `amount` (a debit when negative): below zero when negative
 * balances are off. The one rule every debit is decided by, and that a task's `can` reports (taskCan).
 */
export const accountRefuses = (balance: number, amount: number, context: AccountContext): boolean =>
  amount < 0 && !context.allowNegative && balance + amount < 0;

function assertCanTake(state: PointsAccountState, amount: number, context: AccountContext): void {
  if (accountRefuses(state.balance, amount, context)) throw conflict(messages.notEnoughPoints);
}

export type RedemptionStatus = 'pending' | 'approved' | 'rejected';

/** A redemption's status as its account knows it; null when the account never had it. */
const redemptionStatus = (state: PointsAccountState, id: string): RedemptionStatus | null =>
  state.decided.get(id) ?? (state.pending[id] ? 'pending' : null);

/** A parent's review of a redemption in `status` (shared/verdict.ts): the decider acts on it, `redemptionCan` reports it. */
function reviewVerdict(actor: Actor, status: RedemptionStatus | null, intent: keyof RedemptionCan): Verdict {
  if (!can(actor, 'reviewRedemptions')) return forbidden();
  if (status === (intent === 'approve' ? 'approved' : 'rejected')) return 'noop';
  if (status === 'approved' || status === 'rejected') return conflict(`This redemption has already been ${status}`);
  return status === null ? notFound('Redemption') : 'accept';
}

/**
 * What `actor` may do to a redemption of its family now: approve or reject a pending one, if a parent. Given the
 * child's `account` (its balance and the family's context), approving is offered only if the account would take
 * the debit: the same rule as the 409 it would otherwise get (decision 047).
 */
export function redemptionCan(
  actor: Actor,
  redemption: { familyId: string; status: RedemptionStatus; cost?: number },
  account?: { balance: number; context: AccountContext },
): RedemptionCan {
  const yes = (intent: keyof RedemptionCan) => actor.familyId === redemption.familyId && reviewVerdict(actor, redemption.status, intent) === 'accept';
  const takes = account === undefined || !accountRefuses(account.balance, -(redemption.cost ?? 0), account.context);
  return { approve: yes('approve') && takes, reject: yes('reject') };
}

export const taskReason = (title: string) => `Completed task: ${title}`;
export const reversalReason = (title: string) => `Reversed: ${title}`;
export const REDEMPTION_APPROVED_REASON = 'Redemption approved';
export const missedReason = (title: string) => `Missed: ${title}`;
export const streakBonusReason = (streak: number, choreTitle: string | null) =>
  choreTitle === null ? `Streak bonus: ${streak} days in a row` : `Streak bonus: ${choreTitle} ${streak} times in a row`;

export const pointsAccountDecider: Decider<PointsAccountCommand, PointsAccountState, PointsAccountEvent> = {
  initialState: {
    balance: 0,
    pending: {},
    decided: GrowMap.empty(),
    awardedTasks: GrowMap.empty(),
    reversedTasks: GrowMap.empty(),
    missedTasks: GrowMap.empty(),
    streakBonuses: GrowMap.empty(),
    entries: GrowMap.empty(),
  },

  snapshot: {
    // 2: reversedTasks (TaskPointsReversed). 3: missedTasks and streakBonuses (issue 19).
    version: 'pointsAccount/3',
    encode: (state): PointsAccountSnapshot => ({
      balance: state.balance,
      pending: state.pending,
      decided: state.decided.entries(),
      awardedTasks: state.awardedTasks.entries().map(([id]) => id),
      reversedTasks: state.reversedTasks.entries().map(([id]) => id),
      missedTasks: state.missedTasks.entries().map(([id]) => id),
      streakBonuses: state.streakBonuses.entries().map(([key]) => key),
      entries: state.entries.entries().map(([id]) => id),
    }),
    decode: (json) => {
      const s = json as PointsAccountSnapshot;
      return {
        balance: s.balance,
        pending: s.pending,
        decided: GrowMap.of(s.decided),
        awardedTasks: GrowMap.of(s.awardedTasks.map((id) => [id, true] as const)),
        reversedTasks: GrowMap.of(s.reversedTasks.map((id) => [id, true] as const)),
        missedTasks: GrowMap.of(s.missedTasks.map((id) => [id, true] as const)),
        streakBonuses: GrowMap.of(s.streakBonuses.map((key) => [key, true] as const)),
        entries: GrowMap.of(s.entries.map((id) => [id, true] as const)),
      };
    },
  },

  evolve(state, event) {
    switch (event.type) {
      case 'PointsIssued':
        return {
          ...state,
          balance: event.data.approved ? state.balance + event.data.amount : state.balance,
          entries: state.entries.set(event.data.entryId, true),
        };
      case 'TaskPointsAwarded':
        return {
          ...state,
          balance: state.balance + event.data.amount,
          entries: state.entries.set(event.data.entryId, true),
          awardedTasks: state.awardedTasks.set(event.data.taskId, true),
        };
      case 'TaskPointsReversed':
        return {
          ...state,
          balance: state.balance + event.data.amount,
          entries: state.entries.set(event.data.entryId, true),
          reversedTasks: state.reversedTasks.set(event.data.taskId, true),
        };
      case 'MissedChorePointsDeducted':
        return {
          ...state,
          balance: state.balance + event.data.amount,
          entries: state.entries.set(event.data.entryId, true),
          missedTasks: state.missedTasks.set(event.data.taskId, true),
        };
      case 'StreakBonusCredited':
        return {
          ...state,
          balance: state.balance + event.data.amount,
          entries: state.entries.set(event.data.entryId, true),
          streakBonuses: state.streakBonuses.set(event.data.key, true),
        };
      case 'RedemptionRequested':
        return {
          ...state,
          pending: { ...state.pending, [event.data.redemptionId]: { option: event.data.option, cost: event.data.cost } },
        };
      case 'RedemptionApproved': {
        const { [event.data.redemptionId]: _done, ...pending } = state.pending;
        return {
          ...state,
          balance: state.balance - event.data.cost,
          pending,
          decided: state.decided.set(event.data.redemptionId, 'approved'),
          entries: state.entries.set(event.data.entryId, true),
        };
      }
      case 'RedemptionRejected': {
        const { [event.data.redemptionId]: _done, ...pending } = state.pending;
        return { ...state, pending, decided: state.decided.set(event.data.redemptionId, 'rejected') };
      }
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'IssuePoints': {
        assertCan(command.actor, 'issuePoints');
        if (state.entries.has(command.entryId)) return [];
        if (command.approved) assertCanTake(state, command.amount, command.context);
        return [
          {
            type: 'PointsIssued',
            data: {
              entryId: command.entryId,
              childId: command.childId,
              amount: command.amount,
              reason: command.reason,
              approved: command.approved,
              issuerId: command.actor.id,
            },
          },
        ];
      }
      case 'AwardTaskPoints': {
        if (state.awardedTasks.has(command.taskId)) return [];
        assertCanTake(state, command.amount, command.context);
        return [
          {
            type: 'TaskPointsAwarded',
            data: {
              entryId: command.entryId,
              childId: command.childId,
              taskId: command.taskId,
              amount: command.amount,
              reason: taskReason(command.title),
            },
          },
        ];
      }
      case 'ReverseTaskPoints': {
        if (state.reversedTasks.has(command.taskId)) return [];
        if (!state.awardedTasks.has(command.taskId)) throw conflict(messages.taskReverseNotApproved);
        const amount = -command.credited;
        if (accountRefuses(state.balance, amount, command.context)) {
          throw conflict(messages.reversalNotEnoughPoints(command.credited, state.balance));
        }
        return [
          {
            type: 'TaskPointsReversed',
            data: { entryId: command.entryId, childId: command.childId, taskId: command.taskId, amount, reason: reversalReason(command.title) },
          },
        ];
      }
      case 'DeductMissedChore': {
        if (state.missedTasks.has(command.taskId) || command.points <= 0) return [];
        // A missed chore is decided by the clock, not asked for: it takes what there is rather than being refused.
        const points = command.context.allowNegative ? command.points : Math.min(command.points, Math.max(0, state.balance));
        if (points === 0) return [];
        return [
          {
            type: 'MissedChorePointsDeducted',
            data: { entryId: command.entryId, childId: command.childId, taskId: command.taskId, amount: -points, reason: missedReason(command.title) },
          },
        ];
      }
      case 'CreditStreakBonus': {
        if (state.streakBonuses.has(command.key) || command.points <= 0) return [];
        return [
          {
            type: 'StreakBonusCredited',
            data: {
              entryId: command.entryId,
              childId: command.childId,
              key: command.key,
              amount: command.points,
              reason: streakBonusReason(command.streak, command.choreTitle),
            },
          },
        ];
      }
      case 'RequestRedemption': {
        assertCan(command.actor, 'requestRedemptions');
        if (state.pending[command.redemptionId] || state.decided.has(command.redemptionId)) return [];
        const available = availableToSpend(state.balance, pendingTotal(state));
        if (command.cost > available) throw conflict(messages.needMorePoints(command.cost, spendableOf(available)));
        return [
          {
            type: 'RedemptionRequested',
            data: {
              redemptionId: command.redemptionId,
              childId: command.actor.id,
              option: command.option,
              cost: command.cost,
              emoji: command.emoji,
            },
          },
        ];
      }
      case 'ApproveRedemption':
        return when<PointsAccountEvent>(reviewVerdict(command.actor, redemptionStatus(state, command.redemptionId), 'approve'), () => {
          const pending = state.pending[command.redemptionId]!;
          assertCanTake(state, -pending.cost, command.context);
          return [
            {
              type: 'RedemptionApproved',
              data: {
                redemptionId: command.redemptionId,
                childId: command.childId,
                entryId: command.entryId,
                cost: pending.cost,
                reason: REDEMPTION_APPROVED_REASON,
              },
            },
          ];
        });
      case 'RejectRedemption':
        return when<PointsAccountEvent>(reviewVerdict(command.actor, redemptionStatus(state, command.redemptionId), 'reject'), () => [
          { type: 'RedemptionRejected', data: { redemptionId: command.redemptionId, childId: command.childId } },
        ]);
    }
  },
};
