import { mayChangeScreens } from '@familyos/domain';
import { eventTypes, streamCategoryOf } from '@familyos/events';
import { collections } from '../schema/collections.js';
import type { Projection } from './projection.js';

export const liveChangeId = (familyId: string, seq: number) => `${familyId}:${seq}`;

/**
 * Each family's changes, numbered in its own count (issue 26, decision 046): the ids a family's change streams
 * send, which say nothing of other families' writes, and what a resumed stream reads (its family's rows after its
 * id, not the log). The number is the count of the family's changes up to the event, so it is the same in every
 * process and after a rebuild; the family's head row makes an event applied again a no-op.
 */
export const liveChangesProjection: Projection = {
  name: 'live-changes',
  version: 1,
  collections: [collections.liveChanges, collections.liveHeads],
  // The rule's own answer for each type on the stream it is appended to (the payload only names which decision).
  handles: eventTypes.filter((type) => mayChangeScreens({ streamId: `${streamCategoryOf[type]}-`, type, data: {} })),
  async apply(event, tx) {
    const familyId = event.metadata.familyId;
    if (!familyId || !mayChangeScreens(event)) return;
    const head = await tx.get(collections.liveHeads, familyId);
    if (head && head.position >= event.position) return;
    const seq = (head?.seq ?? 0) + 1;
    await tx.put(collections.liveChanges, { id: liveChangeId(familyId, seq), familyId, seq, position: event.position });
    await tx.put(collections.liveHeads, { id: familyId, familyId, seq, position: event.position });
  },
};
