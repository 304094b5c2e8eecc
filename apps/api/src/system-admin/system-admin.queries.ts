import { Inject, Injectable } from '@nestjs/common';
import type { Actor } from '@familyos/domain';
import type { ReadModelStore } from '@familyos/read-models';
import { collections, type FamilyDoc } from '@familyos/projections';
import { userView } from '../members/user-view.js';
import { familyToday } from '../members/members.queries.js';
import { CLOCK, READ_MODELS, type Clock } from '../platform/tokens.js';

/** The whole platform, read for a superuser: every family, member and pending request. */
@Injectable()
export class SystemAdminQueries {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  private families() {
    return this.readModels.find(collections.families);
  }

  private members() {
    return this.readModels.find(collections.members);
  }

  private pendingCount() {
    return this.readModels.find(collections.accessRequests, { where: { status: 'pending' } }).then((r) => r.length);
  }

  /** SPEC §3 "Platform stats". */
  async platformStats() {
    const [families, members, totalPendingUsers] = await Promise.all([this.families(), this.members(), this.pendingCount()]);
    const usersByRole = { admin: 0, child: 0, manager: 0, superuser: 0 };
    for (const m of members) usersByRole[m.role] += 1;
    return {
      totalFamilies: families.length,
      totalUsers: members.length,
      totalPendingUsers,
      usersByRole,
      familyBreakdown: sortByName(families).map((f) => {
        const inFamily = members.filter((m) => m.familyId === f.id);
        return {
          id: f.id,
          name: f.name,
          userCount: inFamily.length,
          adminCount: inFamily.filter((m) => m.role === 'admin').length,
          childCount: inFamily.filter((m) => m.role === 'child').length,
        };
      }),
    };
  }

  async allFamilies() {
    const [families, members] = await Promise.all([this.families(), this.members()]);
    return sortByName(families).map((f) => {
      const inFamily = members.filter((m) => m.familyId === f.id);
      const primary = inFamily.find((m) => m.isPrimaryAdmin) ?? null;
      return {
        id: f.id,
        name: f.name,
        createdAt: f.createdAt,
        memberCount: inFamily.length,
        primaryAdmin: primary ? { id: primary.id, username: primary.username, name: primary.name } : null,
      };
    });
  }

  async allUsers(viewer: Actor) {
    const [families, members] = await Promise.all([this.families(), this.members()]);
    const names = new Map(families.map((f) => [f.id, f.name]));
    const now = this.clock.now();
    const today = new Map(families.map((f) => [f.id, familyToday(now, f.timeZone)]));
    return members
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
      .map((m) => ({ ...userView(m, viewer, (m.familyId && today.get(m.familyId)) || null), familyName: m.familyId ? (names.get(m.familyId) ?? null) : null }));
  }
}

const sortByName = (families: FamilyDoc[]) => [...families].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
