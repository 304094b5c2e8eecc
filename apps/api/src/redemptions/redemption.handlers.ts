import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { streams } from '@familyos/events';
import { messages } from '@familyos/contracts';
import { assertCan, familyDecider, invalid, notFound, pointsAccountDecider, type Actor } from '@familyos/domain';
import { CommandRunner } from '../platform/command-runner.js';
import { AccountContextLoader } from '../points/account-context.js';

export class RequestRedemption extends Command<{ redemptionId: string }> {
  constructor(
    readonly actor: Actor,
    readonly option: string,
  ) {
    super();
  }
}

/** POST /api/redemptions: the server, not the browser, decides what a reward costs (DESIGN §5). */
@CommandHandler(RequestRedemption)
export class RequestRedemptionHandler implements ICommandHandler<RequestRedemption> {
  constructor(private readonly runner: CommandRunner) {}

  async execute({ actor, option }: RequestRedemption) {
    assertCan(actor, 'requestRedemptions');
    const redemptionId = randomUUID();
    const streamId = streams.pointsAccount(actor.id);
    await this.runner.run({ actorId: actor.id, familyId: actor.familyId }, async () => {
      const [{ state: family }, account] = await Promise.all([
        this.runner.load(streams.family(actor.familyId ?? ''), familyDecider),
        this.runner.load(streamId, pointsAccountDecider),
      ]);
      if (!family.exists) throw notFound('Family');
      const reward = family.rewards.find((r) => r.name === option);
      if (!reward) throw invalid(messages.rewardUnknown, 'option');
      const events = pointsAccountDecider.decide(
        { type: 'RequestRedemption', actor, redemptionId, option: reward.name, cost: reward.cost, emoji: reward.emoji },
        account.state,
      );
      return { appends: [{ streamId, expectedRevision: account.revision, events }], result: undefined };
    });
    return { redemptionId };
  }
}

export class DecideRedemption extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly redemptionId: string,
    /** Located by the caller through the read model; the decision itself reads only the account stream. */
    readonly childId: string,
    readonly status: 'approved' | 'rejected',
  ) {
    super();
  }
}

/** PUT /api/redemptions/{id}: approve (debit "Redemption approved", then approved) or reject. */
@CommandHandler(DecideRedemption)
export class DecideRedemptionHandler implements ICommandHandler<DecideRedemption> {
  constructor(
    private readonly runner: CommandRunner,
    private readonly context: AccountContextLoader,
  ) {}

  async execute({ actor, redemptionId, childId, status }: DecideRedemption): Promise<void> {
    assertCan(actor, 'reviewRedemptions');
    const streamId = streams.pointsAccount(childId);
    await this.runner.run({ actorId: actor.id, familyId: actor.familyId }, async () => {
      const account = await this.runner.load(streamId, pointsAccountDecider);
      const events =
        status === 'approved'
          ? pointsAccountDecider.decide(
              { type: 'ApproveRedemption', actor, childId, redemptionId, entryId: randomUUID(), context: await this.context.family(actor.familyId) },
              account.state,
            )
          : pointsAccountDecider.decide({ type: 'RejectRedemption', actor, childId, redemptionId }, account.state);
      return { appends: [{ streamId, expectedRevision: account.revision, events }], result: undefined };
    });
  }
}
