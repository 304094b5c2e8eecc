import sharp from 'sharp';
import { deflateSync } from 'node:zlib';
import { limits } from '@familyos/contracts';
import {
  gifWithMetadata,
  jpegWithMetadata,
  METADATA_WORDS,
  ONE_PIXEL_GIF,
  pngChunk,
  pngWithMetadata,
  REAL_JPEG,
  REAL_PNG,
  REAL_WEBP,
  webpWithMetadata,
} from '../../../../tests/support/photo-fixtures.js';
import { cleanPhoto, thumbnailOf } from './photo-image.js';

const carried = (bytes: Buffer) => METADATA_WORDS.filter((word) => bytes.includes(Buffer.from(word, 'latin1')));

/** What libvips itself finds in the bytes: any metadata block at all, the size, the frames. */
async function inside(bytes: Buffer) {
  const m = await sharp(bytes, { animated: true }).metadata();
  return {
    format: m.format,
    width: m.width,
    height: m.pageHeight ?? m.height,
    pages: m.pages ?? 1,
    blocks: { exif: !!m.exif, xmp: !!m.xmp, iptc: !!m.iptc, icc: !!m.icc, comments: m.comments?.length ?? 0, orientation: m.orientation ?? null },
  };
}
const NO_BLOCKS = { exif: false, xmp: false, iptc: false, icc: false, comments: 0, orientation: null };

/** A looping animation of two 2×2 frames, red then blue, with trailing data. */
let MOVING_GIF: Buffer;
beforeAll(async () => {
  const frames = Buffer.concat([Buffer.from([255, 0, 0]).toString('latin1').repeat(4), Buffer.from([0, 0, 255]).toString('latin1').repeat(4)].map((f) => Buffer.from(f, 'latin1')));
  const gif = await sharp(frames, { raw: { width: 2, height: 4, channels: 3, pageHeight: 2 } }).gif({ loop: 0 }).toBuffer();
  MOVING_GIF = Buffer.concat([gif, Buffer.from('after the end', 'latin1')]);
});

describe('cleanPhoto: a photo is kept re-encoded, upright and without its metadata (decision 055)', () => {
  it.each([
    ['JPEG', jpegWithMetadata, 'jpeg'],
    ['PNG', pngWithMetadata, 'png'],
    ['WebP', webpWithMetadata, 'webp'],
  ] as const)('%s: Exif (GPS, camera, time), XMP, IPTC, comments, ICC and trailing data go; the picture stays, turned upright', async (_name, dirty, format) => {
    for (const orientation of [null, 6]) {
      const input = dirty(orientation);
      expect(carried(input).length).toBeGreaterThan(5);
      const clean = await cleanPhoto(input);
      expect(clean?.contentType).toBe(`image/${format}`);
      expect(carried(clean!.bytes)).toEqual([]);
      // Orientation 6 says "turn 90° clockwise": the 4×3 picture is stored 3 wide and 4 high, with no tag left.
      expect(await inside(clean!.bytes)).toEqual({
        format,
        width: orientation ? 3 : 4,
        height: orientation ? 4 : 3,
        pages: 1,
        blocks: NO_BLOCKS,
      });
    }
  });

  it('turns the pixels, not just the tag: the red left half of the picture is on top once upright', async () => {
    const clean = await cleanPhoto(pngWithMetadata(6));
    const { data, info } = await sharp(clean!.bytes).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    const [r, , b] = pixel(1, 0);
    expect(r).toBeGreaterThan(b!);
    const [r2, , b2] = pixel(1, 3);
    expect(b2).toBeGreaterThan(r2!);
  });

  it('GIF: comments, XMP and ICC application extensions and trailing data go; an animation keeps its frames', async () => {
    const clean = await cleanPhoto(gifWithMetadata());
    expect(clean?.contentType).toBe('image/gif');
    expect(carried(clean!.bytes)).toEqual([]);
    expect(clean!.bytes.includes(Buffer.from('ICCRGBG1', 'latin1'))).toBe(false);
    expect(await inside(clean!.bytes)).toMatchObject({ format: 'gif', width: 1, height: 1, pages: 1 });
    expect(await inside(MOVING_GIF)).toMatchObject({ pages: 2 });
    const moving = await cleanPhoto(MOVING_GIF);
    expect(carried(moving!.bytes)).toEqual([]);
    expect(await inside(moving!.bytes)).toMatchObject({ format: 'gif', width: 2, height: 2, pages: 2 });
  });

  it('a clean image stays the same picture in the same format', async () => {
    for (const [image, format] of [[REAL_JPEG, 'jpeg'], [REAL_PNG, 'png'], [REAL_WEBP, 'webp'], [ONE_PIXEL_GIF, 'gif']] as const) {
      const clean = await cleanPhoto(image);
      expect(await inside(clean!.bytes)).toMatchObject({ format, width: (await inside(image)).width, blocks: NO_BLOCKS });
    }
  });

  it(`refuses a picture of more than limits.photo.maxPixels before unpacking it (a few bytes claiming 10,000 × 10,000)`, async () => {
    expect(limits.photo.maxPixels).toBeLessThan(100_000_000);
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(10_000, 0);
    ihdr.writeUInt32BE(10_000, 4);
    ihdr[8] = 8; // grey, 8 bits
    const bomb = Buffer.concat([REAL_PNG.subarray(0, 8), pngChunk('IHDR', ihdr), pngChunk('IDAT', deflateSync(Buffer.alloc(10_001 * 10))), pngChunk('IEND', Buffer.alloc(0))]);
    expect(bomb.length).toBeLessThan(1_000);
    expect(await cleanPhoto(bomb)).toBeNull();
  });

  it.each<[string, Buffer]>([
    ['a JPEG signature and nothing else', Buffer.from([0xff, 0xd8, 0xff])],
    ['a JPEG cut off before its image data', REAL_JPEG.subarray(0, 200)],
    ['a JPEG cut off inside its image data', REAL_JPEG.subarray(0, REAL_JPEG.length - 20)],
    ['a JPEG segment longer than the file', Buffer.concat([REAL_JPEG.subarray(0, 2), Buffer.from([0xff, 0xe1, 0xff, 0xff, 0x00])])],
    ['a PNG signature followed by padding', Buffer.concat([REAL_PNG.subarray(0, 8), Buffer.alloc(100, 0x2a)])],
    ['a PNG cut off in its image data', REAL_PNG.subarray(0, 60)],
    ['a PNG whose first chunk is not IHDR', Buffer.concat([REAL_PNG.subarray(0, 8), pngChunk('tEXt', Buffer.from('a\0b')), REAL_PNG.subarray(8)])],
    ['GIF89a and nothing else', Buffer.from('GIF89a')],
    ['a WebP whose RIFF size runs past the file', Buffer.concat([REAL_WEBP.subarray(0, 4), Buffer.from([0xff, 0xff, 0, 0]), REAL_WEBP.subarray(8)])],
    ['a WebP whose first chunk is not a picture', Buffer.concat([REAL_WEBP.subarray(0, 12), Buffer.from('EXIF\x02\0\0\0ab', 'latin1')])],
    ['an SVG (libvips would draw it: the sniffing refuses it first)', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="3"/>')],
  ])('refuses %s (null: not kept)', async (_label, bytes) => {
    expect(await cleanPhoto(bytes)).toBeNull();
  });
});

describe('thumbnailOf: the widths a screen asks for', () => {
  it('is WebP, at most the width asked, never wider than the original, with no metadata', async () => {
    const wide = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#3a7' } }).jpeg().toBuffer();
    for (const width of limits.photo.widths) {
      const thumb = await thumbnailOf(wide, width);
      expect(await inside(thumb)).toEqual({ format: 'webp', width, height: (width * 3) / 4, pages: 1, blocks: NO_BLOCKS });
    }
    expect(await inside(await thumbnailOf(REAL_JPEG, 320))).toMatchObject({ format: 'webp', width: 4, height: 3 });
    // A strip taller than WebP allows is made shorter, not refused.
    const strip = await sharp({ create: { width: 4, height: 40_000, channels: 3, background: '#36c' } }).png().toBuffer();
    expect(await inside(await thumbnailOf(strip, 1280))).toMatchObject({ format: 'webp', height: 16_383 });
  });

  it('turns a photo stored before decision 055 (an Exif orientation kept) upright, and keeps an animation moving', async () => {
    const old = Buffer.concat([REAL_PNG.subarray(0, 33), pngChunk('eXIf', Buffer.from('MM\0*\0\0\0\x08\0\x01\x01\x12\0\x03\0\0\0\x01\0\x06\0\0\0\0\0\0', 'latin1')), REAL_PNG.subarray(33)]);
    expect(await inside(await thumbnailOf(old, 640))).toEqual({ format: 'webp', width: 3, height: 4, pages: 1, blocks: NO_BLOCKS });
    expect(await inside(await thumbnailOf(MOVING_GIF, 320))).toMatchObject({ format: 'webp', pages: 2 });
  });
});
