import type { PhotoEvent } from '@familyos/events';
import { limits, messages } from '@familyos/contracts/rules';
import type { Actor } from '../shared/actor.js';
import type { Decider } from '../shared/decider.js';
import { invalid, notFound } from '../shared/errors.js';
import { assertCan } from '../shared/policy.js';

export interface PhotoState {
  exists: boolean;
  familyId: string | null;
  uploadedBy: string | null;
  contentType: string | null;
  size: number;
  sha256: string | null;
}

export type PhotoCommand = {
  type: 'UploadPhoto';
  actor: Actor;
  /** Made by the server (a UUID); never a name from the client. */
  photoId: string;
  /** What the bytes are, sniffed from their leading bytes: never the type or file name the client declared. */
  contentType: string;
  size: number;
  sha256: string;
};

/** Photo ids are UUIDs, which is also all a photo URL may name: nothing else reaches a stream or a file. */
const PHOTO_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PHOTO_URL = /^\/api\/photos\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export const isPhotoId = (id: string): boolean => PHOTO_ID.test(id);
/** The URL an uploaded photo is served at (GET /api/photos/:id), as announcements store it. */
export const photoUrlOf = (photoId: string): string => `/api/photos/${photoId}`;
/** The photo id a URL names, or null when it is not one of our photo URLs. */
export const photoIdOf = (url: string): string | null => PHOTO_URL.exec(url)?.[1] ?? null;

/** photo-<id>: one upload, recorded once. The bytes are in the blob store; this says whose they are. */
export const photoDecider: Decider<PhotoCommand, PhotoState, PhotoEvent> = {
  initialState: { exists: false, familyId: null, uploadedBy: null, contentType: null, size: 0, sha256: null },

  evolve(state, event) {
    switch (event.type) {
      case 'PhotoUploaded':
        return {
          exists: true,
          familyId: event.data.familyId,
          uploadedBy: event.data.uploadedBy,
          contentType: event.data.contentType,
          size: event.data.size,
          sha256: event.data.sha256,
        };
    }
  },

  decide(command, state) {
    const { actor } = command;
    if (actor.familyId === null) throw notFound('Family');
    assertCan(actor, 'postAnnouncements');
    if (state.exists) return [];
    if (!isPhotoId(command.photoId)) throw invalid(messages.photoRequired, 'photo');
    if (!(limits.photo.types as readonly string[]).includes(command.contentType)) throw invalid(messages.photoNotImage, 'photo');
    if (!Number.isInteger(command.size) || command.size < 1) throw invalid(messages.photoRequired, 'photo');
    if (command.size > limits.photo.maxBytes) throw invalid(messages.photoTooLarge, 'photo');
    return [
      {
        type: 'PhotoUploaded',
        data: {
          photoId: command.photoId,
          familyId: actor.familyId,
          uploadedBy: actor.id,
          contentType: command.contentType,
          size: command.size,
          sha256: command.sha256,
        },
      },
    ];
  },
};
