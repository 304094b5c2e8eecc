import { SqliteReadModelStore } from '@familyos/read-models';
import { applyProjection, EventLog } from '@familyos/testing';
import { photosProjection } from './photos.projection.js';
import { collections } from '../schema/collections.js';
import type { PhotoDoc } from '../schema/documents.js';

const openStore = (file: string) => new SqliteReadModelStore(file);

describe('photos projection', () => {
  it("records each upload's family, sniffed type, size, uploader and time", async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'kid' });
    const e = log.add('photo-p1', 'PhotoUploaded', { photoId: 'p1', familyId: 'fam-1', uploadedBy: 'kid', contentType: 'image/png', size: 67, sha256: 'f'.repeat(64) });
    log.add('announcement-a1', 'AnnouncementPosted', { announcementId: 'a1', familyId: 'fam-1', authorId: 'kid', content: 'Look', photoUrl: '/api/photos/p1' });
    const { once: contents, twice } = await applyProjection(photosProjection, log.events, openStore);
    expect(twice).toEqual(contents);
    expect(contents[collections.photos]).toEqual([
      { id: 'p1', familyId: 'fam-1', contentType: 'image/png', size: 67, uploadedBy: 'kid', createdAt: e.metadata.timestamp } satisfies PhotoDoc,
    ]);
  });

  it('keeps each photo with the family that uploaded it', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'kid' });
    log.add('photo-p1', 'PhotoUploaded', { photoId: 'p1', familyId: 'fam-1', uploadedBy: 'kid', contentType: 'image/jpeg', size: 10, sha256: 'a'.repeat(64) });
    log.add('photo-p2', 'PhotoUploaded', { photoId: 'p2', familyId: 'fam-2', uploadedBy: 'eve', contentType: 'image/gif', size: 20, sha256: 'b'.repeat(64) }, { familyId: 'fam-2', actorId: 'eve' });
    const { once, twice } = await applyProjection(photosProjection, log.events, openStore);
    expect(twice).toEqual(once);
    expect((once[collections.photos] as unknown as PhotoDoc[]).map((p) => [p.id, p.familyId, p.contentType])).toEqual([
      ['p1', 'fam-1', 'image/jpeg'],
      ['p2', 'fam-2', 'image/gif'],
    ]);
  });
});
