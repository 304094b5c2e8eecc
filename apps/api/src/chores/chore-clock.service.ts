import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { streams, type ChoreEvent, type TaskEvent } from '@familyos/events';
import {
  choreDecider,
  dayEnd,
  familyDecider,
  isPausedOn,
  memberDecider,
  nextWake,
  occurrencesOver,
  skippedTodayWithChildrenBack,
  occurrencesToRemind,
  choreReminderDecider,
  openOccurrences,
  periodDue,
  SYSTEM_ACTOR,
  taskDecider,
  dueInstant,
  type ChoreState,
  type OpenOccurrence,
} from '@familyos/domain';
import type { EventStore } from '@familyos/event-store';
import type { ReadModelStore } from '@familyos/read-models';
import { collections } from '@familyos/projections';
import { processCheckpoints } from '@familyos/reactors';
import type { AppConfig } from '../config.js';
import { CommandRunner, type PlannedAppend } from '../platform/command-runner.js';
import { Reactors } from '../platform/reactors.js';
import { CLOCK, CONFIG, EVENT_STORE, READ_MODELS, type Clock } from '../platform/tokens.js';
import { allIds, WakeDriven } from '../platform/wake-driven.js';
import { AccountContextLoader } from '../points/account-context.js';
import { ChoreReactors } from './chore.reactors.js';

/** What a tick needs of the chore's family, from its stream. */
interface FamilyFacts {
  timeZone: string;
  deducts: boolean;
  /** 'HH:MM' in its zone, or null: no reminders (issue 20). */
  reminderTime: string | null;
}

/**
 * Each chore's clock (issue 19, decision 035). A tick reads the chore's stream and, through the deciders,
 * excuses the open occurrences of children paused on their day, marks the ones whose day has ended missed
 * (with the chore's deduction when the family deducts), records the period due now with its occurrence tasks
 * (each appended expecting no stream), and asks for a wake at the next instant something will be due. Every
 * step is a no-op the second time, so wakes delivered twice, two processes, and the boot catch-up are safe.
 * Wakes are BullMQ delayed jobs with REDIS_URL (any process runs them), else in-process timers, which the boot
 * catch-up sets again for every chore. Starting it registers the chores' reactors (chore.reactors.ts).
 */
@Injectable()
export class ChoreClock {
  private readonly wakes = new WakeDriven('Chore clock', new Logger('ChoreClock'));

  constructor(
    private readonly runner: CommandRunner,
    private readonly accounts: AccountContextLoader,
    private readonly reactors: Reactors,
    private readonly choreReactors: ChoreReactors,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  get mode(): 'bullmq' | 'in-process' {
    return this.config.redisUrl ? 'bullmq' : 'in-process';
  }

  async start(): Promise<void> {
    await this.wakes.open({ redisUrl: this.config.redisUrl, queueName: this.config.choreQueue, clock: this.clock }, (choreId) => this.tick(choreId));
    // Everything up to the log's head now is the boot catch-up's (it ticks every chore); the clock's reactor
    // goes on from there. In-process the wakes are this process's own, so it follows the log for itself; on
    // BullMQ they are shared, and so is its checkpoint.
    const head = await this.events.headPosition();
    this.reactors.follow(this.choreReactors.clock(this), {
      startAt: async () => head,
      ...(this.config.redisUrl ? {} : { checkpoints: processCheckpoints() }),
    });
    this.reactors.follow(this.choreReactors.settlement());
    this.reactors.follow(this.choreReactors.streakBonus());
  }

  /** The boot's catch-up, once the server answers: every chore not ended is ticked (which sets its wake). */
  catchUp(): Promise<void> {
    const open = (c: { status: string; recentPeriods: { outcomes: unknown[]; taskIds: unknown[] }[] }) =>
      c.status !== 'ended' || c.recentPeriods.some((p) => p.outcomes.length < p.taskIds.length);
    const page = (after: string | undefined, limit: number) =>
      this.readModels.find(collections.chores, { ...(after === undefined ? {} : { where: { id: { gt: after } } }), orderBy: [{ field: 'id' }], limit });
    return this.wakes.catchUp(() => allIds(page, open), (choreId) => this.tick(choreId));
  }

  get settled(): Promise<void> {
    return this.wakes.settled;
  }

  /** In-process: runs the wakes due at the clock's now (the timer does it every 15 s; a test moving its clock, at once). */
  runDue(): Promise<void> {
    return this.wakes.runDue();
  }

  stop(): Promise<void> {
    return this.wakes.stop();
  }

  /** Everything due for the chore now, then its next wake. Throws when a step fails (the wake is tried again). */
  async tick(choreId: string): Promise<void> {
    const { state } = await this.runner.load(streams.chore(choreId), choreDecider);
    if (!state.exists || state.familyId === null) return;
    const family = await this.family(state.familyId);
    const away = await this.awayOf(state.children);
    for (const open of openOccurrences(state)) {
      if (open.children.length > 0 && open.children.every((child) => away(child, open.periodKey))) await this.excuse(state, open);
    }
    for (const back of skippedTodayWithChildrenBack(state, family.timeZone, this.clock.now(), away)) await this.bringBack(state, back);
    for (const over of occurrencesOver(state, family.timeZone, this.clock.now())) await this.markMissed(state, over, family);
    await this.recordDue(choreId, family, away);
    const after = (await this.runner.load(streams.chore(choreId), choreDecider)).state;
    await this.remind(after, family);
    const wake = nextWake(after, family.timeZone, this.clock.now(), family.reminderTime);
    if (wake) await this.wakes.wakeAt(choreId, wake);
  }

  private async family(familyId: string): Promise<FamilyFacts> {
    const { state } = await this.runner.load(streams.family(familyId), familyDecider);
    return { timeZone: state.timeZone, deducts: state.choreSettings.missedChore === 'deduct', reminderTime: state.choreSettings.reminderTime };
  }

  /**
   * Once the family's reminder time has come on a day this chore has an occurrence still open, each of its
   * children is reminded (once that day, in the reminder's own stream) of every chore occurrence still to do
   * today: this chore's, and the others the tasks read model shows pending. An occurrence submitted for review
   * is not "to do"; one just made and not projected yet still is.
   */
  private async remind(chore: ChoreState, family: FamilyFacts): Promise<void> {
    const due = occurrencesToRemind(chore, family.timeZone, this.clock.now(), family.reminderTime);
    if (due.length === 0 || chore.familyId === null) return;
    const day = due[0]!.periodKey;
    // Every later tick that day finds its children reminded already: it reads no tasks.
    const unreminded: string[] = [];
    for (const childId of new Set(due.flatMap((o) => o.children))) {
      if ((await this.events.readStream(streams.choreReminder(childId, day))).length === 0) unreminded.push(childId);
    }
    if (unreminded.length === 0) return;
    const pending = (await this.readModels.find(collections.tasks, { where: { familyId: chore.familyId, status: 'pending' } })).filter(
      (t) => t.chore?.periodKey === day,
    );
    const mine = await Promise.all(due.map(async (o) => ({ ...o, status: (await this.readModels.get(collections.tasks, o.taskId))?.status ?? 'pending' })));
    for (const childId of unreminded) {
      const streamId = streams.choreReminder(childId, day);
      const tasks = new Map<string, string>();
      for (const o of mine) if (o.children.includes(childId) && o.status === 'pending') tasks.set(o.taskId, chore.title);
      for (const t of pending) if (t.assignedTo.includes(childId)) tasks.set(t.id, t.title);
      await this.runner.run({ actorId: SYSTEM_ACTOR, familyId: chore.familyId }, async () => {
        const reminder = await this.runner.load(streamId, choreReminderDecider);
        const command = { type: 'RemindChild', childId, day, tasks: [...tasks].map(([taskId, title]) => ({ taskId, title })) } as const;
        const events = choreReminderDecider.decide(command, reminder.state);
        return { appends: events.length ? [{ streamId, expectedRevision: reminder.revision, events }] : [], result: undefined };
      });
    }
  }

  /** Whether a child is paused on a day, from the children's member streams. */
  private async awayOf(children: readonly string[]): Promise<(childId: string, day: string) => boolean> {
    const members = await Promise.all(children.map(async (id) => [id, (await this.runner.load(streams.member(id), memberDecider)).state] as const));
    const pauses = new Map(members.map(([id, m]) => [id, m.pauses]));
    return (childId, day) => isPausedOn(pauses.get(childId) ?? [], day);
  }

  private async excuse(chore: ChoreState, { taskId }: OpenOccurrence): Promise<void> {
    await this.runner.run({ actorId: SYSTEM_ACTOR, familyId: chore.familyId }, async () => {
      const task = await this.runner.load(streams.task(taskId), taskDecider);
      const events = taskDecider.decide({ type: 'ExcuseOccurrence', actor: SYSTEM_ACTOR }, task.state);
      return { appends: [{ streamId: streams.task(taskId), expectedRevision: task.revision, events }], result: undefined };
    });
  }

  /**
   * A task a pause excused, whose pause ended on its day (decision 047): pending again, and the chore's period
   * open again, in one append. A skip a parent allowed is left alone (the task decider says so).
   */
  private async bringBack(chore: ChoreState, { periodKey, taskId }: OpenOccurrence): Promise<void> {
    await this.runner.run({ actorId: SYSTEM_ACTOR, familyId: chore.familyId }, async () => {
      const task = await this.runner.load(streams.task(taskId), taskDecider);
      const events = taskDecider.decide({ type: 'WithdrawExcuse', actor: SYSTEM_ACTOR }, task.state);
      if (events.length === 0) return { appends: [], result: undefined };
      const choreStream = streams.chore(chore.choreId);
      const current = await this.runner.load(choreStream, choreDecider);
      const reopened = choreDecider.decide({ type: 'ReopenOccurrence', actor: SYSTEM_ACTOR, periodKey, taskId }, current.state);
      return {
        appends: [
          { streamId: streams.task(taskId), expectedRevision: task.revision, events },
          { streamId: choreStream, expectedRevision: current.revision, events: reopened },
        ],
        result: undefined,
      };
    });
  }

  /** Missed, with "Missed: {title}" taken from its child in the same append when the family deducts. */
  private async markMissed(chore: ChoreState, { periodKey, taskId }: OpenOccurrence, family: FamilyFacts): Promise<void> {
    const deduction = family.deducts && chore.missedDeduction > 0 ? { points: chore.missedDeduction, entryId: randomUUID() } : null;
    await this.runner.run({ actorId: SYSTEM_ACTOR, familyId: chore.familyId }, async (now) => {
      const streamId = streams.task(taskId);
      const task = await this.runner.load(streamId, taskDecider);
      const dayEndsAt = new Date(dayEnd(periodKey, family.timeZone)).toISOString();
      const events = taskDecider.decide({ type: 'MarkMissed', actor: SYSTEM_ACTOR, now: now.toISOString(), dayEndsAt, deduction }, task.state);
      const appends: PlannedAppend[] = [{ streamId, expectedRevision: task.revision, events }];
      const taken = events.find((e: TaskEvent) => e.type === 'TaskMissed')?.data.deduction;
      if (taken) {
        appends.push(
          await this.accounts.decideIn(chore.familyId!, taken.childId, (context) => ({
            type: 'DeductMissedChore',
            childId: taken.childId,
            taskId,
            entryId: taken.entryId,
            points: taken.points,
            title: task.state.title,
            context,
          })),
        );
      }
      return { appends, result: undefined };
    });
  }

  /** Today's period when it is due: the chore records it and its occurrence tasks are created, in one append. */
  private async recordDue(choreId: string, family: FamilyFacts, away: (childId: string, day: string) => boolean): Promise<void> {
    const streamId = streams.chore(choreId);
    await this.runner.run({ actorId: SYSTEM_ACTOR, familyId: null }, async (now) => {
      const chore = await this.runner.load(streamId, choreDecider);
      const periodKey = periodDue(chore.state, family.timeZone, now);
      if (periodKey === null) return { appends: [], result: undefined };
      const absent = chore.state.children.filter((child) => away(child, periodKey));
      const events = choreDecider.decide({ type: 'RecordOccurrence', actor: SYSTEM_ACTOR, periodKey, away: absent }, chore.state);
      const recorded = events.find((e: ChoreEvent) => e.type === 'ChoreOccurrenceRecorded');
      if (recorded?.type !== 'ChoreOccurrenceRecorded') return { appends: [], result: undefined };
      const familyId = chore.state.familyId!;
      const appends: PlannedAppend[] = [{ streamId, expectedRevision: chore.revision, events, familyId }];
      const { assignees, taskIds } = recorded.data;
      // By a time: that instant. By the end of the day: the day itself, as a parent's task due on a day is.
      const schedule = chore.state.schedule!;
      const dueDate = schedule.dueTime ? dueInstant(schedule, periodKey, family.timeZone) : periodKey;
      for (const [i, taskId] of taskIds.entries()) {
        const task = await this.runner.load(streams.task(taskId), taskDecider);
        const created = taskDecider.decide(
          {
            type: 'CreateOccurrence',
            actor: SYSTEM_ACTOR,
            taskId,
            familyId,
            createdBy: chore.state.createdBy!,
            chore: { choreId, periodKey },
            title: chore.state.title,
            description: chore.state.description,
            pointsValue: chore.state.pointsValue,
            dueDate,
            assignedTo: taskIds.length > 1 ? [assignees[i]!] : assignees,
          },
          task.state,
        );
        appends.push({ streamId: streams.task(taskId), expectedRevision: task.revision, events: created, familyId });
      }
      return { appends, result: undefined };
    });
  }
}
