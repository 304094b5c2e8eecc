import { Inject, Injectable, Logger } from '@nestjs/common';
import { DateTime } from 'luxon';
import { streamEntityId, streams, type StoredEvent } from '@familyos/events';
import { dailyDigestMail, familyDecider, waitingCount, type WaitingItems } from '@familyos/domain';
import type { EventStore } from '@familyos/event-store';
import type { ReadModelStore } from '@familyos/read-models';
import { collections, type ProjectionProgress } from '@familyos/projections';
import { processCheckpoints, type Reactor } from '@familyos/reactors';
import type { AppConfig } from '../config.js';
import { CommandRunner } from '../platform/command-runner.js';
import { Reactors } from '../platform/reactors.js';
import { CLOCK, CONFIG, EVENT_STORE, PROJECTION_PROGRESS, READ_MODELS, type Clock } from '../platform/tokens.js';
import { allIds, WakeDriven } from '../platform/wake-driven.js';
import { MailDeliveries } from './mail-deliveries.js';
import { recipientsOf } from './mail-recipients.js';

/** The digest's time of day when the family has no reminder time (reminders off): early evening. */
const NO_REMINDER_TIME = '18:00';

/** How long a reaction waits for the projections to hold its event before it is retried. */
const PROJECTIONS_WAIT_MS = 10_000;

/** The events after which a family's digest time or its recipients may differ. */
const DIGEST_EVENTS = ['FamilyCreated', 'ChoreSettingsChanged', 'FamilyTimeZoneChanged', 'MemberEmailChanged', 'MemberEmailConfirmed', 'MemberRoleChanged', 'MemberReactivated'] as const;

/**
 * The daily summary of what waits for each parent (issue 20, decision 041), at the family's reminder time
 * (ChoreSettings.reminderTime; none: 18:00) in its zone. Each family has a wake (the chores' WakeScheduler:
 * BullMQ with REDIS_URL, else in-process, decision 035); a wake sends today's digest to each parent with an
 * address who left it on, when something waits, once per parent and day (the mail's stream), then wakes again
 * tomorrow. A server down at that time sends today's at its boot catch-up, never yesterday's. The
 * `daily-digest-schedule` reactor sets a family's wake when its settings or a parent's e-mail change; it never
 * sends, so setting an address at 17:00 mails nothing before tomorrow.
 */
@Injectable()
export class DailyDigests {
  private readonly wakes = new WakeDriven('Daily summary', new Logger('DailyDigests'));

  constructor(
    private readonly runner: CommandRunner,
    private readonly deliveries: MailDeliveries,
    private readonly reactors: Reactors,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async start(): Promise<void> {
    await this.wakes.open({ redisUrl: this.config.redisUrl, queueName: this.config.digestQueue, clock: this.clock }, (familyId) => this.tick(familyId, true));
    // Up to the log's head now is the boot catch-up's; the reactor goes on from there (as the chore clock's).
    const head = await this.events.headPosition();
    this.reactors.follow(this.scheduleReactor(), { startAt: async () => head, ...(this.config.redisUrl ? {} : { checkpoints: processCheckpoints() }) });
  }

  /** The boot's catch-up, once the server answers: every family's digest due today and not sent goes now. */
  catchUp(): Promise<void> {
    const page = (after: string | undefined, limit: number) =>
      this.readModels.find(collections.families, { ...(after === undefined ? {} : { where: { id: { gt: after } } }), orderBy: [{ field: 'id' }], limit });
    return this.wakes.catchUp(() => allIds(page), (familyId) => this.tick(familyId, true));
  }

  /** In-process: runs the wakes due at the clock's now (a test moving its clock, at once). */
  runDue(): Promise<void> {
    return this.wakes.runDue();
  }

  stop(): Promise<void> {
    return this.wakes.stop();
  }

  private scheduleReactor(): Reactor {
    return {
      name: 'daily-digest-schedule',
      handles: DIGEST_EVENTS,
      react: async (event) => {
        // The recipients are read from the members read model: it must hold this event (a confirmation, say) first.
        if (!(await this.progress.waitFor(event.position, PROJECTIONS_WAIT_MS))) throw new Error('The projections have not reached this change yet');
        const familyId = this.familyOf(event);
        if (familyId) await this.tick(familyId, false);
      },
    };
  }

  private familyOf(event: StoredEvent): string | null {
    return event.type.startsWith('Family') || event.type === 'ChoreSettingsChanged' ? streamEntityId(event.streamId) : event.metadata.familyId;
  }

  /**
   * Sends today's digests when their time has come (`send`), then wakes the family at the next digest time.
   * A family with no parent who wants the digest has no wake: an address set later sets it, through the reactor.
   */
  async tick(familyId: string, send: boolean): Promise<void> {
    const { state: family } = await this.runner.load(streams.family(familyId), familyDecider);
    if (!family.exists) return;
    const parents = await recipientsOf(this.readModels, familyId, 'dailyDigest');
    if (parents.length === 0) return;
    const now = DateTime.fromJSDate(this.clock.now()).setZone(family.timeZone);
    const time = family.choreSettings.reminderTime ?? NO_REMINDER_TIME;
    const at = (day: DateTime) => DateTime.fromISO(`${day.toISODate()}T${time}`, { zone: family.timeZone });
    const today = at(now);
    if (send && now >= today) {
      const waiting = await this.waitingIn(familyId);
      if (waitingCount(waiting) > 0) {
        const day = now.toISODate()!;
        for (const parent of parents) {
          await this.deliveries.deliver({ kind: 'dailyDigest', memberId: parent.id, familyId, key: day, to: parent.email.address }, () =>
            dailyDigestMail(waiting, family.name, day, this.config.publicUrl),
          );
        }
      }
    }
    const next = now < today ? today : at(now.plus({ days: 1 }));
    await this.wakes.wakeAt(familyId, next.toJSDate());
  }

  /** What waits for the family's parents now, from the read models. */
  private async waitingIn(familyId: string): Promise<WaitingItems> {
    const [tasks, redemptions, members] = await Promise.all([
      this.readModels.find(collections.tasks, { where: { familyId } }),
      this.readModels.find(collections.redemptions, { where: { familyId, status: 'pending' } }),
      this.readModels.find(collections.members, { where: { familyId } }),
    ]);
    const nameOf = (id: string | null | undefined) => members.find((m) => m.id === id)?.name ?? 'a child';
    const requested = tasks.filter((t) => t.isChildRequest && !t.requestAccepted && (t.status === 'pending' || t.status === 'submitted'));
    return {
      submittedTasks: tasks.filter((t) => t.status === 'submitted' && !requested.includes(t)).map((t) => ({ title: t.title, childName: nameOf(t.submittedBy ?? t.assignedTo[0]) })),
      childRequests: requested.map((t) => ({ title: t.title, childName: nameOf(t.createdBy) })),
      redemptions: redemptions.map((r) => ({ rewardName: r.option, childName: nameOf(r.userId), cost: r.cost })),
      skipRequests: tasks.filter((t) => t.status === 'pending' && t.skipRequest).map((t) => ({ title: t.title, childName: nameOf(t.skipRequest!.by) })),
    };
  }
}
