import { createHash } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { limits } from '@familyos/contracts';
import { streams } from '@familyos/events';
import { photoDecider, photoUrlOf, type Actor } from '@familyos/domain';
import { CommandRunner } from '../platform/command-runner.js';
import { newId } from '../platform/request-ids.js';
import { BLOB_STORE } from '../platform/tokens.js';
import { thumbnailBlobId } from './blob-id.js';
import type { BlobStore } from './blob-store.js';
import { thumbnailOf } from './photo-image.js';

export class UploadPhoto extends Command<{ photoId: string; photoUrl: string }> {
  constructor(
    readonly actor: Actor,
    /** The upload cleaned (photo-image.ts: decoded, upright, re-encoded), under the size limit: what is stored and hashed. */
    readonly bytes: Buffer,
    /** Sniffed from the bytes (sniff-image.ts), never the type the client declared. */
    readonly contentType: string,
  ) {
    super();
  }
}

/**
 * POST /api/upload-photo. The bytes go to the blob store under a new server-made id first, with the thumbnails
 * of every served width; only then is PhotoUploaded appended, so the log never names a photo whose bytes are
 * missing and no screen asks for a size not yet made. The thumbnails are made here, not by a reactor, because
 * they are the upload's own stored form, like its cleaning (decision 055). (A put whose append then fails
 * leaves unreferenced blobs, which nothing serves: serving starts from the photos read model.)
 */
@CommandHandler(UploadPhoto)
export class UploadPhotoHandler implements ICommandHandler<UploadPhoto> {
  constructor(
    private readonly runner: CommandRunner,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
  ) {}

  async execute({ actor, bytes, contentType }: UploadPhoto) {
    const photoId = newId('photo');
    const command = {
      type: 'UploadPhoto' as const,
      actor,
      photoId,
      contentType,
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    };
    const streamId = streams.photo(photoId);
    // Decided once before storing anything, so a refused upload leaves no bytes behind, and the same request run
    // again (decision 026), finding its photo recorded, stores nothing again.
    const recorded = await this.runner.load(streamId, photoDecider);
    if (photoDecider.decide(command, recorded.state).length > 0) {
      await this.blobs.put(photoId, bytes, contentType);
      for (const width of limits.photo.widths) {
        // A picture libvips cannot shrink (none is known) still posts: GET ?size= then serves its original.
        const thumbnail = await thumbnailOf(bytes, width).catch(() => null);
        if (thumbnail) await this.blobs.put(thumbnailBlobId(photoId, width), thumbnail, 'image/webp');
      }
    }
    await this.runner.run({ actorId: actor.id, familyId: actor.familyId }, async () => {
      const { state, revision } = await this.runner.load(streamId, photoDecider);
      return { appends: [{ streamId, expectedRevision: revision, events: photoDecider.decide(command, state) }], result: undefined };
    });
    return { photoId, photoUrl: photoUrlOf(photoId) };
  }
}
