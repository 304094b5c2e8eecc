import type { AnnouncementEvent, AnnouncementPosted } from '@familyos/events';
import { messages } from '@familyos/contracts/rules';
import { deciderSpec } from '@familyos/testing';
import type { Actor } from '../shared/actor.js';
import { DomainError } from '../shared/errors.js';
import { postAbilities } from '../shared/policy.js';
import { announcementDecider, type AnnouncementCommand, type PhotoFacts } from './announcement.decider.js';

type Post = Extract<AnnouncementCommand, { type: 'PostAnnouncement' }>;

/** A refusal message must be exactly this text, not merely contain it. */
const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

const FAMILY = 'family-1';
const MAX_ANNOUNCEMENT = 500;
const MAX_COMMENT = 300;
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

  describe('EditAnnouncement', () => {
    const edit = (actor: Actor, content: string): AnnouncementCommand => ({ type: 'EditAnnouncement', actor, content });
    const edited = (content: string): AnnouncementEvent => ({ type: 'AnnouncementEdited', data: { announcementId: 'a1', content } });

    it('the author edits their own post, trimmed', () => {
      spec.given([posted({ authorId: 'emma' })]).when(edit(emma, '  Pizza on Saturday instead!  ')).then([edited('Pizza on Saturday instead!')]);
    });

    it.each([
      ['an admin', mom],
      ['a manager', dad],
      ['another child', { id: 'leo', role: 'child', familyId: FAMILY } satisfies Actor],
      ['a superuser of the family', famRoot],
    ])("%s may not edit someone else's post (403, nothing appended)", (_who, actor) => {
      spec.given([posted({ authorId: 'emma' })]).when(edit(actor, 'Changed')).thenRefuses('forbidden', exactly(messages.announcementEditForbidden));
    });

    it('a child may not edit a parent\'s post (403)', () => {
      spec.given([posted()]).when(edit(emma, 'Ice cream for everyone')).thenRefuses('forbidden', exactly(messages.announcementEditForbidden));
    });

    it('keeps SPEC §5\'s limits and messages: 1 to 500 characters', () => {
      spec.given([posted()]).when(edit(mom, ' \n ')).thenRefuses('invalid', exactly(messages.announcementRequired));
      spec.given([posted()]).when(edit(mom, 'x'.repeat(MAX_ANNOUNCEMENT + 1))).thenRefuses('invalid', exactly(messages.announcementTooLong));
      spec.given([posted()]).when(edit(mom, 'x'.repeat(MAX_ANNOUNCEMENT))).then([edited('x'.repeat(MAX_ANNOUNCEMENT))]);
    });

    it('a repeat (the post already says it) appends nothing', () => {
      spec.given([posted(), edited('Pizza on Saturday')]).when(edit(mom, ' Pizza on Saturday ')).thenNothing();
      spec.given([posted()]).when(edit(mom, 'Pizza night on Friday!')).thenNothing();
    });

    it('edits again after an edit', () => {
      spec.given([posted(), edited('Saturday')]).when(edit(mom, 'Sunday')).then([edited('Sunday')]);
    });

    it.each([
      ['a deleted post', [posted(), { type: 'AnnouncementDeleted', data: { announcementId: 'a1', authorId: 'mom' } }] as AnnouncementEvent[], mom],
      ["another family's post", [posted()], eve],
      ['a post that does not exist', [], mom],
      ['a member without a family', [posted()], root],
    ])('answers "not found" for %s', (_label, given, actor) => {
      spec.given(given).when(edit(actor, 'Hello')).thenRefuses('not_found', exactly('Announcement not found'));
    });
  });

  describe('DeleteAnnouncement', () => {
    const remove = (actor: Actor): AnnouncementCommand => ({ type: 'DeleteAnnouncement', actor });
    const deleted = (authorId: string): AnnouncementEvent => ({ type: 'AnnouncementDeleted', data: { announcementId: 'a1', authorId } });

    it('the author deletes their own post', () => {
      spec.given([posted({ authorId: 'emma' })]).when(remove(emma)).then([deleted('emma')]);
      spec.given([posted({ authorId: 'dad' })]).when(remove(dad)).then([deleted('dad')]);
    });

    it.each([
      ['an admin', mom],
      ['a superuser of the family', famRoot],
    ])("%s removes anyone's post in the family", (_who, actor) => {
      spec.given([posted({ authorId: 'emma' }), commented('emma', 'Me too')]).when(remove(actor)).then([deleted('emma')]);
    });

    it.each([
      ['a manager (decision 030: managers remove only their own)', dad, posted({ authorId: 'emma' })],
      ["a child, a parent's post", emma, posted()],
      ["a child, another child's post", emma, posted({ authorId: 'leo' })],
    ])('refuses %s (403)', (_who, actor, given) => {
      spec.given([given]).when(remove(actor)).thenRefuses('forbidden', exactly(messages.announcementDeleteForbidden));
    });

    it('a repeat appends nothing', () => {
      spec.given([posted(), deleted('mom')]).when(remove(mom)).thenNothing();
    });

    it('a deleted post takes no more replies', () => {
      spec.given([posted(), deleted('mom')]).when(comment(emma, 'Hello?')).thenRefuses('not_found', exactly('Announcement not found'));
    });

    it.each([
      ["an admin of another family", eve],
      ['a member without a family', root],
    ])('answers "not found" to %s', (_label, actor) => {
      spec.given([posted()]).when(remove(actor)).thenRefuses('not_found', exactly('Announcement not found'));
    });
  });

  describe('EditComment and DeleteComment', () => {
    const editComment = (actor: Actor, content: string, commentId = 'c1'): AnnouncementCommand => ({ type: 'EditComment', actor, commentId, content });
    const deleteComment = (actor: Actor, commentId = 'c1'): AnnouncementCommand => ({ type: 'DeleteComment', actor, commentId });
    const commentEdited = (content: string, commentId = 'c1'): AnnouncementEvent => ({ type: 'CommentEdited', data: { commentId, announcementId: 'a1', content } });
    const commentDeleted = (authorId: string, commentId = 'c1'): AnnouncementEvent => ({ type: 'CommentDeleted', data: { commentId, announcementId: 'a1', authorId } });
    const thread = [posted(), commented('emma', 'Yay!')];

    it('the author edits their own comment, trimmed, within SPEC §5\'s 1 to 300', () => {
      spec.given(thread).when(editComment(emma, ' Yay, pepperoni! ')).then([commentEdited('Yay, pepperoni!')]);
      spec.given(thread).when(editComment(emma, '   ')).thenRefuses('invalid', exactly(messages.commentEmpty));
      spec.given(thread).when(editComment(emma, 'y'.repeat(MAX_COMMENT + 1))).thenRefuses('invalid', exactly(messages.commentTooLong));
    });

    it.each([
      ['the admin who wrote the post', mom],
      ['a manager', dad],
    ])("%s may not edit a child's comment (403)", (_who, actor) => {
      spec.given(thread).when(editComment(actor, 'Changed')).thenRefuses('forbidden', exactly(messages.commentEditForbidden));
    });

    it("a child may not edit or delete a parent's comment (403)", () => {
      const parents = [posted(), commented('mom', 'Bring plates', 'c2')];
      spec.given(parents).when(editComment(emma, 'No plates', 'c2')).thenRefuses('forbidden', exactly(messages.commentEditForbidden));
      spec.given(parents).when(deleteComment(emma, 'c2')).thenRefuses('forbidden', exactly(messages.commentDeleteForbidden));
    });

    it('the author deletes their own comment; an admin removes anyone\'s; a manager does not', () => {
      spec.given(thread).when(deleteComment(emma)).then([commentDeleted('emma')]);
      spec.given(thread).when(deleteComment(mom)).then([commentDeleted('emma')]);
      spec.given(thread).when(deleteComment(dad)).thenRefuses('forbidden', exactly(messages.commentDeleteForbidden));
    });

    it('repeats append nothing', () => {
      spec.given([...thread, commentEdited('Pepperoni')]).when(editComment(emma, 'Pepperoni')).thenNothing();
      spec.given([...thread, commentDeleted('emma')]).when(deleteComment(emma)).thenNothing();
    });

    it.each([
      ['a comment that does not exist', thread, editComment(emma, 'Hi', 'c9'), 'Comment not found'],
      ['a deleted comment (edit)', [...thread, commentDeleted('emma')], editComment(emma, 'Hi'), 'Comment not found'],
      ['a comment of a deleted post', [...thread, { type: 'AnnouncementDeleted', data: { announcementId: 'a1', authorId: 'mom' } } as AnnouncementEvent], deleteComment(emma), 'Announcement not found'],
      ["another family's comment", thread, deleteComment(zoe), 'Announcement not found'],
    ])('answers "not found" for %s', (_label, given, command, message) => {
      spec.given(given).when(command).thenRefuses('not_found', exactly(message));
    });
  });

  describe('`can` says exactly what the decider accepts', () => {
    const leo: Actor = { id: 'leo', role: 'child', familyId: FAMILY };
    const actors: Array<[string, Actor]> = [
      ['admin', mom],
      ['manager', dad],
      ['child', emma],
      ['superuser of the family', famRoot],
      ['other child', leo],
      ['admin of another family', eve],
    ];
    const authors = [mom, dad, emma, famRoot];
    const accepts = (given: AnnouncementEvent[], command: AnnouncementCommand): boolean => {
      try {
        return announcementDecider.decide(command, spec.given(given).state).length > 0;
      } catch (error) {
        if (error instanceof DomainError && ['forbidden', 'not_found'].includes(error.code)) return false;
        throw error;
      }
    };
    const cases = authors.flatMap((author) => actors.map(([label, actor]) => [`${label} on a post by ${author.id}`, actor, author] as const));

    it.each(cases)('announcement: %s', (_label, actor, author) => {
      const given = [posted({ authorId: author.id })];
      const can = postAbilities(actor, { familyId: FAMILY, authorId: author.id });
      expect({
        edit: accepts(given, { type: 'EditAnnouncement', actor, content: 'Edited words' }),
        delete: accepts(given, { type: 'DeleteAnnouncement', actor }),
      }).toEqual(can);
    });

    it.each(cases)('comment: %s', (_label, actor, author) => {
      const given = [posted({ authorId: 'leo' }), commented(author.id, 'First words')];
      const can = postAbilities(actor, { familyId: FAMILY, authorId: author.id });
      expect({
        edit: accepts(given, { type: 'EditComment', actor, commentId: 'c1', content: 'Edited words' }),
        delete: accepts(given, { type: 'DeleteComment', actor, commentId: 'c1' }),
      }).toEqual(can);
    });

    it('an author edits and deletes; an admin deletes anyone\'s; nobody else does anything (the table the cases prove)', () => {
      expect(postAbilities(emma, { familyId: FAMILY, authorId: 'emma' })).toEqual({ edit: true, delete: true });
      expect(postAbilities(mom, { familyId: FAMILY, authorId: 'emma' })).toEqual({ edit: false, delete: true });
      expect(postAbilities(famRoot, { familyId: FAMILY, authorId: 'emma' })).toEqual({ edit: false, delete: true });
      expect(postAbilities(dad, { familyId: FAMILY, authorId: 'emma' })).toEqual({ edit: false, delete: false });
      expect(postAbilities(leo, { familyId: FAMILY, authorId: 'emma' })).toEqual({ edit: false, delete: false });
      expect(postAbilities(eve, { familyId: FAMILY, authorId: 'eve' })).toEqual({ edit: false, delete: false });
    });
  });
});
