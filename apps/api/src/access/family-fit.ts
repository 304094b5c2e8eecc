import { Inject, Injectable } from '@nestjs/common';
import { streams } from '@familyos/events';
import { familyDecider } from '@familyos/domain';
import type { ReadModelStore } from '@familyos/read-models';
import { collections } from '@familyos/projections';
import { CommandRunner } from '../platform/command-runner.js';
import { READ_MODELS } from '../platform/tokens.js';

/**
 * Decision 012, which family an outside identity fits: the family the provider names when it exists here,
 * else the only family on the server, else none (a system-level request that a superuser assigns).
 */
@Injectable()
export class FamilyFit {
  constructor(
    private readonly runner: CommandRunner,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
  ) {}

  async of(namedFamilyId: string | null): Promise<string | null> {
    if (namedFamilyId) {
      const { state } = await this.runner.load(streams.family(namedFamilyId), familyDecider);
      if (state.exists) return namedFamilyId;
    }
    const families = await this.readModels.find(collections.families, { limit: 2 });
    return families.length === 1 ? families[0]!.id : null;
  }
}
