import { SqliteReadModelStore } from '@familyos/read-models';
import { applyProjection, EventLog, type ProjectionContents } from '@familyos/testing';
import type { AnnouncementPosted } from '@familyos/events';
import { announcementsProjection } from './announcements.projection.js';
import { collections } from '../schema/collections.js';
import type { AnnouncementDoc, CommentDoc } from '../schema/documents.js';

const openStore = (file: string) => new SqliteReadModelStore(file);

const post = (announcementId: string, content: string, over: Partial<AnnouncementPosted['data']> = {}): AnnouncementPosted['data'] => ({
  announcementId,
  familyId: 'fam-1',
  authorId: 'mom',
  content,
  photoUrl: null,
  ...over,
});

async function run(log: EventLog): Promise<ProjectionContents> {
  const { once, twice } = await applyProjection(announcementsProjection, log.events, openStore);
  expect(twice).toEqual(once);
  return once;
}

describe('announcements projection', () => {
  it('writes a post with its author, content, photo, date and position, and no comments yet', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    const e = log.add('announcement-a1', 'AnnouncementPosted', post('a1', 'Pizza night!', { photoUrl: '/api/photos/p1' }));
    const contents = await run(log);
    expect(contents[collections.announcements]).toEqual([
      {
        id: 'a1',
        familyId: 'fam-1',
        authorId: 'mom',
        content: 'Pizza night!',
        photoUrl: '/api/photos/p1',
        date: e.metadata.timestamp,
        commentCount: 0,
        position: e.position,
      } satisfies AnnouncementDoc,
    ]);
    expect(contents[collections.comments]).toEqual([]);
  });

  it("adds comments to the post's thread, each with the post's family, and counts them once even when replayed", async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    log.add('announcement-a1', 'AnnouncementPosted', post('a1', 'Pizza night!'));
    log.add('announcement-a2', 'AnnouncementPosted', post('a2', 'Dentist on Monday'));
    const c1 = log.add('announcement-a1', 'CommentAdded', { commentId: 'c1', announcementId: 'a1', authorId: 'kid', content: 'Yay!' }, { actorId: 'kid' });
    const c2 = log.add('announcement-a1', 'CommentAdded', { commentId: 'c2', announcementId: 'a1', authorId: 'dad', content: 'Pepperoni' }, { actorId: 'dad' });
    const contents = await run(log);
    const posts = contents[collections.announcements] as unknown as AnnouncementDoc[];
    expect(posts.map((p) => [p.id, p.commentCount])).toEqual([
      ['a1', 2],
      ['a2', 0],
    ]);
    expect(contents[collections.comments]).toEqual([
      { id: 'c1', familyId: 'fam-1', announcementId: 'a1', authorId: 'kid', content: 'Yay!', date: c1.metadata.timestamp, position: c1.position },
      { id: 'c2', familyId: 'fam-1', announcementId: 'a1', authorId: 'dad', content: 'Pepperoni', date: c2.metadata.timestamp, position: c2.position },
    ] satisfies CommentDoc[]);
  });

  it('keeps two families apart: every row carries its own family', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    log.add('announcement-a1', 'AnnouncementPosted', post('a1', 'Ours'));
    log.add('announcement-b1', 'AnnouncementPosted', post('b1', 'Theirs', { familyId: 'fam-2', authorId: 'eve' }), { familyId: 'fam-2', actorId: 'eve' });
    log.add('announcement-b1', 'CommentAdded', { commentId: 'cb', announcementId: 'b1', authorId: 'zoe', content: 'Hi' }, { familyId: 'fam-2', actorId: 'zoe' });
    const contents = await run(log);
    expect((contents[collections.announcements] as unknown as AnnouncementDoc[]).map((p) => [p.id, p.familyId])).toEqual([
      ['a1', 'fam-1'],
      ['b1', 'fam-2'],
    ]);
    expect((contents[collections.comments] as unknown as CommentDoc[]).map((c) => [c.id, c.familyId])).toEqual([['cb', 'fam-2']]);
  });

  it('ignores a comment whose post it never saw, and every other event', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    log.add('announcement-zz', 'CommentAdded', { commentId: 'c9', announcementId: 'zz', authorId: 'kid', content: 'Orphan' });
    log.add('family-fam-1', 'FamilyRenamed', { name: 'Smiths' });
    const contents = await run(log);
    expect(contents[collections.announcements]).toEqual([]);
    expect(contents[collections.comments]).toEqual([]);
  });
});
