import { Inject, Injectable } from '@nestjs/common';
import { messages, type PublicSignInLinkView } from '@familyos/contracts';
import { streams } from '@familyos/events';
import { DomainError, memberDecider, signInLinkDecider, signInLinkStatus } from '@familyos/domain';
import type { ReadModelStore } from '@familyos/read-models';
import { collections } from '@familyos/projections';
import { CommandRunner } from '../platform/command-runner.js';
import { CLOCK, READ_MODELS, type Clock } from '../platform/tokens.js';
import { signInLinkStream } from './sign-in-link.handlers.js';

@Injectable()
export class SignInLinksQueries {
  constructor(
    private readonly runner: CommandRunner,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * GET /api/public/sign-in-link/{token}: read from the link's own stream and its member's, like the invite's
   * public view, so a link works the moment the parent sees it, whatever the projector's lag.
   */
  async publicView(token: string): Promise<PublicSignInLinkView> {
    const { state: link } = await this.runner.load(signInLinkStream(token), signInLinkDecider);
    const member = link.memberId === null ? null : (await this.runner.load(streams.member(link.memberId), memberDecider)).state;
    const status = member ? signInLinkStatus(link, this.clock.now(), member.linkEpoch) : 'unknown';
    if (!member || status === 'unknown') throw new DomainError('not_found', messages.signInLinkInvalid);
    const family = member.familyId ? await this.readModels.get(collections.families, member.familyId) : null;
    return {
      status: member.active ? status : 'inactive',
      name: member.name,
      username: member.username,
      familyName: family?.name ?? '',
      expiresAt: link.expiresAt!,
    };
  }
}
