import { Inject, Injectable } from '@nestjs/common';
import { notFound } from '@familyos/domain';
import type { ReadModelStore } from '@familyos/read-models';
import { collections } from '@familyos/projections';
import { READ_MODELS } from '../platform/tokens.js';

/** What the CSV exports read: always one family's rows, oldest first. */
@Injectable()
export class ExportsQueries {
  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModelStore) {}

  async timeZone(familyId: string): Promise<string> {
    const family = await this.readModels.get(collections.families, familyId);
    if (!family) throw notFound('Family');
    return family.timeZone;
  }

  /** A member's name by id ('' for none or someone no longer in the family). */
  async names(familyId: string): Promise<(id: string | null) => string> {
    const members = await this.readModels.find(collections.members, { where: { familyId } });
    const byId = new Map(members.map((m) => [m.id, m.name]));
    return (id) => (id ? (byId.get(id) ?? '') : '');
  }

  points(familyId: string) {
    return this.readModels.find(collections.points, { where: { familyId }, orderBy: [{ field: 'position' }] });
  }

  tasks(familyId: string) {
    return this.readModels.find(collections.tasks, { where: { familyId }, orderBy: [{ field: 'createdAt' }, { field: 'id' }] });
  }

  reports(familyId: string) {
    return this.readModels.find(collections.reports, { where: { familyId }, orderBy: [{ field: 'weekStartDate' }] });
  }
}
