import type { AnnouncementEvent, AnnouncementPosted } from '@familyos/events';
import { messages } from '@familyos/contracts/rules';
import { deciderSpec } from '@familyos/testing';
import type { Actor } from '../shared/actor.js';
import { announcementDecider, type AnnouncementCommand, type PhotoFacts } from './announcement.decider.js';

type Post = Extract<AnnouncementCommand, { type: 'PostAnnouncement' }>;

/** A refusal message must be exactly this text, not merely contain it. */
const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

const FAMILY = 'family-1';
const OTHER_FAMILY = 'family-2';
const PHOTO = '0b7c3a52-4c1e-4c55-9a57-2f0f8a1e6b11';
const FOREIGN_PHOTO = '5d2a0f3e-8b4c-4e1f-a3c2-9e8d7c6b5a40';

const mom: Actor = { id: 'mom', role: 'admin', familyId: FAMILY };
const dad: Actor = { id: 'dad', role: 'manager', familyId: FAMILY };
const emma: Actor = { id: 'emma', role: 'child', familyId: FAMILY };
const famRoot: Actor = { id: 'fam-root', role: 'superuser', familyId: FAMILY };
const root: Actor = { id: 'root', role: 'superuser', familyId: null };
const eve: Actor = { id: 'eve', role: 'admin', familyId: OTHER_FAMILY };
const zoe: Actor = { id: 'zoe', role: 'child', familyId: OTHER_FAMILY };

const spec = deciderSpec(announcementDecider);

const ownPhoto: PhotoFacts = { photoId: PHOTO, exists: true, familyId: FAMILY };

function post(overrides: Partial<Post> = {}): Post {
  return {
    type: 'PostAnnouncement',
    actor: mom,
    announcementId: 'a1',
    content: 'Pizza night on Friday!',
    photoUrl: null,
    photo: null,
    ...overrides,
  };
}

function posted(overrides: Partial<AnnouncementPosted['data']> = {}): AnnouncementEvent {
  return {
    type: 'AnnouncementPosted',
    data: { announcementId: 'a1', familyId: FAMILY, authorId: 'mom', content: 'Pizza night on Friday!', photoUrl: null, ...overrides },
  };
}

const comment = (actor: Actor, content: string, commentId = 'c1'): AnnouncementCommand => ({ type: 'AddComment', actor, commentId, content });
const commented = (authorId: string, content: string, commentId = 'c1'): AnnouncementEvent => ({
  type: 'CommentAdded',
  data: { commentId, announcementId: 'a1', authorId, content },
});

describe('announcement decider', () => {
  describe('PostAnnouncement', () => {
    it.each([
      ['an admin', mom],
      ['a manager', dad],
      ['a child', emma],
      ['a superuser of the family', famRoot],
    ])('%s posts, as its author (SPEC §6: any logged-in member)', (_who, actor) => {
      spec.given([]).when(post({ actor })).then([posted({ authorId: actor.id })]);
    });

    it('trims the content', () => {
      spec.given([]).when(post({ content: '  \n Pizza night on Friday!\t ' })).then([posted()]);
    });

    it.each([
      ['empty', ''],
      ['whitespace only', ' \n\t  '],
    ])('refuses %s content with SPEC §5 message', (_label, content) => {
      spec.given([]).when(post({ content })).thenRefuses('invalid', exactly(messages.announcementRequired));
    });

    it('accepts exactly 500 characters and refuses 501', () => {
      spec.given([]).when(post({ content: 'x'.repeat(500) })).then([posted({ content: 'x'.repeat(500) })]);
      spec.given([]).when(post({ content: 'x'.repeat(501) })).thenRefuses('invalid', exactly(messages.announcementTooLong));
    });

    it('counts an emoji as one character, as the form and the DTO do', () => {
      const content = '🍕'.repeat(500);
      spec.given([]).when(post({ content })).then([posted({ content })]);
    });

    it('refuses a member without a family', () => {
      spec.given([]).when(post({ actor: root })).thenRefuses('not_found');
    });

    it('attaches a photo this family uploaded, stored as its canonical URL', () => {
      spec
        .given([])
        .when(post({ photoUrl: ` /api/photos/${PHOTO} `, photo: ownPhoto }))
        .then([posted({ photoUrl: `/api/photos/${PHOTO}` })]);
    });

    it('treats an empty photoUrl as no photo', () => {
      spec.given([]).when(post({ photoUrl: '  ' })).then([posted()]);
    });

    it.each<[string, string, PhotoFacts | null]>([
      ['an address elsewhere', 'https://example.invalid/cat.png', null],
      ['a photo URL with a path trick', `/api/photos/../photos/${PHOTO}`, ownPhoto],
    ])('refuses %s with 400 (messages.photoUrl): not a photo address', (_label, photoUrl, photo) => {
      spec.given([]).when(post({ photoUrl, photo })).thenRefuses('invalid', exactly(messages.photoUrl));
    });

    it.each<[string, string, PhotoFacts | null]>([
      ["another family's photo", `/api/photos/${FOREIGN_PHOTO}`, { photoId: FOREIGN_PHOTO, exists: true, familyId: OTHER_FAMILY }],
      ['a photo id that was never uploaded', `/api/photos/${PHOTO}`, { photoId: PHOTO, exists: false, familyId: null }],
      ['facts about a different photo than the URL names', `/api/photos/${FOREIGN_PHOTO}`, ownPhoto],
      ['a URL the handler found no facts for', `/api/photos/${PHOTO}`, null],
    ])('refuses %s as not found (messages.photoUrl), like any id outside the family', (_label, photoUrl, photo) => {
      spec.given([]).when(post({ photoUrl, photo })).thenRefuses('not_found', exactly(messages.photoUrl));
    });

    it('posts once: deciding again on an existing stream adds nothing', () => {
      spec.given([posted()]).when(post()).thenNothing();
    });
  });

  describe('AddComment', () => {
    it.each([
      ['the author', mom],
      ['a manager', dad],
      ['a child', emma],
      ['a superuser of the family', famRoot],
    ])('%s replies, as the comment author', (_who, actor) => {
      spec.given([posted()]).when(comment(actor, 'Yay!')).then([commented(actor.id, 'Yay!')]);
    });

    it('trims the comment', () => {
      spec.given([posted()]).when(comment(emma, '  Yay!  ')).then([commented('emma', 'Yay!')]);
    });

    it.each([
      ['empty', ''],
      ['whitespace only', '   \n '],
    ])('refuses an %s comment with "Comment cannot be empty"', (_label, content) => {
      spec.given([posted()]).when(comment(emma, content)).thenRefuses('invalid', exactly('Comment cannot be empty'));
    });

    it('accepts 300 characters and refuses 301 with "Comment must be less than 300 characters"', () => {
      spec.given([posted()]).when(comment(emma, 'y'.repeat(300))).then([commented('emma', 'y'.repeat(300))]);
      spec.given([posted()]).when(comment(emma, 'y'.repeat(301))).thenRefuses('invalid', exactly('Comment must be less than 300 characters'));
    });

    it.each([
      ['an admin of another family', eve],
      ['a child of another family', zoe],
      ['a member without a family', root],
    ])('answers "not found" to %s', (_label, actor) => {
      spec.given([posted()]).when(comment(actor, 'Hello')).thenRefuses('not_found', exactly('Announcement not found'));
    });

    it('answers "not found" for an announcement that does not exist', () => {
      spec.given([]).when(comment(mom, 'Hello')).thenRefuses('not_found', exactly('Announcement not found'));
    });

    it('keeps a thread: later comments are added after earlier ones', () => {
      spec
        .given([posted(), commented('emma', 'First', 'c1')])
        .when(comment(dad, 'Second', 'c2'))
        .then([commented('dad', 'Second', 'c2')]);
    });

    it('adds a comment once: the same comment decided again adds nothing', () => {
      spec.given([posted(), commented('emma', 'Yay!', 'c1')]).when(comment(emma, 'Yay!', 'c1')).thenNothing();
    });
  });
});
