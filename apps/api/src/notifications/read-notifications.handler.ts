import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { streams } from '@familyos/events';
import { notificationReadsDecider, type Actor, type NotificationReadsCommand } from '@familyos/domain';
import { CommandRunner } from '../platform/command-runner.js';

export class ReadNotifications extends Command<void> {
  constructor(
    readonly actor: Actor & { familyId: string },
    /** MarkNotificationRead of one of the actor's own notifications (the controller found it), or MarkAllNotificationsRead. */
    readonly command: NotificationReadsCommand,
  ) {
    super();
  }
}

/** POST /api/notifications/:id/read and /read-all: the member's own reads stream decides; reading twice appends nothing. */
@CommandHandler(ReadNotifications)
export class ReadNotificationsHandler implements ICommandHandler<ReadNotifications> {
  constructor(private readonly runner: CommandRunner) {}

  async execute({ actor, command }: ReadNotifications): Promise<void> {
    const streamId = streams.notificationReads(actor.id);
    await this.runner.run({ actorId: actor.id, familyId: actor.familyId }, async () => {
      const reads = await this.runner.load(streamId, notificationReadsDecider, { keep: true });
      const events = notificationReadsDecider.decide(command, reads.state);
      return { appends: [{ streamId, expectedRevision: reads.revision, events }], result: undefined };
    });
  }
}
