import { SqliteReadModelStore } from '@familyos/read-models';
import { applyProjection, EventLog } from '@familyos/testing';
import { liveChangesProjection } from './live-changes.projection.js';
import type { LiveChangeDoc, LiveHeadDoc } from '../schema/documents.js';

const openStore = (file: string) => new SqliteReadModelStore(file);

async function rowsOf(log: EventLog) {
  const { once, twice } = await applyProjection(liveChangesProjection, log.events, openStore);
  expect(twice).toEqual(once);
  const changes = (once['live_changes'] as unknown as LiveChangeDoc[]).sort((a, b) => a.position - b.position);
  return { changes, heads: once['live_heads'] as unknown as LiveHeadDoc[] };
}

describe('live-changes projection', () => {
  it("numbers each family's changes in its own count, whatever other families write between them", async () => {
    const ours = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    const a = ours.add('announcement-a1', 'AnnouncementPosted', { announcementId: 'a1', familyId: 'fam-1', authorId: 'mom', content: 'Hi', photoUrl: null });
    // Another family's writes, and our own that change no screen (a sign-in), take no number of ours.
    for (let i = 0; i < 5; i++) ours.add(`announcement-b${i}`, 'AnnouncementPosted', { announcementId: `b${i}`, familyId: 'fam-2', authorId: 'eve', content: 'Theirs', photoUrl: null }, { familyId: 'fam-2', actorId: 'eve' });
    ours.add('session-abc', 'SessionStarted', { memberId: 'mom', expiresAt: '2026-12-01T00:00:00.000Z', method: 'password' });
    const b = ours.add('notificationReads-mom', 'NotificationsAllRead', { upTo: 1 });
    const { changes, heads } = await rowsOf(ours);
    const family1 = changes.filter((c) => c.familyId === 'fam-1');
    expect(family1).toEqual([
      { id: 'fam-1:1', familyId: 'fam-1', seq: 1, position: a.position },
      { id: 'fam-1:2', familyId: 'fam-1', seq: 2, position: b.position },
    ]);
    expect(changes.filter((c) => c.familyId === 'fam-2').map((c) => c.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(heads.find((h) => h.familyId === 'fam-1')).toMatchObject({ seq: 2, position: b.position });
  });
});
