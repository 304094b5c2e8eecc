import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { streamEntityId, streams, type StoredEvent, type TaskEvent } from '@familyos/events';
import {
  choreDecider,
  choreStreakEntries,
  familyDecider,
  fold,
  milestonesReached,
  overallStreakOf,
  pointsAccountDecider,
  streakBonusKey,
  SYSTEM_ACTOR,
  taskDecider,
  type ChoreState,
  type OccurrenceSettlement,
  type PointsAccountCommand,
  type Streak,
  type StreakMilestone,
} from '@familyos/domain';
import type { EventStore } from '@familyos/event-store';
import type { ReadModelStore } from '@familyos/read-models';
import { collections } from '@familyos/projections';
import type { Reactor } from '@familyos/reactors';
import { Inject } from '@nestjs/common';
import { CommandRunner } from '../platform/command-runner.js';
import { EVENT_STORE, READ_MODELS } from '../platform/tokens.js';
import type { ChoreClock } from './chore-clock.service.js';

/** The task events that settle a chore's occurrence, and how (decision 035). */
const SETTLING = ['TaskApproved', 'TaskMissed', 'TaskSkipApproved', 'TaskRejected', 'TaskDeleted', 'TaskReversed'] as const;

/** How a task event settles its occurrence: done by the credited child, missed, or skipped (deleted: no one's). */
function settlementOf(event: StoredEvent, task: { assignedTo: string[]; submittedBy: string | null }): OccurrenceSettlement {
  const e = event as unknown as TaskEvent;
  const at = event.metadata.timestamp;
  const only = task.assignedTo.length === 1 ? task.assignedTo[0]! : null;
  switch (e.type) {
    case 'TaskApproved':
      return { childId: e.data.creditedTo, outcome: 'done', at };
    case 'TaskRejected':
      // A parent said the work was not done: a miss (without a deduction) by the child who handed it in.
      return { childId: task.submittedBy ?? only, outcome: 'missed', at };
    case 'TaskReversed':
      // An approval taken back: not done after all, a miss (without a deduction) by the child it had credited,
      // replacing the done settlement (decision 047). Not open: a reversed task cannot be done again.
      return { childId: e.data.creditedTo, outcome: 'missed', at };
    case 'TaskMissed':
      return { childId: only, outcome: 'missed', at };
    case 'TaskDeleted':
      return { childId: null, outcome: 'skipped', at };
    default:
      return { childId: only, outcome: 'skipped', at };
  }
}

/**
 * The chores' reactors (issue 19, decision 035), each following the log from its own checkpoint:
 * - occurrence-settlement: a chore's occurrence task approved, missed, skipped, rejected, deleted or reversed
 *   settles the occurrence on the chore's stream (a reversal settles its done occurrence again, missed) (SettleOccurrence: the same settlement twice appends nothing);
 * - streak-bonus: a settlement that grows a child's overall streak past a milestone the family set credits the
 *   bonus (CreditStreakBonus, keyed by child, run and milestone: credited once);
 * - chore-clock: whatever may change what is due for a chore (it is made, edited, resumed, an occurrence settles,
 *   a child's pause starts or ends, a skip request is declined) ticks the chore now.
 */
@Injectable()
export class ChoreReactors {
  constructor(
    private readonly runner: CommandRunner,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
  ) {}

  settlement(): Reactor {
    return {
      name: 'occurrence-settlement',
      handles: SETTLING,
      react: async (event) => {
        const taskId = streamEntityId(event.streamId);
        const { state: task } = await this.runner.load(streams.task(taskId), taskDecider);
        if (!task.chore) return;
        const { choreId, periodKey } = task.chore;
        const settlement = settlementOf(event, task);
        await this.runner.run({ actorId: SYSTEM_ACTOR, familyId: task.familyId }, async () => {
          const chore = await this.runner.load(streams.chore(choreId), choreDecider);
          const events = choreDecider.decide({ type: 'SettleOccurrence', actor: SYSTEM_ACTOR, periodKey, taskId, settlement }, chore.state);
          return { appends: [{ streamId: streams.chore(choreId), expectedRevision: chore.revision, events }], result: undefined };
        });
      },
    };
  }

  streakBonus(): Reactor {
    return {
      name: 'streak-bonus',
      handles: ['ChoreOccurrenceSettled'],
      react: async (event) => {
        const data = (event as StoredEvent<'ChoreOccurrenceSettled', { childId: string | null; outcome: string }>).data;
        if (data.outcome !== 'done' || data.childId === null || event.metadata.familyId === null) return;
        await this.creditMilestones(event, data.childId, event.metadata.familyId);
      },
    };
  }

  clock(clock: Pick<ChoreClock, 'tick'>): Reactor {
    return {
      name: 'chore-clock',
      handles: ['ChoreCreated', 'ChoreEdited', 'ChoreResumed', 'ChoreOccurrenceSettled', 'MemberPaused', 'MemberPauseEnded', 'TaskSkipDeclined'],
      react: async (event) => {
        for (const choreId of await this.choresOf(event)) await clock.tick(choreId);
      },
    };
  }

  /** The chores an event may change the clock of: its own, a paused child's, a declined skip's. */
  private async choresOf(event: StoredEvent): Promise<string[]> {
    const id = streamEntityId(event.streamId);
    if (event.type.startsWith('Chore')) return [id];
    if (event.type === 'TaskSkipDeclined') {
      const { state } = await this.runner.load(streams.task(id), taskDecider);
      return state.chore ? [state.chore.choreId] : [];
    }
    if (event.metadata.familyId === null) return [];
    const chores = await this.readModels.find(collections.chores, { where: { familyId: event.metadata.familyId } });
    return chores.filter((c) => c.status !== 'ended' && c.children.includes(id)).map((c) => c.id);
  }

  /**
   * The milestones this settlement made the child's overall streak cross (decision 035: the family's milestones
   * are days in a row with every chore done, so one chore a day is not paid twice). The streak before it (this
   * chore's stream folded up to the event before) and after it (up to the event itself), so reacting again
   * later, when more has happened on this chore, credits the same and nothing else.
   */
  private async creditMilestones(event: StoredEvent, childId: string, familyId: string): Promise<void> {
    const { state: family } = await this.runner.load(streams.family(familyId), familyDecider);
    const milestones = family.choreSettings.streakMilestones;
    if (milestones.length === 0) return;
    const history = (await this.events.readStream(event.streamId)).filter((e) => e.revision <= event.revision);
    const after = fold(choreDecider, history as never);
    const before = fold(choreDecider, history.slice(0, -1) as never);
    const others = await this.otherChores(familyId, childId, streamEntityId(event.streamId));
    const overall = (s: ChoreState) => overallStreakOf([...others, s].flatMap((c) => choreStreakEntries(c, childId)));
    const credits = this.bonuses(childId, overall(before), overall(after), milestones);
    if (credits.length === 0) return;
    await this.runner.run({ actorId: SYSTEM_ACTOR, familyId }, async () => {
      const streamId = streams.pointsAccount(childId);
      const account = await this.runner.load(streamId, pointsAccountDecider);
      let state = account.state;
      const events = [];
      for (const credit of credits) {
        const decided = pointsAccountDecider.decide(credit, state);
        state = decided.reduce(pointsAccountDecider.evolve, state);
        events.push(...decided);
      }
      return { appends: [{ streamId, expectedRevision: account.revision, events }], result: undefined };
    });
  }

  private bonuses(childId: string, before: Streak, after: Streak, milestones: readonly StreakMilestone[]): PointsAccountCommand[] {
    if (after.currentSince === null) return [];
    return milestonesReached(before.current, after.current, milestones).map((m) => ({
      type: 'CreditStreakBonus',
      childId,
      key: streakBonusKey(childId, null, after.currentSince!, m),
      entryId: randomUUID(),
      points: m.points,
      streak: m.streak,
      choreTitle: null,
    }));
  }

  /** The child's other repeating chores, as their streams have them now. */
  private async otherChores(familyId: string, childId: string, choreId: string): Promise<ChoreState[]> {
    const rows = await this.readModels.find(collections.chores, { where: { familyId } });
    const ids = rows.filter((c) => c.id !== choreId && c.children.includes(childId)).map((c) => c.id);
    return Promise.all(ids.map(async (id) => (await this.runner.load(streams.chore(id), choreDecider)).state));
  }
}
