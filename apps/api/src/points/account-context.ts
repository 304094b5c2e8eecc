import { Injectable } from '@nestjs/common';
import { streams } from '@familyos/events';
import {
  familyDecider,
  invalid,
  memberDecider,
  notFound,
  pointsAccountDecider,
  type AccountContext,
  type Actor,
  type PointsAccountCommand,
} from '@familyos/domain';
import { messages } from '@familyos/contracts';
import { CommandRunner, type PlannedAppend } from '../platform/command-runner.js';

/** What a points-account decision needs to know from outside its stream, loaded from the owning streams. */
@Injectable()
export class AccountContextLoader {
  constructor(private readonly runner: CommandRunner) {}

  async family(familyId: string | null): Promise<AccountContext> {
    const { state } = await this.runner.load(streams.family(familyId ?? ''), familyDecider);
    if (!state.exists) throw notFound('Family');
    return { allowNegative: state.pointSettings.allowNegative };
  }

  /**
   * The second half of a task decision (an approval's credit, a reversal's debit): what `childId`'s account
   * appends, decided with the family's context at the revision read, for the same atomic append (decision 002).
   */
  decide(actor: Actor, childId: string, command: (context: AccountContext) => PointsAccountCommand): Promise<PlannedAppend> {
    return this.decideIn(actor.familyId, childId, command);
  }

  /** As `decide`, for the server acting on its own in a family (a reactor: a missed chore's deduction). */
  async decideIn(familyId: string | null, childId: string, command: (context: AccountContext) => PointsAccountCommand): Promise<PlannedAppend> {
    const streamId = streams.pointsAccount(childId);
    const [account, context] = await Promise.all([this.runner.load(streamId, pointsAccountDecider), this.family(familyId)]);
    return { streamId, expectedRevision: account.revision, events: pointsAccountDecider.decide(command(context), account.state) };
  }

  /** The child whose account this is: must be a child of the actor's family (SPEC §6: only children get points). */
  async child(actor: Actor, childId: string): Promise<void> {
    const { state } = await this.runner.load(streams.member(childId), memberDecider);
    if (!state.exists || state.familyId !== actor.familyId) throw notFound('User');
    if (state.role !== 'child') throw invalid(messages.selectChild, 'userId');
    if (!state.active) throw invalid(messages.memberInactiveTarget, 'userId');
  }
}
