import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { streams } from '@familyos/events';
import { pointsAccountDecider, type Actor } from '@familyos/domain';
import { CommandRunner } from '../platform/command-runner.js';
import { AccountContextLoader } from '../points/account-context.js';

export class ReviewRedemption extends Command<void> {
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
@CommandHandler(ReviewRedemption)
export class ReviewRedemptionHandler implements ICommandHandler<ReviewRedemption> {
  constructor(
    private readonly runner: CommandRunner,
    private readonly context: AccountContextLoader,
  ) {}

  async execute({ actor, redemptionId, childId, status }: ReviewRedemption): Promise<void> {
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
