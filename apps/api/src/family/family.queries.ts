import { Inject, Injectable } from '@nestjs/common';
import { BUILT_IN_TEMPLATES, type FamilyView } from '@familyos/contracts';
import { notFound } from '@familyos/domain';
import type { ReadModelStore } from '@familyos/read-models';
import { collections, type FamilyDoc } from '@familyos/projections';
import { READ_MODELS } from '../platform/tokens.js';

@Injectable()
export class FamilyQueries {
  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModelStore) {}

  async doc(familyId: string): Promise<FamilyDoc> {
    const family = await this.readModels.get(collections.families, familyId);
    if (!family) throw notFound('Family');
    return family;
  }

  /** GET /api/family: SPEC §7's fields (redemptionOptions as names) plus the full rewards (DESIGN §5). */
  async view(familyId: string): Promise<FamilyView> {
    const f = await this.doc(familyId);
    return {
      id: f.id,
      name: f.name,
      timeZone: f.timeZone,
      pointSettings: f.pointSettings,
      weeklyReportDay: f.weeklyReportDay,
      redemptionOptions: f.rewards.map((r) => r.name),
      rewards: f.rewards,
      taskTemplates: f.taskTemplates,
      hiddenSystemTemplates: f.hiddenSystemTemplates,
      systemTemplates: BUILT_IN_TEMPLATES,
      choreSettings: f.choreSettings,
      createdAt: f.createdAt,
    };
  }
}
