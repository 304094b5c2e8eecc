import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { streams } from '@familyos/events';
import type { CreateChoreDto, EditChoreDto } from '@familyos/contracts';
import { choreDecider, type Actor, type ChoreCommand, type ChoreInput } from '@familyos/domain';
import { CommandRunner } from '../platform/command-runner.js';
import { newId } from '../platform/request-ids.js';
import { assigneeFacts, dueDays, familyTimeZone } from '../tasks/task-context.js';

/** The family-local day of `now` (dueDays without a due date). */
const todayOf = (zone: string, now: Date) => dueDays(null, zone, now).today;

export class CreateChore extends Command<{ choreId: string }> {
  constructor(
    readonly actor: Actor,
    readonly input: CreateChoreDto,
  ) {
    super();
  }
}

/**
 * POST /api/chores: a parent makes a repeating chore. The chore decider checks everything (who, the schedule
 * and sharing field by field, the children against their member streams, a start day not before the family's
 * today); an Idempotency-Key repeat makes the same chore id, finds the chore and appends nothing (decision 026).
 */
@CommandHandler(CreateChore)
export class CreateChoreHandler implements ICommandHandler<CreateChore> {
  constructor(private readonly runner: CommandRunner) {}

  async execute({ actor, input }: CreateChore) {
    const choreId = newId('chore');
    const zone = await familyTimeZone(this.runner, actor.familyId);
    const children = await assigneeFacts(this.runner, input.children);
    const chore: ChoreInput = {
      title: input.title,
      description: input.description ?? '',
      pointsValue: input.pointsValue,
      schedule: input.schedule,
      sharing: input.sharing,
      children,
      missedDeduction: input.missedDeduction ?? 0,
    };
    const streamId = streams.chore(choreId);
    await this.runner.run({ actorId: actor.id, familyId: actor.familyId }, async (now) => {
      const current = await this.runner.load(streamId, choreDecider);
      const events = choreDecider.decide({ type: 'CreateChore', actor, choreId, chore, today: todayOf(zone, now) }, current.state);
      return { appends: [{ streamId, expectedRevision: current.revision, events }], result: undefined };
    });
    return { choreId };
  }
}

/** A parent's change to a chore: edit (the fields given), pause, resume or end. */
export type ChoreChange = { type: 'edit'; changes: EditChoreDto } | { type: 'pause' } | { type: 'resume' } | { type: 'end' };

export class ChangeChore extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly choreId: string,
    readonly change: ChoreChange,
  ) {
    super();
  }
}

/**
 * PATCH /api/chores/{id} and POST /api/chores/{id}/pause|resume|end. Decided by the chore decider (its
 * verdicts, which are also the chore's `can`): a repeat (pausing a paused chore, ending an ended one) appends
 * nothing; changing an ended chore is a 409. An edit applies to every occurrence not created yet.
 */
@CommandHandler(ChangeChore)
export class ChangeChoreHandler implements ICommandHandler<ChangeChore> {
  constructor(private readonly runner: CommandRunner) {}

  async execute({ actor, choreId, change }: ChangeChore): Promise<void> {
    const zone = await familyTimeZone(this.runner, actor.familyId);
    const children = change.type === 'edit' && change.changes.children ? await assigneeFacts(this.runner, change.changes.children) : undefined;
    const streamId = streams.chore(choreId);
    await this.runner.run({ actorId: actor.id, familyId: actor.familyId }, async (now) => {
      const today = todayOf(zone, now);
      const command: ChoreCommand =
        change.type === 'edit'
          ? { type: 'EditChore', actor, today, changes: { ...withoutUndefined(change.changes), ...(children ? { children } : {}) } }
          : { type: change.type === 'pause' ? 'PauseChore' : change.type === 'resume' ? 'ResumeChore' : 'EndChore', actor, today };
      const current = await this.runner.load(streamId, choreDecider);
      const events = choreDecider.decide(command, current.state);
      return { appends: [{ streamId, expectedRevision: current.revision, events }], result: undefined };
    });
  }
}

/**
 * The fields a PATCH gave: left out (undefined) or null (which IsOptional lets through) both leave a field as
 * it is. Children are replaced by their facts.
 */
function withoutUndefined(changes: EditChoreDto): Partial<ChoreInput> {
  const { children: _children, ...rest } = changes;
  return Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined && v !== null)) as Partial<ChoreInput>;
}
