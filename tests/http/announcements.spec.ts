import { messages } from '@familyos/contracts';
import { ApiClient, type ApiResponse } from '../support/api-client.js';
import { createFamily, uniqueName, type Family, type Member } from '../support/factories.js';
import { ONE_PIXEL_PNG, photoForm } from '../support/images.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * SPEC §2 Announcements page, §3 Announcement/Comment, §5 their messages, §6 "any logged-in user can post
 * announcements and comments", §7 the four calls; DESIGN §6: another family sees none of it (404).
 */

const SUPERUSER = { username: 'root', password: 'superpassword1' };
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('announcements and their comment threads over HTTP', () => {
  let server: TestServer;
  let ayes: Family;
  let bees: Family;
  let root: ApiClient;
  let anonymous: ApiClient;

  beforeAll(async () => {
    server = await startTestServer({ env: { FAMILYOS_SUPERUSER: `${SUPERUSER.username}:${SUPERUSER.password}` } });
    [ayes, bees] = await Promise.all([createFamily(server.url, { familyName: 'The Ayes' }), createFamily(server.url, { familyName: 'The Bees' })]);
    anonymous = new ApiClient(server.url);
    root = await anonymous.login(SUPERUSER.username, SUPERUSER.password);
  });
  afterAll(() => server.close());

  const membersOf = (family: Family): Array<[string, Member]> => [
    ['admin', family.admin],
    ['manager', family.manager],
    ['child', family.kids[0]],
  ];

  const post = async (member: Member, content = uniqueName('News ')): Promise<any> => {
    const res = await member.client.post('/api/announcements', { content });
    expect(res.status).toBe(201);
    return res.body;
  };
  const userOf = async (member: Member) => (await member.client.get(`/api/users/${member.id}`)).body;
  const expectError = (res: ApiResponse, status: number, message: string, field?: string) => {
    expect({ status: res.status, error: res.body?.error }).toEqual({ status, error: message });
    if (field) expect(res.body.details).toEqual([{ field, message }]);
  };

  describe('who may post and reply (SPEC §6: any logged-in member of the family)', () => {
    it.each(['admin', 'manager', 'child'] as const)('the %s posts: 201 with itself as author, its role for the badge, no comments yet', async (role) => {
      const member = membersOf(ayes).find(([r]) => r === role)![1];
      const me = await userOf(member);
      const content = uniqueName(`Hello from the ${role} `);
      const res = await member.client.post('/api/announcements', { content: `  ${content}\n`, authorId: ayes.admin.id === member.id ? ayes.manager.id : ayes.admin.id });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.any(String),
        // The author is the signed-in member, never a body field.
        authorId: member.id,
        author: { id: member.id, username: member.username, name: me.name, role, avatar: me.avatar },
        authorRole: role,
        content,
        photoUrl: null,
        date: expect.stringMatching(ISO),
        editedAt: null,
        commentCount: 0,
        // Its author may edit and delete it.
        can: { edit: true, delete: true },
      });
      const list = await member.client.get('/api/announcements');
      expect(list.body.find((a: any) => a.id === res.body.id)).toEqual(res.body);
    });

    it.each(['admin', 'manager', 'child'] as const)('the %s replies: 201 with the comment, listed in the thread', async (role) => {
      const member = membersOf(ayes).find(([r]) => r === role)![1];
      const announcement = await post(ayes.admin);
      const res = await member.client.post(`/api/announcements/${announcement.id}/comments`, { content: '  Sounds good!  ', authorId: 'someone-else' });
      expect(res.status).toBe(201);
      const me = await userOf(member);
      expect(res.body).toEqual({
        id: expect.any(String),
        announcementId: announcement.id,
        authorId: member.id,
        author: { id: member.id, username: member.username, name: me.name, role, avatar: me.avatar },
        content: 'Sounds good!',
        date: expect.stringMatching(ISO),
        editedAt: null,
        can: { edit: true, delete: true },
      });
      const thread = await member.client.get(`/api/announcements/${announcement.id}/comments`);
      expect(thread.status).toBe(200);
      expect(thread.body).toEqual([res.body]);
      // Another child sees the same reply, with nothing it may do to it.
      const other = await ayes.kids[1].client.get(`/api/announcements/${announcement.id}/comments`);
      expect(other.body).toEqual([{ ...res.body, can: { edit: false, delete: false } }]);
    });

    it('a superuser without a family has no board: 404 on every route, nothing posted', async () => {
      const announcement = await post(ayes.admin);
      for (const res of [
        await root.get('/api/announcements'),
        await root.post('/api/announcements', { content: 'From nowhere' }),
        await root.get(`/api/announcements/${announcement.id}/comments`),
        await root.post(`/api/announcements/${announcement.id}/comments`, { content: 'From nowhere' }),
        await root.put(`/api/announcements/${announcement.id}`, { content: 'From nowhere' }),
        await root.delete(`/api/announcements/${announcement.id}`),
      ]) {
        expectError(res, 404, 'Family not found');
      }
      const list = await ayes.admin.client.get('/api/announcements');
      expect(JSON.stringify(list.body)).not.toContain('From nowhere');
      expect((await ayes.admin.client.get(`/api/announcements/${announcement.id}/comments`)).body).toEqual([]);
    });

    it('without a session every route is 401', async () => {
      const announcement = await post(ayes.admin);
      for (const res of [
        await anonymous.get('/api/announcements'),
        await anonymous.post('/api/announcements', { content: 'Anonymous' }),
        await anonymous.get(`/api/announcements/${announcement.id}/comments`),
        await anonymous.post(`/api/announcements/${announcement.id}/comments`, { content: 'Anonymous' }),
        await anonymous.put(`/api/announcements/${announcement.id}`, { content: 'Anonymous' }),
        await anonymous.delete(`/api/announcements/${announcement.id}`),
        await anonymous.put(`/api/announcements/${announcement.id}/comments/c1`, { content: 'Anonymous' }),
        await anonymous.delete(`/api/announcements/${announcement.id}/comments/c1`),
      ]) {
        expectError(res, 401, messages.signInRequired);
      }
      expect((await ayes.admin.client.get(`/api/announcements/${announcement.id}/comments`)).body).toEqual([]);
    });
  });

  describe('order and shape', () => {
    it("lists the family's board newest first with each author's role, and threads oldest first with a count", async () => {
      const family = await createFamily(server.url);
      const first = await post(family.kids[0], 'First: from a child');
      const second = await post(family.manager, 'Second: from the manager');
      const third = await post(family.admin, 'Third: from the admin');
      const list = await family.kids[1].client.get('/api/announcements');
      expect(list.status).toBe(200);
      expect(list.body.map((a: any) => [a.id, a.content, a.authorRole, a.author.role])).toEqual([
        [third.id, 'Third: from the admin', 'admin', 'admin'],
        [second.id, 'Second: from the manager', 'manager', 'manager'],
        [first.id, 'First: from a child', 'child', 'child'],
      ]);
      expect(list.body.map((a: any) => a.author.name)).toEqual(['Pat Parent', 'Casey Carer', 'Ada']);

      const replies = ['one', 'two', 'three'];
      for (const [i, content] of replies.entries()) {
        const who = [family.kids[1], family.admin, family.kids[0]][i]!;
        expect((await who.client.post(`/api/announcements/${second.id}/comments`, { content })).status).toBe(201);
      }
      const thread = await family.manager.client.get(`/api/announcements/${second.id}/comments`);
      expect(thread.body.map((c: any) => [c.content, c.authorId])).toEqual([
        ['one', family.kids[1].id],
        ['two', family.admin.id],
        ['three', family.kids[0].id],
      ]);
      const after = await family.manager.client.get('/api/announcements');
      expect(after.body.map((a: any) => a.commentCount)).toEqual([0, 3, 0]);

      // The compact card's first three (SPEC §2), newest first.
      await post(family.admin, 'Fourth');
      const compact = await family.admin.client.get('/api/announcements?limit=3');
      expect(compact.body.map((a: any) => a.content)).toEqual(['Fourth', 'Third: from the admin', 'Second: from the manager']);
    });

    it('names the author as they are called now (a rename shows on old posts)', async () => {
      const family = await createFamily(server.url);
      const announcement = await post(family.kids[0], 'Before the rename');
      expect((await family.kids[0].client.put(`/api/users/${family.kids[0].id}`, { name: 'Ada Lovelace' })).status).toBe(200);
      const list = await family.admin.client.get('/api/announcements');
      expect(list.body.find((a: any) => a.id === announcement.id).author.name).toBe('Ada Lovelace');
    });
  });

  describe('SPEC §5 messages', () => {
    it.each([
      ['empty content', { content: '' }, messages.announcementRequired],
      ['whitespace-only content', { content: ' \n\t ' }, messages.announcementRequired],
      ['no content at all', {}, messages.announcementRequired],
      ['content that is not text', { content: 42 }, messages.announcementRequired],
      ['501 characters', { content: 'a'.repeat(501) }, messages.announcementTooLong],
    ])('an announcement with %s → 400', async (_label, body, message) => {
      const before = (await ayes.admin.client.get('/api/announcements')).body.length;
      expectError(await ayes.kids[0].client.post('/api/announcements', body), 400, message, 'content');
      expect((await ayes.admin.client.get('/api/announcements')).body.length).toBe(before);
    });

    it('the messages are SPEC §5 word for word', () => {
      expect(messages.announcementRequired).toBe('Announcement content is required');
      expect(messages.announcementTooLong).toBe('Announcement must be less than 500 characters');
      expect(messages.commentEmpty).toBe('Comment cannot be empty');
      expect(messages.commentTooLong).toBe('Comment must be less than 300 characters');
    });

    it('accepts exactly 500 characters', async () => {
      const res = await ayes.kids[0].client.post('/api/announcements', { content: 'b'.repeat(500) });
      expect(res.status).toBe(201);
      expect(res.body.content).toHaveLength(500);
    });

    it.each([
      ['empty', { content: '' }, 'Comment cannot be empty'],
      ['whitespace-only', { content: '   \n ' }, 'Comment cannot be empty'],
      ['missing', {}, 'Comment cannot be empty'],
      ['301 characters', { content: 'c'.repeat(301) }, 'Comment must be less than 300 characters'],
    ])('comment %s → 400', async (_label, body, message) => {
      const announcement = await post(ayes.admin);
      expectError(await ayes.kids[0].client.post(`/api/announcements/${announcement.id}/comments`, body), 400, message, 'content');
      expect((await ayes.admin.client.get(`/api/announcements/${announcement.id}/comments`)).body).toEqual([]);
    });

    it('accepts a comment of exactly 300 characters', async () => {
      const announcement = await post(ayes.admin);
      const res = await ayes.kids[0].client.post(`/api/announcements/${announcement.id}/comments`, { content: 'd'.repeat(300) });
      expect(res.status).toBe(201);
      expect(res.body.content).toHaveLength(300);
    });

    it('a comment on an announcement that does not exist → 404', async () => {
      expectError(await ayes.admin.client.post('/api/announcements/no-such-announcement/comments', { content: 'Hello?' }), 404, 'Announcement not found');
      expectError(await ayes.admin.client.get('/api/announcements/no-such-announcement/comments'), 404, 'Announcement not found');
    });
  });

  describe('two families (DESIGN §6: invisible to each other)', () => {
    it.each(['admin', 'manager', 'child'] as const)(
      "a Bee %s never sees the Ayes' board, cannot read or add to a thread (404), and the thread stays as it was",
      async (role) => {
        const announcement = await post(ayes.admin, uniqueName('Ayes only '));
        const reply = await ayes.kids[0].client.post(`/api/announcements/${announcement.id}/comments`, { content: 'Ayes reply' });
        expect(reply.status).toBe(201);
        const bee = membersOf(bees).find(([r]) => r === role)![1];

        const list = await bee.client.get('/api/announcements');
        expect(list.status).toBe(200);
        expect(list.body.map((a: any) => a.id)).not.toContain(announcement.id);
        expect(JSON.stringify(list.body)).not.toContain('Ayes only');
        expectError(await bee.client.get(`/api/announcements/${announcement.id}/comments`), 404, 'Announcement not found');
        expectError(await bee.client.post(`/api/announcements/${announcement.id}/comments`, { content: 'Bee was here' }), 404, 'Announcement not found');

        const thread = await ayes.admin.client.get(`/api/announcements/${announcement.id}/comments`);
        expect(thread.body.map((c: any) => c.content)).toEqual(['Ayes reply']);
        const ours = (await ayes.admin.client.get('/api/announcements')).body.find((a: any) => a.id === announcement.id);
        expect(ours.commentCount).toBe(1);
      },
    );

    it("each family's list holds only its own posts", async () => {
      const beePost = await post(bees.kids[0], uniqueName('Bees only '));
      const ayesList = (await ayes.admin.client.get('/api/announcements')).body;
      const beesList = (await bees.admin.client.get('/api/announcements')).body;
      expect(ayesList.map((a: any) => a.id)).not.toContain(beePost.id);
      expect(beesList.map((a: any) => a.id)).toContain(beePost.id);
      const ayesMembers = new Set((await ayes.admin.client.get('/api/users')).body.map((u: any) => u.id));
      expect(ayesList.every((a: any) => ayesMembers.has(a.authorId))).toBe(true);
    });
  });

  describe('photos on announcements', () => {
    const upload = async (member: Member): Promise<string> => {
      const res = await member.client.postForm('/api/upload-photo', photoForm(ONE_PIXEL_PNG));
      expect(res.status).toBe(201);
      return res.body.photoUrl;
    };

    it('posts with a photo the family uploaded', async () => {
      const photoUrl = await upload(ayes.kids[0]);
      const res = await ayes.manager.client.post('/api/announcements', { content: 'Look at this', photoUrl });
      expect(res.status).toBe(201);
      expect(res.body.photoUrl).toBe(photoUrl);
      const listed = (await ayes.kids[1].client.get('/api/announcements')).body.find((a: any) => a.id === res.body.id);
      expect(listed.photoUrl).toBe(photoUrl);
    });

    it.each([null, ''])('a photoUrl of %p is no photo', async (photoUrl) => {
      const res = await ayes.admin.client.post('/api/announcements', { content: 'No photo', photoUrl });
      expect(res.status).toBe(201);
      expect(res.body.photoUrl).toBeNull();
    });

    it("refuses another family's photo, an address elsewhere, an unknown photo id, or a non-text photoUrl", async () => {
      const beePhoto = await upload(bees.admin);
      // A photo this family never uploaded is 404, like every id outside the family; anything else is bad input.
      for (const [photoUrl, status] of [
        [beePhoto, 404],
        ['https://example.invalid/cat.png', 400],
        ['/api/photos/00000000-0000-4000-8000-000000000000', 404],
        [`${beePhoto}?x=1`, 400],
        [42, 400],
      ] as const) {
        const content = uniqueName('Refused photo ');
        expectError(await ayes.admin.client.post('/api/announcements', { content, photoUrl }), status, messages.photoUrl, 'photoUrl');
        expect(JSON.stringify((await ayes.admin.client.get('/api/announcements')).body)).not.toContain(content);
      }
    });
  });

  describe('authors edit and delete their own; an admin removes any (issue 18, decision 030)', () => {
    type Who = 'admin' | 'manager' | 'child' | 'other child';
    const WHO: Who[] = ['admin', 'manager', 'child', 'other child'];
    const memberOf = (family: Family, who: Who): Member =>
      who === 'admin' ? family.admin : who === 'manager' ? family.manager : who === 'child' ? family.kids[0] : family.kids[1];
    /** Decision 030: edit your own; delete your own, or anyone's as an admin. */
    const expected = (actor: Who, author: Who) => ({ edit: actor === author, delete: actor === author || actor === 'admin' });
    const auditCount = async (family: Family) => (await family.admin.client.get('/api/audit-logs')).body.length;
    const comment = async (member: Member, announcementId: string, content = uniqueName('Reply ')): Promise<any> => {
      const res = await member.client.post(`/api/announcements/${announcementId}/comments`, { content });
      expect(res.status).toBe(201);
      return res.body;
    };

    let family: Family;
    beforeAll(async () => {
      family = await createFamily(server.url);
    });

    const pairs = WHO.flatMap((author) => WHO.map((actor) => [actor, author] as const));

    it.each(pairs)("the %s on the %s's post: `can` says what PUT and DELETE then do", async (actor, author) => {
      const announcement = await post(memberOf(family, author));
      const client = memberOf(family, actor).client;
      const listed = (await client.get('/api/announcements')).body.find((a: any) => a.id === announcement.id);
      expect(listed.can).toEqual(expected(actor, author));

      const content = uniqueName('Edited ');
      const edit = await client.put(`/api/announcements/${announcement.id}`, { content });
      if (listed.can.edit) {
        expect(edit.status).toBe(200);
        expect(edit.body).toMatchObject({ id: announcement.id, content, date: announcement.date, editedAt: expect.stringMatching(ISO), can: listed.can });
      } else {
        expectError(edit, 403, messages.announcementEditForbidden);
      }
      const remove = await client.delete(`/api/announcements/${announcement.id}`);
      if (listed.can.delete) expect(remove.status).toBe(204);
      else expectError(remove, 403, messages.announcementDeleteForbidden);
      const after = (await family.admin.client.get('/api/announcements')).body.find((a: any) => a.id === announcement.id);
      expect(after === undefined).toBe(listed.can.delete);
      if (after) expect(after.content).toBe(listed.can.edit ? content : announcement.content);
    });

    it.each(pairs)("the %s on the %s's comment: `can` says what PUT and DELETE then do", async (actor, author) => {
      const announcement = await post(family.admin);
      const reply = await comment(memberOf(family, author), announcement.id);
      const client = memberOf(family, actor).client;
      const [listed] = (await client.get(`/api/announcements/${announcement.id}/comments`)).body;
      expect(listed.can).toEqual(expected(actor, author));

      const path = `/api/announcements/${announcement.id}/comments/${reply.id}`;
      const edit = await client.put(path, { content: 'Edited reply' });
      if (listed.can.edit) expect(edit.body).toMatchObject({ id: reply.id, content: 'Edited reply', editedAt: expect.stringMatching(ISO), can: listed.can });
      else expectError(edit, 403, messages.commentEditForbidden);
      const remove = await client.delete(path);
      if (listed.can.delete) expect(remove.status).toBe(204);
      else expectError(remove, 403, messages.commentDeleteForbidden);
      const thread = (await family.admin.client.get(`/api/announcements/${announcement.id}/comments`)).body;
      expect(thread.length).toBe(listed.can.delete ? 0 : 1);
    });

    it("a child editing or deleting a parent's post is refused (403) and the post stays as it was", async () => {
      const announcement = await post(family.admin, 'Dinner at six');
      const before = await auditCount(family);
      expectError(await family.kids[0].client.put(`/api/announcements/${announcement.id}`, { content: 'Dinner at nine' }), 403, messages.announcementEditForbidden);
      expectError(await family.kids[0].client.delete(`/api/announcements/${announcement.id}`), 403, messages.announcementDeleteForbidden);
      const listed = (await family.kids[0].client.get('/api/announcements')).body.find((a: any) => a.id === announcement.id);
      expect(listed).toMatchObject({ content: 'Dinner at six', editedAt: null, can: { edit: false, delete: false } });
      expect(await auditCount(family)).toBe(before);
    });

    it('an edit keeps SPEC §5: 1 to 500 for a post, 1 to 300 for a comment, with its messages; nothing changes', async () => {
      const announcement = await post(family.kids[0], 'Original words');
      const reply = await comment(family.kids[0], announcement.id, 'Original reply');
      const postPath = `/api/announcements/${announcement.id}`;
      const commentPath = `${postPath}/comments/${reply.id}`;
      for (const [path, body, message] of [
        [postPath, { content: '  ' }, messages.announcementRequired],
        [postPath, {}, messages.announcementRequired],
        [postPath, { content: 'a'.repeat(501) }, messages.announcementTooLong],
        [commentPath, { content: '' }, messages.commentEmpty],
        [commentPath, { content: 'c'.repeat(301) }, messages.commentTooLong],
      ] as const) {
        expectError(await family.kids[0].client.put(path, body), 400, message, 'content');
      }
      expect((await family.admin.client.get('/api/announcements')).body.find((a: any) => a.id === announcement.id)).toMatchObject({ content: 'Original words', editedAt: null });
      expect((await family.admin.client.get(`${postPath}/comments`)).body[0]).toMatchObject({ content: 'Original reply', editedAt: null });
      expect((await family.kids[0].client.put(postPath, { content: 'b'.repeat(500) })).status).toBe(200);
      expect((await family.kids[0].client.put(commentPath, { content: 'd'.repeat(300) })).status).toBe(200);
    });

    it('an edit says so: editedAt on the post (date and place unchanged); a repeat of the same words changes nothing', async () => {
      const first = await post(family.kids[0], 'Swimming on Friday');
      const second = await post(family.admin, 'Newer post');
      const edited = await family.kids[0].client.put(`/api/announcements/${first.id}`, { content: '  Swimming on Saturday  ' });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ content: 'Swimming on Saturday', date: first.date, editedAt: expect.stringMatching(ISO) });
      expect(Date.parse(edited.body.editedAt)).toBeGreaterThanOrEqual(Date.parse(first.date));
      const list = (await family.admin.client.get('/api/announcements')).body.map((a: any) => a.id);
      expect(list.indexOf(second.id)).toBeLessThan(list.indexOf(first.id));

      const before = await auditCount(family);
      const again = await family.kids[0].client.put(`/api/announcements/${first.id}`, { content: 'Swimming on Saturday' });
      expect(again.status).toBe(200);
      expect(again.body.editedAt).toBe(edited.body.editedAt);
      expect(await auditCount(family)).toBe(before);
    });

    it('deleting a post takes its thread and photo off every list; a repeat is a no-op; it takes no more edits or replies', async () => {
      const upload = await family.kids[0].client.postForm('/api/upload-photo', photoForm(ONE_PIXEL_PNG));
      const photoUrl = upload.body.photoUrl as string;
      const announcement = (await family.kids[0].client.post('/api/announcements', { content: 'My drawing', photoUrl })).body;
      await comment(family.admin, announcement.id, 'Lovely!');
      await comment(family.kids[1], announcement.id, 'Wow');

      expect((await family.kids[0].client.delete(`/api/announcements/${announcement.id}`)).status).toBe(204);
      for (const member of [family.admin, family.manager, family.kids[0], family.kids[1]]) {
        const board = JSON.stringify((await member.client.get('/api/announcements')).body);
        expect(board).not.toContain(announcement.id);
        expect(board).not.toContain(photoUrl);
        expectError(await member.client.get(`/api/announcements/${announcement.id}/comments`), 404, 'Announcement not found');
      }

      const before = await auditCount(family);
      expect((await family.kids[0].client.delete(`/api/announcements/${announcement.id}`)).status).toBe(204);
      expect(await auditCount(family)).toBe(before);
      expectError(await family.kids[0].client.put(`/api/announcements/${announcement.id}`, { content: 'Back?' }), 404, 'Announcement not found');
      expectError(await family.admin.client.post(`/api/announcements/${announcement.id}/comments`, { content: 'Hello?' }), 404, 'Announcement not found');
    });

    it('deleting a comment lowers the count; a repeat is a no-op; a deleted comment takes no edit', async () => {
      const announcement = await post(family.admin);
      const keep = await comment(family.kids[0], announcement.id, 'Keep me');
      const gone = await comment(family.kids[0], announcement.id, 'Remove me');
      const path = `/api/announcements/${announcement.id}/comments/${gone.id}`;
      expect((await family.kids[0].client.delete(path)).status).toBe(204);
      const thread = (await family.admin.client.get(`/api/announcements/${announcement.id}/comments`)).body;
      expect(thread.map((c: any) => c.id)).toEqual([keep.id]);
      expect((await family.admin.client.get('/api/announcements')).body.find((a: any) => a.id === announcement.id).commentCount).toBe(1);

      const before = await auditCount(family);
      expect((await family.kids[0].client.delete(path)).status).toBe(204);
      expect(await auditCount(family)).toBe(before);
      expectError(await family.kids[0].client.put(path, { content: 'Back?' }), 404, 'Comment not found');
      // A comment named under another post of the family is not that post's.
      const elsewhere = await post(family.admin);
      expectError(await family.kids[0].client.put(`/api/announcements/${elsewhere.id}/comments/${keep.id}`, { content: 'Moved' }), 404, 'Comment not found');
    });

    it.each(['admin', 'manager', 'child'] as const)("a Bee %s gets 404 editing or deleting the Ayes' post or comment, and nothing changes", async (role) => {
      const announcement = await post(ayes.admin, uniqueName('Ayes only '));
      const reply = await comment(ayes.kids[0], announcement.id, 'Ayes reply');
      const bee = membersOf(bees).find(([r]) => r === role)![1];
      const postPath = `/api/announcements/${announcement.id}`;
      const commentPath = `${postPath}/comments/${reply.id}`;
      expectError(await bee.client.put(postPath, { content: 'Bee edit' }), 404, 'Announcement not found');
      expectError(await bee.client.delete(postPath), 404, 'Announcement not found');
      expectError(await bee.client.put(commentPath, { content: 'Bee edit' }), 404, 'Announcement not found');
      expectError(await bee.client.delete(commentPath), 404, 'Announcement not found');
      const ours = (await ayes.admin.client.get('/api/announcements')).body.find((a: any) => a.id === announcement.id);
      expect(ours).toMatchObject({ content: announcement.content, editedAt: null, commentCount: 1 });
      expect((await ayes.admin.client.get(`/api/announcements/${announcement.id}/comments`)).body.map((c: any) => c.content)).toEqual(['Ayes reply']);
    });

    it('writes who edited, deleted and removed what into the audit log', async () => {
      const announcement = await post(family.kids[0], 'Movie night on Saturday');
      const reply = await comment(family.kids[1], announcement.id, 'Popcorn please');
      const path = `/api/announcements/${announcement.id}`;
      expect((await family.kids[0].client.put(path, { content: 'Movie night on Sunday' })).status).toBe(200);
      expect((await family.kids[1].client.put(`${path}/comments/${reply.id}`, { content: 'Popcorn AND ice cream' })).status).toBe(200);
      expect((await family.admin.client.delete(`${path}/comments/${reply.id}`)).status).toBe(204);
      expect((await family.admin.client.delete(path)).status).toBe(204);
      const own = await post(family.manager, 'Back at five');
      expect((await family.manager.client.delete(`/api/announcements/${own.id}`)).status).toBe(204);
      const summaries = (await family.admin.client.get('/api/audit-logs')).body.map((r: any) => [r.action, r.summary]);
      expect(summaries).toContainEqual(['announcement_edited', 'Ada edited their announcement: "Movie night on Sunday"']);
      expect(summaries).toContainEqual(['comment_edited', 'Ben edited their comment: "Popcorn AND ice cream"']);
      expect(summaries).toContainEqual(['comment_deleted', 'Pat Parent removed Ben\'s comment "Popcorn AND ice cream"']);
      expect(summaries).toContainEqual(['announcement_deleted', 'Pat Parent removed Ada\'s announcement "Movie night on Sunday"']);
      expect(summaries).toContainEqual(['announcement_deleted', 'Casey Carer deleted their announcement "Back at five"']);
    });
  });

  it('writes a readable sentence for posts and comments into the audit log', async () => {
    const family = await createFamily(server.url);
    const announcement = await post(family.admin, 'Pizza night on Friday! Everyone picks one topping and we bake at seven.');
    expect((await family.kids[0].client.post(`/api/announcements/${announcement.id}/comments`, { content: 'Pineapple!' })).status).toBe(201);
    const audit = await family.admin.client.get('/api/audit-logs');
    const summaries = audit.body.map((r: any) => [r.action, r.summary]);
    expect(summaries).toContainEqual(['announcement_posted', 'Pat Parent posted an announcement: "Pizza night on Friday! Everyone picks one topping and we…"']);
    expect(summaries).toContainEqual(['comment_added', 'Ada commented on an announcement: "Pineapple!"']);
  });
});
