import { Inject, Injectable } from '@nestjs/common';
import { notFound, type Actor } from '@familyos/domain';
import type { ReadModelStore } from '@familyos/read-models';
import { collections, type MemberDoc } from '@familyos/projections';
import { READ_MODELS } from '../platform/tokens.js';
import { userView } from './user-view.js';

const ROLE_ORDER = { admin: 0, superuser: 0, manager: 1, child: 2 } as const;

@Injectable()
export class MembersQueries {
  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModelStore) {}

  async docs(familyId: string): Promise<MemberDoc[]> {
    const members = await this.readModels.find(collections.members, { where: { familyId } });
    return members.sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role] || a.createdAt.localeCompare(b.createdAt));
  }

  /** Every member of the caller's family, deactivated ones too: their history still names them (decision 029). */
  async list(actor: Actor & { familyId: string }) {
    return (await this.docs(actor.familyId)).map((m) => userView(m, actor));
  }

  /** SPEC §2: a profile is looked up by id or by username; anyone outside the family is "not found". */
  async one(actor: Actor & { familyId: string }, idOrUsername: string) {
    const { familyId } = actor;
    const byId = await this.readModels.get(collections.members, idOrUsername);
    const member =
      byId ??
      (await this.readModels.find(collections.members, { where: { usernameLower: idOrUsername.toLowerCase() }, limit: 1 }))[0];
    if (!member || member.familyId !== familyId) throw notFound('User');
    return userView(member, actor);
  }
}
