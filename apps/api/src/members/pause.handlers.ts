import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DateTime } from 'luxon';
import { streams } from '@familyos/events';
import { memberDecider, type Actor, type MemberCommand } from '@familyos/domain';
import { CommandRunner } from '../platform/command-runner.js';
import { newId } from '../platform/request-ids.js';
import { familyTimeZone } from '../tasks/task-context.js';

/** The family's day of `now`: pauses are family-local days. */
const todayIn = (zone: string, now: Date) => DateTime.fromJSDate(now).setZone(zone).toISODate()!;

export class PauseChild extends Command<{ pauseId: string }> {
  constructor(
    readonly actor: Actor,
    readonly childId: string,
    readonly input: { fromDay: string; untilDay: string; reason: string },
  ) {
    super();
  }
}

/**
 * POST /api/users/{id}/pauses: a parent pauses a child (a vacation) from one family-local day to another. The
 * member decider checks who, which member and the days (decision 034); an Idempotency-Key repeat makes the
 * same pause id, which the decider finds and appends nothing for.
 */
@CommandHandler(PauseChild)
export class PauseChildHandler implements ICommandHandler<PauseChild> {
  constructor(private readonly runner: CommandRunner) {}

  async execute({ actor, childId, input }: PauseChild) {
    const pauseId = newId('pause');
    const zone = await familyTimeZone(this.runner, actor.familyId);
    await this.runMember(actor, childId, (now) => ({ type: 'PauseChild', actor, pauseId, ...input, today: todayIn(zone, now) }));
    return { pauseId };
  }

  private async runMember(actor: Actor, childId: string, command: (now: Date) => MemberCommand) {
    const streamId = streams.member(childId);
    await this.runner.run({ actorId: actor.id, familyId: actor.familyId }, async (now) => {
      const member = await this.runner.load(streamId, memberDecider);
      const events = memberDecider.decide(command(now), member.state);
      return { appends: [{ streamId, expectedRevision: member.revision, events }], result: undefined };
    });
  }
}

export class EndPause extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly childId: string,
    readonly pauseId: string,
  ) {
    super();
  }
}

/** DELETE /api/users/{id}/pauses/{pauseId}: the child is back from the family's today (yesterday is the pause's last day). */
@CommandHandler(EndPause)
export class EndPauseHandler implements ICommandHandler<EndPause> {
  constructor(private readonly runner: CommandRunner) {}

  async execute({ actor, childId, pauseId }: EndPause): Promise<void> {
    const zone = await familyTimeZone(this.runner, actor.familyId);
    const streamId = streams.member(childId);
    await this.runner.run({ actorId: actor.id, familyId: actor.familyId }, async (now) => {
      const member = await this.runner.load(streamId, memberDecider);
      const events = memberDecider.decide({ type: 'EndPause', actor, pauseId, today: todayIn(zone, now) }, member.state);
      return { appends: [{ streamId, expectedRevision: member.revision, events }], result: undefined };
    });
  }
}
