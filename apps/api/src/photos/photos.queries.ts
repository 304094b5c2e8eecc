import { Inject, Injectable } from '@nestjs/common';
import { notFound } from '@familyos/domain';
import type { ReadModelStore } from '@familyos/read-models';
import { collections, type PhotoDoc } from '@familyos/projections';
import { READ_MODELS } from '../platform/tokens.js';

@Injectable()
export class PhotosQueries {
  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModelStore) {}

  /** A photo's facts, to its own family only: anyone else is told it does not exist. */
  async photo(familyId: string, id: string): Promise<PhotoDoc> {
    const doc = await this.readModels.get(collections.photos, id);
    if (!doc || doc.familyId !== familyId) throw notFound('Photo');
    return doc;
  }
}
