import { createHash } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { PushMessage } from '@familyos/contracts';
import { streams, type StoredEvent } from '@familyos/events';
import type { EventStore } from '@familyos/event-store';
import { NOTIFYING_EVENT_TYPES, pushDeliveryDecider, pushMessageOf, pushSubscriptionDecider, SYSTEM_ACTOR, TEST_PUSH_MESSAGE, type PushDeliveryCommand } from '@familyos/domain';
import type { ReadModelStore } from '@familyos/read-models';
import { collections, type ProjectionProgress, type PushSubscriptionDoc } from '@familyos/projections';
import type { Reactor } from '@familyos/reactors';
import { CommandRunner } from '../platform/command-runner.js';
import { Reactors } from '../platform/reactors.js';
import { EVENT_STORE, PROJECTION_PROGRESS, READ_MODELS } from '../platform/tokens.js';
import { PushSender } from './push-sender.js';
import { DEVICES_PER_MEMBER } from './push.handlers.js';
import { PushBudget } from './push-budget.js';

interface Send {
  subscription: PushSubscriptionDoc;
  notificationId: string | null;
  message: PushMessage;
}

/** How long a reaction waits for the projections to hold its event's notifications before it is retried. */
const PROJECTIONS_WAIT_MS = 10_000;

/** One delivery's stream: what is sent (the event that made it) and where (the subscription). */
export const pushDeliveryId = (sourceEventId: string, subscriptionId: string) => createHash('sha256').update(`${sourceEventId}\n${subscriptionId}`).digest('hex').slice(0, 32);

/**
 * The push delivery reactor (issue 20, decision 039), one checkpoint shared by every api process: each event that
 * notifies someone is pushed, once its notifications are in the read model, to each device of each member told
 * that chose its kind; "Send a test" to every device of the member. Each (event, device) is its own delivery
 * stream, attempted once: the attempt is appended (expecting none) before sending, so a second process or a
 * restart sends nothing twice, and the outcome after. A push service's 404 or 410 removes the subscription.
 */
@Injectable()
export class PushDeliveries implements OnApplicationBootstrap {
  // Follows the log in order, as the reactor's events come: one request's events are consecutive.
  private readonly budget = new PushBudget();

  constructor(
    private readonly runner: CommandRunner,
    private readonly sender: PushSender,
    private readonly reactors: Reactors,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
  ) {}

  onApplicationBootstrap(): void {
    // A deployment that gains push starts from the log's head: what happened before is old news to a device.
    this.reactors.follow(this.reactor(), { startAt: () => this.events.headPosition() });
  }

  reactor(): Reactor {
    return {
      name: 'push-delivery',
      handles: [...NOTIFYING_EVENT_TYPES, 'PushTestRequested'],
      react: async (event) => {
        if (!(await this.progress.waitFor(event.position, PROJECTIONS_WAIT_MS))) throw new Error('The projections have not reached this event yet');
        if (event.type === 'PushTestRequested') await this.test(event);
        else await this.notify(event);
      },
    };
  }

  private async test(event: StoredEvent): Promise<void> {
    const { memberId } = event.data as { memberId: string };
    const sends = (await this.devicesOf(memberId, event)).map((subscription) => ({ subscription, notificationId: null, message: TEST_PUSH_MESSAGE }));
    await this.deliverAll(event, sends);
  }

  private async notify(event: StoredEvent): Promise<void> {
    const familyId = event.metadata.familyId;
    if (!familyId) return;
    const notifications = await this.readModels.find(collections.notifications, { where: { familyId, position: event.position } });
    const sends: Send[] = [];
    for (const notification of notifications) {
      // Already decided by someone (a reactor catching up): nothing to ask the devices any more.
      if (notification.settledAt) continue;
      const devices = (await this.devicesOf(notification.memberId, event)).filter((s) => s.kinds.includes(notification.kind));
      sends.push(...devices.map((subscription) => ({ subscription, notificationId: notification.id, message: pushMessageOf(notification) })));
    }
    await this.deliverAll(event, sends);
  }

  /** One event's pushes, as many as its request has left (PushBudget); a member's newest devices first. */
  private async deliverAll(event: StoredEvent, sends: Send[]): Promise<void> {
    const allowed = this.budget.take(event, sends.length);
    for (const { subscription, notificationId, message } of sends.slice(0, allowed)) await this.deliver(event, notificationId, subscription, message);
  }

  /**
   * The member's devices that had push on when the event happened (one turned on later is not sent old news),
   * newest first and at most DEVICES_PER_MEMBER, however many the read model holds for a moment.
   */
  private async devicesOf(memberId: string, event: StoredEvent): Promise<PushSubscriptionDoc[]> {
    const devices = await this.readModels.find(collections.pushSubscriptions, { where: { memberId } });
    return devices
      .filter((s) => s.familyId === event.metadata.familyId && s.createdAt <= event.metadata.timestamp)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id))
      .slice(0, DEVICES_PER_MEMBER);
  }

  private async deliver(event: StoredEvent, notificationId: string | null, subscription: PushSubscriptionDoc, message: PushMessage): Promise<void> {
    const streamId = streams.pushDelivery(pushDeliveryId(event.metadata.eventId, subscription.id));
    const who = { actorId: SYSTEM_ACTOR, familyId: subscription.familyId };
    const attempt: PushDeliveryCommand = { type: 'AttemptPushDelivery', subscriptionId: subscription.id, memberId: subscription.memberId, kind: message.kind, sourceEventId: event.metadata.eventId, notificationId };
    if (!(await this.decide(streamId, attempt, who))) return;
    const answer = await this.sender.send(subscription, message);
    await this.decide(streamId, { type: 'RecordPushOutcome', status: answer.status, delivered: answer.delivered, reason: answer.reason }, who);
    // 0: the outbound guard refused the device's address (decision 042); to its member, it just stopped working.
    if (answer.gone) await this.markGone(subscription, answer.status ?? 0);
  }

  /** Runs a command on a delivery stream; true when it appended (this process is the one that sends). */
  private async decide(streamId: string, command: PushDeliveryCommand, who: { actorId: string; familyId: string }): Promise<boolean> {
    const { result } = await this.runner.run(who, async () => {
      const delivery = await this.runner.load(streamId, pushDeliveryDecider);
      const events = pushDeliveryDecider.decide(command, delivery.state);
      return { appends: [{ streamId, expectedRevision: delivery.revision, events }], result: events.length > 0 };
    });
    return result;
  }

  private async markGone(subscription: PushSubscriptionDoc, status: number): Promise<void> {
    const streamId = streams.pushSubscription(subscription.id);
    await this.runner.run({ actorId: SYSTEM_ACTOR, familyId: subscription.familyId }, async () => {
      const current = await this.runner.load(streamId, pushSubscriptionDecider);
      // Only the endpoint that was sent to: a device subscribed again since (new keys) is not taken for gone.
      const stale = current.state.endpoint === subscription.endpoint && current.state.keys.p256dh === subscription.keys.p256dh;
      const events = stale ? pushSubscriptionDecider.decide({ type: 'MarkPushSubscriptionGone', status }, current.state) : [];
      return { appends: [{ streamId, expectedRevision: current.revision, events }], result: undefined };
    });
  }
}
