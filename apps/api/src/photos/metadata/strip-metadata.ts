import { sniffImageType, type ImageType } from '../sniff-image.js';
import { stripGif } from './strip-gif.js';
import { stripJpeg } from './strip-jpeg.js';
import { stripPng } from './strip-png.js';
import { stripWebp } from './strip-webp.js';

const STRIPPERS: Record<ImageType, (bytes: Buffer) => Buffer | null> = {
  'image/jpeg': stripJpeg,
  'image/png': stripPng,
  'image/gif': stripGif,
  'image/webp': stripWebp,
};

/**
 * An upload as it is kept and served (decision 031): its type sniffed from the bytes, and every block of
 * metadata taken out (Exif, XMP, IPTC, comments, text chunks: where a photo says where and when it was taken,
 * and with what), keeping what drawing it needs (colour profile, orientation, animation). Null when the bytes are
 * not a well-formed image of one of the four types: a file that cannot be cleaned is not kept.
 */
export function cleanImage(bytes: Buffer): { contentType: ImageType; bytes: Buffer } | null {
  const contentType = sniffImageType(bytes);
  if (!contentType) return null;
  const clean = STRIPPERS[contentType](bytes);
  return clean ? { contentType, bytes: clean } : null;
}
