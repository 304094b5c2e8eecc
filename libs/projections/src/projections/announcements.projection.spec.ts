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
        editedAt: null,
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
      { id: 'c1', familyId: 'fam-1', announcementId: 'a1', authorId: 'kid', content: 'Yay!', date: c1.metadata.timestamp, editedAt: null, position: c1.position },
      { id: 'c2', familyId: 'fam-1', announcementId: 'a1', authorId: 'dad', content: 'Pepperoni', date: c2.metadata.timestamp, editedAt: null, position: c2.position },
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

  it('an edited post and an edited comment carry the new text and when it last changed; the post keeps its date and place', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    const posted = log.add('announcement-a1', 'AnnouncementPosted', post('a1', 'Pizza on Friday'));
    log.add('announcement-a1', 'CommentAdded', { commentId: 'c1', announcementId: 'a1', authorId: 'kid', content: 'Yay' }, { actorId: 'kid' });
    log.add('announcement-a1', 'AnnouncementEdited', { announcementId: 'a1', content: 'Pizza on Saturday' });
    const second = log.add('announcement-a1', 'AnnouncementEdited', { announcementId: 'a1', content: 'Pizza on Sunday' });
    const reply = log.add('announcement-a1', 'CommentEdited', { commentId: 'c1', announcementId: 'a1', content: 'Yay, Sunday!' }, { actorId: 'kid' });
    const contents = await run(log);
    const [doc] = contents[collections.announcements] as unknown as AnnouncementDoc[];
    expect(doc).toMatchObject({ content: 'Pizza on Sunday', editedAt: second.metadata.timestamp, date: posted.metadata.timestamp, position: posted.position, commentCount: 1 });
    const [comment] = contents[collections.comments] as unknown as CommentDoc[];
    expect(comment).toMatchObject({ content: 'Yay, Sunday!', editedAt: reply.metadata.timestamp });
    expect(comment!.date).not.toBe(comment!.editedAt);
  });

  it('a deleted comment leaves its thread and the count; a deleted post leaves with its whole thread, photo and all', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    log.add('announcement-a1', 'AnnouncementPosted', post('a1', 'With a photo', { photoUrl: '/api/photos/p1' }));
    log.add('announcement-a2', 'AnnouncementPosted', post('a2', 'Stays'));
    for (const [commentId, announcementId] of [['c1', 'a1'], ['c2', 'a1'], ['c3', 'a2'], ['c4', 'a2']] as const) {
      log.add(`announcement-${announcementId}`, 'CommentAdded', { commentId, announcementId, authorId: 'kid', content: commentId }, { actorId: 'kid' });
    }
    log.add('announcement-a2', 'CommentDeleted', { commentId: 'c3', announcementId: 'a2', authorId: 'kid' }, { actorId: 'kid' });
    log.add('announcement-a1', 'AnnouncementDeleted', { announcementId: 'a1', authorId: 'mom' });
    const contents = await run(log);
    expect((contents[collections.announcements] as unknown as AnnouncementDoc[]).map((p) => [p.id, p.commentCount])).toEqual([['a2', 1]]);
    expect((contents[collections.comments] as unknown as CommentDoc[]).map((c) => c.id)).toEqual(['c4']);
    expect(JSON.stringify(contents)).not.toContain('/api/photos/p1');
  });

  it("deleting one family's post leaves another family's thread alone", async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    log.add('announcement-a1', 'AnnouncementPosted', post('a1', 'Ours'));
    log.add('announcement-a1', 'CommentAdded', { commentId: 'c1', announcementId: 'a1', authorId: 'kid', content: 'Ours' }, { actorId: 'kid' });
    log.add('announcement-b1', 'AnnouncementPosted', post('b1', 'Theirs', { familyId: 'fam-2', authorId: 'eve' }), { familyId: 'fam-2', actorId: 'eve' });
    log.add('announcement-b1', 'CommentAdded', { commentId: 'cb', announcementId: 'b1', authorId: 'zoe', content: 'Theirs' }, { familyId: 'fam-2', actorId: 'zoe' });
    log.add('announcement-a1', 'AnnouncementDeleted', { announcementId: 'a1', authorId: 'mom' });
    const contents = await run(log);
    expect((contents[collections.announcements] as unknown as AnnouncementDoc[]).map((p) => p.id)).toEqual(['b1']);
    expect((contents[collections.comments] as unknown as CommentDoc[]).map((c) => c.id)).toEqual(['cb']);
  });

  it('ignores an edit or a deletion of a post or comment it never saw', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    log.add('announcement-zz', 'AnnouncementEdited', { announcementId: 'zz', content: 'Ghost' });
    log.add('announcement-zz', 'CommentEdited', { commentId: 'c9', announcementId: 'zz', content: 'Ghost' });
    log.add('announcement-zz', 'CommentDeleted', { commentId: 'c9', announcementId: 'zz', authorId: 'kid' });
    log.add('announcement-zz', 'AnnouncementDeleted', { announcementId: 'zz', authorId: 'mom' });
    const contents = await run(log);
    expect(contents[collections.announcements]).toEqual([]);
    expect(contents[collections.comments]).toEqual([]);
  });
});
