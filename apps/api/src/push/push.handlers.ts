import { createHash } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { streams } from '@familyos/events';
import { messages } from '@familyos/contracts';
import { invalid, pushSubscriptionDecider, type Actor, type PushSubscriptionCommand } from '@familyos/domain';
import { CommandRunner } from '../platform/command-runner.js';

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

/** POST, PUT and DELETE /api/push/subscriptions: the subscription's own stream decides (only its member changes it). */
@CommandHandler(ChangePushSubscription)
export class ChangePushSubscriptionHandler implements ICommandHandler<ChangePushSubscription> {
  constructor(private readonly runner: CommandRunner) {}

  async execute({ actor, subscriptionId, command }: ChangePushSubscription): Promise<void> {
    const streamId = streams.pushSubscription(subscriptionId);
    await this.runner.run({ actorId: actor.id, familyId: actor.familyId }, async () => {
      const subscription = await this.runner.load(streamId, pushSubscriptionDecider);
      const events = pushSubscriptionDecider.decide(command, subscription.state);
      return { appends: [{ streamId, expectedRevision: subscription.revision, events }], result: undefined };
    });
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

