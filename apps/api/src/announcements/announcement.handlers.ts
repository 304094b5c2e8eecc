import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { streams } from '@familyos/events';
import { announcementDecider, photoDecider, photoIdOf, type Actor, type PhotoFacts } from '@familyos/domain';
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

/** POST /api/announcements/{id}/comments: appended to the post's own stream, after the thread as it stands. */
@CommandHandler(AddComment)
export class AddCommentHandler implements ICommandHandler<AddComment> {
  constructor(private readonly runner: CommandRunner) {}

  async execute({ actor, announcementId, input }: AddComment) {
    const commentId = newId('comment');
    const streamId = streams.announcement(announcementId);
    await this.runner.run({ actorId: actor.id, familyId: actor.familyId }, async () => {
      const { state, revision } = await this.runner.load(streamId, announcementDecider);
      const events = announcementDecider.decide({ type: 'AddComment', actor, commentId, content: input.content }, state);
      return { appends: [{ streamId, expectedRevision: revision, events }], result: undefined };
    });
    return { commentId };
  }
}
