import { Inject, Injectable } from '@nestjs/common';
import type { AnnouncementView, AuthorView, CommentView } from '@familyos/contracts';
import { notFound, postAbilities, type Actor } from '@familyos/domain';
import type { ReadModelStore } from '@familyos/read-models';
import { collections, type AnnouncementDoc, type CommentDoc } from '@familyos/projections';
import { newestByPosition, readPage, type HistoryOrder, type Page, type PageParams } from '../platform/history-page.js';
import { READ_MODELS } from '../platform/tokens.js';

type FamilyMember = Actor & { familyId: string };

const ANNOUNCEMENTS_ORDER = newestByPosition('announcements');
/** A thread reads oldest first: its next page is the later replies. */
const COMMENTS_ORDER: HistoryOrder = {
  list: 'comments',
  by: [
    { field: 'position', direction: 'asc', type: 'number' },
    { field: 'id', direction: 'asc', type: 'string' },
  ],
};

@Injectable()
export class AnnouncementsQueries {
  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModelStore) {}

  /** The family's members by id: authors are named as they are called now, not as they were when they wrote. */
  private async authors(familyId: string): Promise<Map<string, AuthorView>> {
    const members = await this.readModels.find(collections.members, { where: { familyId } });
    return new Map(members.map((m) => [m.id, { id: m.id, username: m.username, name: m.name, role: m.role, avatar: m.avatar }]));
  }

  private async announcement(actor: FamilyMember, announcementId: string): Promise<AnnouncementDoc> {
    const doc = await this.readModels.get(collections.announcements, announcementId);
    if (!doc || doc.familyId !== actor.familyId) throw notFound('Announcement');
    return doc;
  }

  private static view(actor: FamilyMember, doc: AnnouncementDoc, authors: Map<string, AuthorView>): AnnouncementView {
    const author = authors.get(doc.authorId) ?? null;
    return {
      id: doc.id,
      authorId: doc.authorId,
      author,
      authorRole: author?.role ?? null,
      content: doc.content,
      photoUrl: doc.photoUrl,
      date: doc.date,
      editedAt: doc.editedAt,
      commentCount: doc.commentCount,
      can: postAbilities(actor, doc),
    };
  }

  /** Newest first (by log position, so two posts of the same millisecond keep their order). */
  async list(actor: FamilyMember, page: PageParams): Promise<Page<AnnouncementView>> {
    const [{ items, next }, authors] = await Promise.all([
      readPage(this.readModels, collections.announcements, { familyId: actor.familyId }, ANNOUNCEMENTS_ORDER, page),
      this.authors(actor.familyId),
    ]);
    return { items: items.map((d) => AnnouncementsQueries.view(actor, d, authors)), next };
  }

  async one(actor: FamilyMember, announcementId: string): Promise<AnnouncementView> {
    const [doc, authors] = await Promise.all([this.announcement(actor, announcementId), this.authors(actor.familyId)]);
    return AnnouncementsQueries.view(actor, doc, authors);
  }

  /** The thread, oldest first. Another family's (or no) announcement: 404. */
  async comments(actor: FamilyMember, announcementId: string, page: PageParams): Promise<Page<CommentView>> {
    await this.announcement(actor, announcementId);
    const [{ items, next }, authors] = await Promise.all([
      readPage(this.readModels, collections.comments, { familyId: actor.familyId, announcementId }, COMMENTS_ORDER, page),
      this.authors(actor.familyId),
    ]);
    return { items: items.map((c) => commentView(actor, c, authors)), next };
  }

  async comment(actor: FamilyMember, commentId: string): Promise<CommentView> {
    const doc = await this.readModels.get(collections.comments, commentId);
    if (!doc || doc.familyId !== actor.familyId) throw notFound('Comment');
    return commentView(actor, doc, await this.authors(actor.familyId));
  }
}

function commentView(actor: FamilyMember, c: CommentDoc, authors: Map<string, AuthorView>): CommentView {
  return {
    id: c.id,
    announcementId: c.announcementId,
    authorId: c.authorId,
    author: authors.get(c.authorId) ?? null,
    content: c.content,
    date: c.date,
    editedAt: c.editedAt,
    can: postAbilities(actor, c),
  };
}
