import { Inject, Injectable } from '@nestjs/common';
import type { ReadModelStore } from '@familyos/read-models';
import { collections } from '@familyos/projections';
import { DEMO_ACCOUNTS } from '../demo/demo-family.js';
import { READ_MODELS } from '../platform/tokens.js';

/** The demo family's accounts as the Demo tab lists them: only those that exist (the demo may be off). */
@Injectable()
export class DemoAccountsQueries {
  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModelStore) {}

  async list() {
    const docs = await this.readModels.find(collections.members, {
      where: { usernameLower: { in: DEMO_ACCOUNTS.map((a) => a.username) } },
    });
    return DEMO_ACCOUNTS.flatMap((a) => {
      const doc = docs.find((d) => d.usernameLower === a.username);
      return doc ? [{ username: doc.username, name: doc.name, role: doc.role, avatar: doc.avatar }] : [];
    });
  }
}
