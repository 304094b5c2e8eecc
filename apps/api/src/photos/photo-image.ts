import sharp, { type Sharp } from 'sharp';
import { limits } from '@familyos/contracts';
import { sniffImageType, type ImageType } from './sniff-image.js';

/** A width a screen may ask for (`?size=`), as limits.photo.widths lists them. */
export type PhotoWidth = (typeof limits.photo.widths)[number];

// libvips keeps decoded images and open operations in a cache of its own; a server decodes each upload once.
sharp.cache(false);

/** WebP cannot be wider or taller than this: a thumbnail of a very long strip is bounded by it too. */
const WEBP_MAX_SIDE = 16_383;

/**
 * Decoding is where a hostile file does harm: every libvips warning (a cut-off scan, a bad chunk) refuses it,
 * and a picture of more than limits.photo.maxPixels (all frames together) is refused before it is unpacked.
 */
const open = (bytes: Buffer, animated: boolean, failOn: 'warning' | 'none' = 'warning'): Sharp =>
  sharp(bytes, { failOn, limitInputPixels: limits.photo.maxPixels, animated });

/** GIF and WebP may move: their frames are kept (decision 055), other formats have one. */
const mayMove = (type: ImageType) => type === 'image/gif' || type === 'image/webp';

/**
 * Encoders by quality: libjpeg-turbo's defaults, not mozjpeg's (its trellis search took a minute for a 12 MP
 * photo on this machine under load). A re-encoded photo may come out larger than the upload: a lower quality is
 * tried before the size cap refuses it.
 */
const encoders: Record<ImageType, (image: Sharp, quality: number) => Sharp> = {
  'image/jpeg': (image, quality) => image.jpeg({ quality }),
  'image/png': (image) => image.png(),
  'image/gif': (image) => image.gif(),
  'image/webp': (image, quality) => image.webp({ quality }),
};
const QUALITIES = [90, 80, 70];

/**
 * An upload as it is kept and served as the original (decision 055): its type sniffed from the bytes (SVG,
 * HTML and anything else: null), decoded, turned upright by its Exif orientation and encoded again in its own
 * format, at quality 90 (lower when that is over the size cap). Nothing of the file but its pixels survives:
 * Exif (GPS position, camera, time), XMP, IPTC, ICC profiles (colours are converted to sRGB), comments, text
 * chunks, trailing data. Null when libvips cannot decode the bytes whole: a file that cannot be cleaned is not
 * kept.
 */
export async function cleanPhoto(bytes: Buffer): Promise<{ contentType: ImageType; bytes: Buffer } | null> {
  const contentType = sniffImageType(bytes);
  if (!contentType) return null;
  try {
    const moving = mayMove(contentType) && ((await open(bytes, true).metadata()).pages ?? 1) > 1;
    // A moving picture has no Exif orientation to apply (and libvips turns only single pictures).
    const image = open(bytes, moving);
    const upright = moving ? image : image.rotate();
    let encoded = Buffer.alloc(0);
    for (const quality of QUALITIES) {
      encoded = await encoders[contentType](upright.clone(), quality).toBuffer();
      if (encoded.length <= limits.photo.maxBytes || contentType === 'image/png' || contentType === 'image/gif') break;
    }
    return { contentType, bytes: encoded };
  } catch {
    return null;
  }
}

/**
 * The photo `width` pixels wide (never wider than it is, never taller than WebP allows), as WebP: smaller
 * than JPEG at the same look, with transparency and animation, drawn by every browser the app supports. Made
 * from the stored original, re-encoded, so it carries no metadata even of a photo stored before decision 055
 * (whose original kept an Exif orientation, applied here; and whose bytes, accepted then, are not judged again).
 */
export async function thumbnailOf(original: Buffer, width: PhotoWidth): Promise<Buffer> {
  const type = sniffImageType(original);
  const moving = type !== null && mayMove(type) && ((await open(original, true, 'none').metadata()).pages ?? 1) > 1;
  const image = open(original, moving, 'none');
  return (moving ? image : image.rotate())
    .resize({ width, height: WEBP_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
}
