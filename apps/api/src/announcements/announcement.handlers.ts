import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { streams } from '@familyos/events';
import { announcementDecider, photoDecider, photoIdOf, type Actor, type AnnouncementCommand, type PhotoFacts } from '@familyos/domain';
import { CommandRunner } from '../platform/command-runner.js';
import { newId } from '../platform/request-ids.js';

export class PostAnnouncement extends Command<{ announcementId: string }> {
  constructor(
    readonly actor: Actor,
    readonly input: { content: string; photoUrl?: string | null },
  ) {
    super();
  }
}

export class AddComment extends Command<{ commentId: string }> {
  constructor(
    readonly actor: Actor,
    readonly announcementId: string,
    readonly input: { content: string },
  ) {
    super();
  }
}

export class EditAnnouncement extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly announcementId: string,
    readonly input: { content: string },
  ) {
    super();
  }
}

export class DeleteAnnouncement extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly announcementId: string,
  ) {
    super();
  }
}

export class EditComment extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly announcementId: string,
    readonly commentId: string,
    readonly input: { content: string },
  ) {
    super();
  }
}

export class DeleteComment extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly announcementId: string,
    readonly commentId: string,
  ) {
    super();
  }
}

/**
 * Every command on an existing post (reply, edit, delete, and their comment twins) is appended to the post's
 * own stream, decided on the thread as it stands; a lost race decides again.
 */
async function decideOnThread(runner: CommandRunner, announcementId: string, command: Exclude<AnnouncementCommand, { type: 'PostAnnouncement' }>) {
  const { actor } = command;
  const streamId = streams.announcement(announcementId);
  await runner.run({ actorId: actor.id, familyId: actor.familyId }, async () => {
    const { state, revision } = await runner.load(streamId, announcementDecider);
    const events = announcementDecider.decide(command, state);
    return { appends: [{ streamId, expectedRevision: revision, events }], result: undefined };
  });
}

/**
 * POST /api/announcements. A photoUrl must name a photo this family uploaded: the photo's own stream says
 * whose it is (commands never read read models), and the decider judges.
 */
@CommandHandler(PostAnnouncement)
export class PostAnnouncementHandler implements ICommandHandler<PostAnnouncement> {
  constructor(private readonly runner: CommandRunner) {}

  async execute({ actor, input }: PostAnnouncement) {
    const announcementId = newId('announcement');
    const photoUrl = input.photoUrl?.trim() || null;
    const photoId = photoUrl === null ? null : photoIdOf(photoUrl);
    let photo: PhotoFacts | null = null;
    if (photoId !== null) {
      const { state } = await this.runner.load(streams.photo(photoId), photoDecider);
      photo = { photoId, exists: state.exists, familyId: state.familyId };
    }
    const streamId = streams.announcement(announcementId);
    await this.runner.run({ actorId: actor.id, familyId: actor.familyId }, async () => {
      // Read, not assumed new: the same request run again (decision 026) finds its post and appends nothing.
      const { state, revision } = await this.runner.load(streamId, announcementDecider);
      const events = announcementDecider.decide({ type: 'PostAnnouncement', actor, announcementId, content: input.content, photoUrl, photo }, state);
      return { appends: [{ streamId, expectedRevision: revision, events }], result: undefined };
    });
    return { announcementId };
  }
}

/** POST /api/announcements/{id}/comments. */
@CommandHandler(AddComment)
export class AddCommentHandler implements ICommandHandler<AddComment> {
  constructor(private readonly runner: CommandRunner) {}

  async execute({ actor, announcementId, input }: AddComment) {
    const commentId = newId('comment');
    await decideOnThread(this.runner, announcementId, { type: 'AddComment', actor, commentId, content: input.content });
    return { commentId };
  }
}

/** PUT /api/announcements/{id}: its author only. */
@CommandHandler(EditAnnouncement)
export class EditAnnouncementHandler implements ICommandHandler<EditAnnouncement> {
  constructor(private readonly runner: CommandRunner) {}

  execute({ actor, announcementId, input }: EditAnnouncement) {
    return decideOnThread(this.runner, announcementId, { type: 'EditAnnouncement', actor, content: input.content });
  }
}

/** DELETE /api/announcements/{id}: its author, or an admin of the family (decision 030). */
@CommandHandler(DeleteAnnouncement)
export class DeleteAnnouncementHandler implements ICommandHandler<DeleteAnnouncement> {
  constructor(private readonly runner: CommandRunner) {}

  execute({ actor, announcementId }: DeleteAnnouncement) {
    return decideOnThread(this.runner, announcementId, { type: 'DeleteAnnouncement', actor });
  }
}

/** PUT /api/announcements/{id}/comments/{commentId}: its author only. */
@CommandHandler(EditComment)
export class EditCommentHandler implements ICommandHandler<EditComment> {
  constructor(private readonly runner: CommandRunner) {}

  execute({ actor, announcementId, commentId, input }: EditComment) {
    return decideOnThread(this.runner, announcementId, { type: 'EditComment', actor, commentId, content: input.content });
  }
}

/** DELETE /api/announcements/{id}/comments/{commentId}: its author, or an admin of the family. */
@CommandHandler(DeleteComment)
export class DeleteCommentHandler implements ICommandHandler<DeleteComment> {
  constructor(private readonly runner: CommandRunner) {}

  execute({ actor, announcementId, commentId }: DeleteComment) {
    return decideOnThread(this.runner, announcementId, { type: 'DeleteComment', actor, commentId });
  }
}
