import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { streams } from '@familyos/events';
import { memberDecider } from '@familyos/domain';
import { CommandRunner } from '../../platform/command-runner.js';
import type { HubUser } from './hub-client.js';

/**
 * At a hub sign-in, SPEC §7's extended profile is merged into the member: its bio and website fill in what the
 * member has left empty here; what the member wrote themselves wins (decision 029).
 */
export class MergeHubProfile extends Command<void> {
  constructor(
    readonly memberId: string,
    readonly hubUser: Pick<HubUser, 'bio' | 'websiteUrl'>,
  ) {
    super();
  }
}

@CommandHandler(MergeHubProfile)
export class MergeHubProfileHandler implements ICommandHandler<MergeHubProfile> {
  constructor(private readonly runner: CommandRunner) {}

  async execute({ memberId, hubUser }: MergeHubProfile): Promise<void> {
    if (!hubUser.bio && !hubUser.websiteUrl) return;
    const streamId = streams.member(memberId);
    await this.runner.run({ actorId: memberId, familyId: null }, async () => {
      const { state, revision } = await this.runner.load(streamId, memberDecider);
      const events = memberDecider.decide({ type: 'MergeHubProfile', bio: hubUser.bio, websiteUrl: hubUser.websiteUrl }, state);
      return { appends: [{ streamId, expectedRevision: revision, familyId: state.familyId, events }], result: undefined };
    });
  }
}
