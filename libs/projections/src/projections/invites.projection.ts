import { isEvent, streamEntityId } from '@familyos/events';
import { collections } from '../schema/collections.js';
import type { Projection } from './projection.js';
import type { InviteDoc } from '../schema/documents.js';

const PREFIX = 'invite-';

/** One row per invite link, for the admin's list. Uses carry the new count, so replaying one changes nothing. */
export const invitesProjection: Projection = {
  name: 'invites',
  version: 1,
  collections: [collections.invites],
  handles: ['InviteCreated', 'InviteUsed', 'InviteDeactivated'],
  async apply(event, tx) {
    if (isEvent(event, 'InviteCreated')) {
      const { inviteId, familyId, token, role, maxUses, expiresAt } = event.data;
      const doc: InviteDoc = {
        id: inviteId,
        familyId,
        inviteToken: token,
        role,
        maxUses,
        currentUses: 0,
        expiresAt,
        isActive: true,
        createdAt: event.metadata.timestamp,
        createdBy: event.metadata.actorId,
      };
      await tx.put(collections.invites, doc);
      return;
    }
    if (!event.streamId.startsWith(PREFIX)) return;
    const row = await tx.get(collections.invites, streamEntityId(event.streamId));
    if (!row) return;
    if (isEvent(event, 'InviteUsed')) await tx.put(collections.invites, { ...row, currentUses: event.data.currentUses });
    else if (isEvent(event, 'InviteDeactivated')) await tx.put(collections.invites, { ...row, isActive: false });
  },
};
