import { isEvent, streamEntityId } from '@familyos/events';
import { collections } from '../schema/collections.js';
import type { Projection } from './projection.js';
import type { AccessRequestDoc } from '../schema/documents.js';

const PREFIX = 'accessRequest-';

/** One row per outside identity that asked to join; asking again after a rejection reopens the same row. */
export const accessRequestsProjection: Projection = {
  name: 'access-requests',
  version: 1,
  collections: [collections.accessRequests],
  handles: ['AccessRequested', 'AccessRequestApproved', 'AccessRequestRejected'],
  async apply(event, tx) {
    if (!event.streamId.startsWith(PREFIX)) return;
    const id = streamEntityId(event.streamId);
    const at = event.metadata.timestamp;
    if (isEvent(event, 'AccessRequested')) {
      const { provider, subject, username, name, email, familyId } = event.data;
      const doc: AccessRequestDoc = {
        id,
        provider,
        subject,
        hubUserId: provider === 'hub' ? subject : null,
        username,
        name,
        email,
        familyId,
        status: 'pending',
        requestedAt: at,
        decidedAt: null,
      };
      await tx.put(collections.accessRequests, doc);
      return;
    }
    const row = await tx.get(collections.accessRequests, id);
    if (!row) return;
    if (isEvent(event, 'AccessRequestApproved')) {
      await tx.put(collections.accessRequests, { ...row, status: 'approved', familyId: event.data.familyId, decidedAt: at });
    } else if (isEvent(event, 'AccessRequestRejected')) {
      await tx.put(collections.accessRequests, { ...row, status: 'rejected', decidedAt: at });
    }
  },
};
