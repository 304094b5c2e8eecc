import { createHash } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { streams } from '@familyos/events';
import { messages } from '@familyos/contracts';
import { invalid, pushSubscriptionDecider, type Actor, type PushSubscriptionCommand } from '@familyos/domain';
import type { ReadModelStore } from '@familyos/read-models';
import { collections } from '@familyos/projections';
import { CommandRunner, type PlannedAppend } from '../platform/command-runner.js';
import { READ_MODELS } from '../platform/tokens.js';

/**
 * At most this many devices per member (decision 042): subscribing one more turns the oldest off, so no member
 * can make one notification go to an unbounded list of endpoints.
 */
export const DEVICES_PER_MEMBER = 10;

type FamilyMember = Actor & { familyId: string };

/** A subscription's id: a hash of its endpoint, so the same device subscribing again lands on the same stream. */
export const pushSubscriptionId = (endpoint: string) => createHash('sha256').update(endpoint).digest('hex').slice(0, 32);

/**
 * A subscription's keys as the server will encrypt to them (RFC 8291): an uncompressed P-256 point (65 bytes,
 * starting 0x04) and a 16-byte auth secret. Anything else could never be sent to; refused with a 400 naming `keys`.
 */
export function checkPushKeys(keys: { p256dh: string; auth: string }): void {
  const point = Buffer.from(keys.p256dh, 'base64url');
  const auth = Buffer.from(keys.auth, 'base64url');
  if (point.length !== 65 || point[0] !== 4 || auth.length !== 16) throw invalid(messages.pushKeys, 'keys');
}

export class ChangePushSubscription extends Command<void> {
  constructor(
    readonly actor: FamilyMember,
    readonly subscriptionId: string,
    readonly command: PushSubscriptionCommand,
  ) {
    super();
  }
}

/**
 * POST, PUT and DELETE /api/push/subscriptions: the subscription's own stream decides (only its member changes it).
 * A new device beyond DEVICES_PER_MEMBER turns the member's oldest off in the same append.
 */
@CommandHandler(ChangePushSubscription)
export class ChangePushSubscriptionHandler implements ICommandHandler<ChangePushSubscription> {
  constructor(
    private readonly runner: CommandRunner,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
  ) {}

  async execute({ actor, subscriptionId, command }: ChangePushSubscription): Promise<void> {
    const streamId = streams.pushSubscription(subscriptionId);
    await this.runner.run({ actorId: actor.id, familyId: actor.familyId }, async () => {
      const subscription = await this.runner.load(streamId, pushSubscriptionDecider);
      const events = pushSubscriptionDecider.decide(command, subscription.state);
      const appends: PlannedAppend[] = [{ streamId, expectedRevision: subscription.revision, events }];
      if (command.type === 'SubscribePush' && events.length > 0) appends.push(...(await this.oldestBeyondLimit(actor, subscriptionId)));
      return { appends, result: undefined };
    });
  }

  /** The member's oldest devices that one more would put over the limit, each turned off on its own stream. */
  private async oldestBeyondLimit(actor: FamilyMember, subscriptionId: string) {
    const devices = await this.readModels.find(collections.pushSubscriptions, { where: { memberId: actor.id } });
    const others = devices.filter((d) => d.familyId === actor.familyId && d.id !== subscriptionId).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
    const dropped = others.slice(0, Math.max(0, others.length - (DEVICES_PER_MEMBER - 1)));
    return Promise.all(
      dropped.map(async (device) => {
        const streamId = streams.pushSubscription(device.id);
        const old = await this.runner.load(streamId, pushSubscriptionDecider);
        // The read model may lag: a device already off, or taken over by another member, is left as it is.
        const events = old.state.memberId === actor.id ? pushSubscriptionDecider.decide({ type: 'UnsubscribePush', actorId: actor.id }, old.state) : [];
        return { streamId, expectedRevision: old.revision, events };
      }),
    );
  }
}

export class RequestTestPush extends Command<void> {
  constructor(readonly actor: FamilyMember) {
    super();
  }
}

/** POST /api/push/test: recorded on the member's stream; the delivery reactor sends it (no request sends anything). */
@CommandHandler(RequestTestPush)
export class RequestTestPushHandler implements ICommandHandler<RequestTestPush> {
  constructor(private readonly runner: CommandRunner) {}

  async execute({ actor }: RequestTestPush): Promise<void> {
    await this.runner.run({ actorId: actor.id, familyId: actor.familyId }, async () => ({
      appends: [{ streamId: streams.pushTests(actor.id), expectedRevision: 'any', events: [{ type: 'PushTestRequested', data: { memberId: actor.id } }] }],
      result: undefined,
    }));
  }
}

