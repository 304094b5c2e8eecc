import { Controller, Get, HttpCode, Inject, Logger, Param, PayloadTooLargeException, Post, Query, Req, Res, StreamableFile } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { limits, messages } from '@familyos/contracts';
import { DomainError, invalid, isPhotoId, notFound, type Actor } from '@familyos/domain';
import { FamilyActor, Requires } from '../auth/auth.guard.js';
import { Idempotent } from '../platform/idempotency.js';
import { ReadYourWrites } from '../platform/read-your-writes.js';
import { BLOB_STORE } from '../platform/tokens.js';
import { thumbnailBlobId } from './blob-id.js';
import type { BlobStore, StoredBlob } from './blob-store.js';
import { cleanPhoto, thumbnailOf, type PhotoWidth } from './photo-image.js';
import { extensionOf } from './sniff-image.js';
import { PhotosQueries } from './photos.queries.js';
import { UploadPhoto } from './upload-photo.handler.js';

type FamilyMember = Actor & { familyId: string };

const tooLarge = () => new PayloadTooLargeException(messages.photoTooLarge);

/** Errors of the multipart plugin while reading: only a file over the limit is "too large"; the rest is a bad upload. */
function uploadError(error: unknown): Error {
  const code = (error as { code?: string })?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  return invalid(messages.photoRequired, 'photo');
}

const reads = new WeakMap<FastifyRequest, Promise<Buffer>>();

/**
 * The bytes of the multipart field `photo`, read once per request (the Idempotency-Key check reads them before
 * the route does: decision 026).
 */
function readPhoto(request: FastifyRequest): Promise<Buffer> {
  let read = reads.get(request);
  if (!read) reads.set(request, (read = readPhotoOnce(request)));
  return read;
}

/**
 * The bytes of the multipart field `photo`, whole and within the limit, or a refusal. Nothing is kept
 * anywhere before this returns: an oversized or cut-off upload is thrown away as it arrives.
 */
async function readPhotoOnce(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw invalid(messages.photoRequired, 'photo');
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  let bytes: Buffer;
  try {
    part = await request.file();
    if (!part || part.fieldname !== 'photo') throw invalid(messages.photoRequired, 'photo');
    bytes = await part.toBuffer();
  } catch (error) {
    throw error instanceof DomainError ? error : uploadError(error);
  }
  if (part.file.truncated || bytes.length > limits.photo.maxBytes) throw tooLarge();
  if (bytes.length === 0) throw invalid(messages.photoRequired, 'photo');
  return bytes;
}

/** `?size=`: absent or `original` (null), or one of limits.photo.widths; anything else is 400 naming it. */
function sizeOf(size: string | undefined): PhotoWidth | null {
  if (size === undefined || size === 'original') return null;
  const width = limits.photo.widths.find((w) => String(w) === size);
  if (width === undefined) throw invalid(messages.photoSize, 'size');
  return width;
}

/** SPEC §7 photo uploads and DESIGN §6: checked by content, capped in size, served with safe headers. */
@Controller('api')
export class PhotosController {
  private readonly log = new Logger('Photos');

  constructor(
    private readonly commands: CommandBus,
    private readonly ryw: ReadYourWrites,
    private readonly queries: PhotosQueries,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
  ) {}

  /**
   * Multipart field `photo` → 201 {photoUrl}. The type is what the bytes are; the declared type and name are
   * ignored. What is stored (and hashed in the log) is the image re-encoded without its metadata, and kept only
   * within the size limit.
   */
  @Post('upload-photo')
  @HttpCode(201)
  @Requires('postAnnouncements')
  @Idempotent({ content: readPhoto })
  async upload(@FamilyActor() actor: FamilyMember, @Req() request: FastifyRequest) {
    const image = await cleanPhoto(await readPhoto(request));
    if (!image) throw invalid(messages.photoNotImage, 'photo');
    if (image.bytes.length > limits.photo.maxBytes) throw tooLarge();
    const { photoUrl } = await this.commands.execute(new UploadPhoto(actor, image.bytes, image.contentType));
    await this.ryw.settle();
    return { photoUrl };
  }

  /**
   * The photo, to members of its family only (anyone else: 404): `?size=320|640|1280` its thumbnail that wide
   * (WebP), else the original. Browsers load <img srcset> with the session cookie, which the auth guard accepts.
   * A photo's bytes never change under its URL, so browsers keep them for a year without asking again. The
   * headers make sure the bytes are only ever shown as the image type they are: never sniffed again, never run
   * as a page, never embedded by another site.
   */
  @Get('photos/:id')
  async photo(
    @FamilyActor() actor: FamilyMember,
    @Param('id') id: string,
    @Query('size') size: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    if (!isPhotoId(id)) throw notFound('Photo');
    const width = sizeOf(size);
    await this.queries.photo(actor.familyId, id);
    const blob = width === null ? await this.blobs.get(id) : await this.thumbnail(id, width);
    if (!blob) throw notFound('Photo');
    const name = width === null ? id : `${id}-${width}`;
    void reply
      .header('Content-Type', blob.contentType)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Disposition', `inline; filename="${name}.${extensionOf(blob.contentType)}"`)
      .header('Cache-Control', 'private, max-age=31536000, immutable')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Cross-Origin-Resource-Policy', 'same-origin');
    return new StreamableFile(blob.bytes, { length: blob.bytes.length });
  }

  /**
   * A thumbnail as made at upload; for a photo stored before thumbnails were (decision 055), made now from its
   * original and kept for the next request. Two first requests at once both make it, and both puts leave the same
   * bytes; if the kept copy cannot be written, this request is still answered. An original that cannot be
   * thumbnailed is served as it is.
   */
  private async thumbnail(id: string, width: PhotoWidth): Promise<StoredBlob | null> {
    const kept = await this.blobs.get(thumbnailBlobId(id, width));
    if (kept) return kept;
    const original = await this.blobs.get(id);
    if (!original) return null;
    let bytes: Buffer;
    try {
      bytes = await thumbnailOf(original.bytes, width);
    } catch {
      return original;
    }
    await this.blobs.put(thumbnailBlobId(id, width), bytes, 'image/webp').catch((error: unknown) => {
      this.log.warn(`Could not keep the ${width}px thumbnail of photo ${id}: ${String(error)}`);
    });
    return { bytes, contentType: 'image/webp' };
  }
}
