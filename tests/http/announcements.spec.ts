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
        commentCount: 0,
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
      });
      const thread = await ayes.kids[1].client.get(`/api/announcements/${announcement.id}/comments`);
      expect(thread.status).toBe(200);
      expect(thread.body).toEqual([res.body]);
    });

    it('a superuser without a family has no board: 404 on every route, nothing posted', async () => {
      const announcement = await post(ayes.admin);
      for (const res of [
        await root.get('/api/announcements'),
        await root.post('/api/announcements', { content: 'From nowhere' }),
        await root.get(`/api/announcements/${announcement.id}/comments`),
        await root.post(`/api/announcements/${announcement.id}/comments`, { content: 'From nowhere' }),
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
