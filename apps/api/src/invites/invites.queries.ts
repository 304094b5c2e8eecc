import { Inject, Injectable } from '@nestjs/common';
import { messages, type InviteView, type PublicInviteView } from '@familyos/contracts';
import { DomainError, inviteStatus, notFound, type Actor } from '@familyos/domain';
import type { ReadModelStore } from '@familyos/read-models';
import { collections, type InviteDoc } from '@familyos/projections';
import { CommandRunner } from '../platform/command-runner.js';
import { CLOCK, READ_MODELS, type Clock } from '../platform/tokens.js';
import { loadInviteByToken } from './invite.handlers.js';

type FamilyMember = Actor & { familyId: string };

@Injectable()
export class InvitesQueries {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly runner: CommandRunner,
  ) {}

  // Status depends on the time, so it is computed per read, never stored.
  private view(doc: InviteDoc): InviteView {
    const { familyId: _family, ...rest } = doc;
    return { ...rest, status: inviteStatus(doc, this.clock.now()) };
  }

  async list(actor: FamilyMember): Promise<InviteView[]> {
    const docs = await this.readModels.find(collections.invites, {
      where: { familyId: actor.familyId },
      orderBy: [{ field: 'createdAt', direction: 'desc' }],
    });
    return docs.map((d) => this.view(d));
  }

  async one(actor: FamilyMember, inviteId: string): Promise<InviteView> {
    const doc = await this.readModels.get(collections.invites, inviteId);
    if (!doc || doc.familyId !== actor.familyId) throw notFound('Invite');
    return this.view(doc);
  }

  /** Read from the invite's own stream, so a link works the moment it is made, whatever the projector's lag. */
  async publicView(token: string): Promise<PublicInviteView> {
    const invite = await loadInviteByToken(this.runner, token);
    if (!invite || invite.state.familyId === null) throw new DomainError('not_found', messages.inviteInvalid);
    const { state } = invite;
    const family = await this.readModels.get(collections.families, state.familyId!);
    return {
      inviteToken: state.token,
      role: state.role,
      maxUses: state.maxUses,
      currentUses: state.currentUses,
      expiresAt: state.expiresAt,
      isActive: state.isActive,
      status: inviteStatus(state, this.clock.now()),
      family: { name: family?.name ?? '' },
    };
  }
}
