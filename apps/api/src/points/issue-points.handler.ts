import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { streams } from '@familyos/events';
import { assertCan, pointsAccountDecider, type Actor } from '@familyos/domain';
import { CommandRunner } from '../platform/command-runner.js';
import { newId } from '../platform/request-ids.js';
import { AccountContextLoader } from './account-context.js';

export class IssuePoints extends Command<{ entryId: string }> {
  constructor(
    readonly actor: Actor,
    readonly input: { userId: string; amount: number; reason: string; approved?: boolean },
  ) {
    super();
  }
}

/** POST /api/points: a parent gives or deducts FP (SPEC §5: -100..100, not 0, a reason of at most 200). */
@CommandHandler(IssuePoints)
export class IssuePointsHandler implements ICommandHandler<IssuePoints> {
  constructor(
    private readonly runner: CommandRunner,
    private readonly context: AccountContextLoader,
  ) {}

  async execute({ actor, input }: IssuePoints) {
    assertCan(actor, 'issuePoints');
    await this.context.child(actor, input.userId);
    const entryId = newId('pointsEntry');
    const streamId = streams.pointsAccount(input.userId);
    await this.runner.run({ actorId: actor.id, familyId: actor.familyId }, async () => {
      const [account, context] = await Promise.all([this.runner.load(streamId, pointsAccountDecider), this.context.family(actor.familyId)]);
      const events = pointsAccountDecider.decide(
        {
          type: 'IssuePoints',
          actor,
          childId: input.userId,
          entryId,
          amount: input.amount,
          reason: input.reason,
          approved: input.approved ?? true,
          context,
        },
        account.state,
      );
      return { appends: [{ streamId, expectedRevision: account.revision, events }], result: undefined };
    });
    return { entryId };
  }
}
