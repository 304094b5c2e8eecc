import { EventLog } from '@familyos/testing';
import { auditLogOf, joined } from './testing/audit-log.js';

/** The audit sentences for the announcements board and photo uploads (the rest: audit.projection.spec.ts). */

describe('audit sentences for announcements, comments and photos', () => {
  it('names who posted, commented or uploaded, quoting their words on one line, cut near 60 characters', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    joined(log, 'mom', 'Mom', 'admin');
    joined(log, 'kid', 'Kid', 'child');
    const long = 'Pizza night on Friday! Everyone picks one topping and we bake at seven, then a movie.';
    log.add('photo-p1', 'PhotoUploaded', { photoId: 'p1', familyId: 'fam-1', uploadedBy: 'kid', contentType: 'image/png', size: 67, sha256: 'f'.repeat(64) }, { actorId: 'kid' });
    log.add('announcement-a1', 'AnnouncementPosted', { announcementId: 'a1', familyId: 'fam-1', authorId: 'mom', content: long, photoUrl: null });
    log.add('announcement-a2', 'AnnouncementPosted', { announcementId: 'a2', familyId: 'fam-1', authorId: 'kid', content: 'Look at my\ndrawing', photoUrl: '/api/photos/p1' }, { actorId: 'kid' });
    log.add('announcement-a1', 'CommentAdded', { commentId: 'c1', announcementId: 'a1', authorId: 'kid', content: 'Yay! 🍕' }, { actorId: 'kid' });

    const rows = (await auditLogOf(log.events)).slice(2);
    expect(rows.map((r) => [r.action, r.actorId, r.summary])).toEqual([
      ['photo_uploaded', 'kid', 'Kid uploaded a photo'],
      ['announcement_posted', 'mom', 'Mom posted an announcement: "Pizza night on Friday! Everyone picks one topping and we…"'],
      ['announcement_posted', 'kid', 'Kid posted an announcement with a photo: "Look at my drawing"'],
      ['comment_added', 'kid', 'Kid commented on an announcement: "Yay! 🍕"'],
    ]);
    expect([...'Pizza night on Friday! Everyone picks one topping and we…'].length).toBeLessThanOrEqual(60);
  });

  it('cuts a long run without spaces at 59 characters plus an ellipsis, never inside an emoji', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    log.add('announcement-a1', 'AnnouncementPosted', { announcementId: 'a1', familyId: 'fam-1', authorId: 'mom', content: '🎉'.repeat(80), photoUrl: null });
    const [row] = await auditLogOf(log.events);
    expect(row!.summary).toBe(`someone posted an announcement: "${'🎉'.repeat(59)}…"`);
  });

  it('names who edited or deleted what: an author "deleted their", an admin "removed Kid\'s", each by its last words', async () => {
    const log = new EventLog({ familyId: 'fam-1', actorId: 'mom' });
    joined(log, 'mom', 'Mom', 'admin');
    joined(log, 'kid', 'Kid', 'child');
    const asKid = { actorId: 'kid' };
    log.add('announcement-a1', 'AnnouncementPosted', { announcementId: 'a1', familyId: 'fam-1', authorId: 'kid', content: 'Look at my drawing', photoUrl: null }, asKid);
    log.add('announcement-a1', 'AnnouncementEdited', { announcementId: 'a1', content: 'Look at my new drawing' }, asKid);
    log.add('announcement-a1', 'CommentAdded', { commentId: 'c1', announcementId: 'a1', authorId: 'kid', content: 'I like it' }, asKid);
    log.add('announcement-a1', 'CommentEdited', { commentId: 'c1', announcementId: 'a1', content: 'I love it' }, asKid);
    log.add('announcement-a1', 'CommentAdded', { commentId: 'c2', announcementId: 'a1', authorId: 'mom', content: 'Beautiful!' });
    log.add('announcement-a1', 'CommentDeleted', { commentId: 'c1', announcementId: 'a1', authorId: 'kid' });
    log.add('announcement-a1', 'CommentDeleted', { commentId: 'c2', announcementId: 'a1', authorId: 'mom' });
    log.add('announcement-a2', 'AnnouncementPosted', { announcementId: 'a2', familyId: 'fam-1', authorId: 'kid', content: 'No homework today!', photoUrl: null }, asKid);
    log.add('announcement-a2', 'AnnouncementDeleted', { announcementId: 'a2', authorId: 'kid' });
    log.add('announcement-a1', 'AnnouncementDeleted', { announcementId: 'a1', authorId: 'kid' }, asKid);

    const rows = (await auditLogOf(log.events)).slice(2);
    expect(rows.map((r) => [r.action, r.summary])).toEqual([
      ['announcement_posted', 'Kid posted an announcement: "Look at my drawing"'],
      ['announcement_edited', 'Kid edited their announcement: "Look at my new drawing"'],
      ['comment_added', 'Kid commented on an announcement: "I like it"'],
      ['comment_edited', 'Kid edited their comment: "I love it"'],
      ['comment_added', 'Mom commented on an announcement: "Beautiful!"'],
      ['comment_deleted', 'Mom removed Kid\'s comment "I love it"'],
      ['comment_deleted', 'Mom deleted their comment "Beautiful!"'],
      ['announcement_posted', 'Kid posted an announcement: "No homework today!"'],
      ['announcement_deleted', 'Mom removed Kid\'s announcement "No homework today!"'],
      ['announcement_deleted', 'Kid deleted their announcement "Look at my new drawing"'],
    ]);
  });
});
