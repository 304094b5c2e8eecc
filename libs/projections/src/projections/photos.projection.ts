import { isEvent } from '@familyos/events';
import { collections } from '../schema/collections.js';
import type { Projection } from './projection.js';
import type { PhotoDoc } from '../schema/documents.js';

/** Who may see which photo: GET /api/photos/:id serves a photo only to members of the family in its row. */
export const photosProjection: Projection = {
  name: 'photos',
  version: 1,
  collections: [collections.photos],
  handles: ['PhotoUploaded'],
  async apply(event, tx) {
    if (!isEvent(event, 'PhotoUploaded')) return;
    const d = event.data;
    const doc: PhotoDoc = {
      id: d.photoId,
      familyId: d.familyId,
      contentType: d.contentType,
      size: d.size,
      uploadedBy: d.uploadedBy,
      createdAt: event.metadata.timestamp,
    };
    await tx.put(collections.photos, doc);
  },
};
