import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { streams } from '@familyos/events';
import { messages } from '@familyos/contracts';
import { assertCan, familyDecider, invalid, notFound, pointsAccountDecider, type Actor } from '@familyos/domain';
import { CommandRunner } from '../platform/command-runner.js';
import { newId } from '../platform/request-ids.js';

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
    const redemptionId = newId('redemption');
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
