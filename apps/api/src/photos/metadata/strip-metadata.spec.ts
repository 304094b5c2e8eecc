import {
  cameraExif,
  dimensionsOf,
  GIF_LOOP,
  gifWithMetadata,
  jpegExifSegment,
  jpegStored,
  jpegWithMetadata,
  METADATA_WORDS,
  ONE_PIXEL_GIF,
  pngChunk,
  pngStored,
  pngWithMetadata,
  REAL_JPEG,
  REAL_PNG,
  REAL_WEBP,
  webpStored,
  webpWithMetadata,
} from '../../../../../tests/support/photo-fixtures.js';
import { orientationOf } from './exif-orientation.js';
import { cleanImage } from './strip-metadata.js';

const carried = (bytes: Buffer) => METADATA_WORDS.filter((word) => bytes.includes(Buffer.from(word, 'latin1')));

describe('cleanImage: a photo is kept without its metadata (decision 031)', () => {
  it.each([
    ['JPEG', jpegWithMetadata, jpegStored, 'image/jpeg'],
    ['PNG', pngWithMetadata, pngStored, 'image/png'],
    ['WebP', webpWithMetadata, webpStored, 'image/webp'],
  ] as const)('%s: Exif, XMP, IPTC, comments and trailing data go; the picture, its colour profile and its orientation stay', (_name, dirty, stored, type) => {
    for (const orientation of [null, 6]) {
      const input = dirty(orientation);
      expect(carried(input).length).toBeGreaterThan(5);
      const clean = cleanImage(input);
      expect(clean?.contentType).toBe(type);
      expect(carried(clean!.bytes)).toEqual([]);
      expect(clean!.bytes.equals(stored(orientation))).toBe(true);
      expect(dimensionsOf(clean!.bytes)).toEqual({ width: 4, height: 3 });
    }
  });

  it('GIF: comments, XMP and ICC application extensions and trailing data go; the looping extension stays', () => {
    const clean = cleanImage(gifWithMetadata());
    expect(clean?.contentType).toBe('image/gif');
    expect(carried(clean!.bytes)).toEqual([]);
    expect(clean!.bytes.equals(ONE_PIXEL_GIF)).toBe(true);
    const looping = Buffer.concat([ONE_PIXEL_GIF.subarray(0, 19), GIF_LOOP, ONE_PIXEL_GIF.subarray(19)]);
    expect(cleanImage(looping)!.bytes.equals(looping)).toBe(true);
  });

  it('a clean image is kept byte for byte', () => {
    for (const image of [REAL_JPEG, REAL_PNG, REAL_WEBP, ONE_PIXEL_GIF]) expect(cleanImage(image)!.bytes.equals(image)).toBe(true);
  });

  it('reads the orientation from Exif in either byte order, and ignores an upright or missing one', () => {
    const big = cameraExif(6);
    expect(orientationOf(big)).toBe(6);
    expect(orientationOf(cameraExif(null))).toBeNull();
    expect(orientationOf(Buffer.from('MM\0*\0\0\0\x08\0\x01\x01\x12\0\x03\0\0\0\x01\0\x01\0\0\0\0\0\0', 'latin1'))).toBeNull();
    expect(orientationOf(Buffer.from('II*\0\x08\0\0\0\x01\0\x12\x01\x03\0\x01\0\0\0\x08\0\0\0\0\0\0\0', 'latin1'))).toBe(8);
    expect(orientationOf(Buffer.from('garbage'))).toBeNull();
  });

  it('keeps JPEG image data whole: stuffed bytes, restart markers and fill bytes before a marker', () => {
    const sos = REAL_JPEG.indexOf(Buffer.from([0xff, 0xda]));
    const scanStart = sos + 2 + REAL_JPEG.readUInt16BE(sos + 2);
    const scan = Buffer.from([0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56, 0xff, 0xff, 0xff, 0xd9]);
    const jpeg = Buffer.concat([REAL_JPEG.subarray(0, scanStart), scan]);
    expect(cleanImage(jpeg)!.bytes.equals(Buffer.concat([REAL_JPEG.subarray(0, scanStart), scan.subarray(0, 7), Buffer.from([0xff, 0xd9])]))).toBe(true);
    // Cut off inside the image data: what there is, properly ended.
    const cut = REAL_JPEG.subarray(0, scanStart + 3);
    expect(cleanImage(cut)!.bytes.equals(Buffer.concat([cut, Buffer.from([0xff, 0xd9])]))).toBe(true);
  });

  it.each<[string, Buffer]>([
    ['a JPEG signature and nothing else', Buffer.from([0xff, 0xd8, 0xff])],
    ['a JPEG cut off before its image data', REAL_JPEG.subarray(0, 200)],
    ['a JPEG segment longer than the file', Buffer.concat([REAL_JPEG.subarray(0, 2), Buffer.from([0xff, 0xe1, 0xff, 0xff, 0x00])])],
    ['a PNG signature followed by padding', Buffer.concat([REAL_PNG.subarray(0, 8), Buffer.alloc(100, 0x2a)])],
    ['a PNG without IEND', REAL_PNG.subarray(0, REAL_PNG.length - 12)],
    ['a PNG whose first chunk is not IHDR', Buffer.concat([REAL_PNG.subarray(0, 8), pngChunk('tEXt', Buffer.from('a\0b')), REAL_PNG.subarray(8)])],
    ['a PNG with a critical chunk no one knows', Buffer.concat([REAL_PNG.subarray(0, 33), pngChunk('ABCD', Buffer.alloc(0)), REAL_PNG.subarray(33)])],
    ['GIF89a and nothing else', Buffer.from('GIF89a')],
    ['a GIF without its trailer', ONE_PIXEL_GIF.subarray(0, ONE_PIXEL_GIF.length - 1)],
    ['a GIF with an unknown block', Buffer.concat([ONE_PIXEL_GIF.subarray(0, 19), Buffer.from([0x99]), ONE_PIXEL_GIF.subarray(19)])],
    ['a WebP whose RIFF size runs past the file', Buffer.concat([REAL_WEBP.subarray(0, 4), Buffer.from([0xff, 0xff, 0, 0]), REAL_WEBP.subarray(8)])],
    ['a WebP whose first chunk is not a picture', Buffer.concat([REAL_WEBP.subarray(0, 12), Buffer.from('EXIF\x02\0\0\0ab', 'latin1')])],
  ])('refuses %s (null: not kept)', (_label, bytes) => {
    expect(cleanImage(bytes)).toBeNull();
  });

  it('a second Exif block in a JPEG goes whole, even with an orientation', () => {
    const twice = Buffer.concat([REAL_JPEG.subarray(0, 2), jpegExifSegment(cameraExif(3)), jpegExifSegment(cameraExif(6)), REAL_JPEG.subarray(2)]);
    expect(cleanImage(twice)!.bytes.equals(jpegStored(3))).toBe(true);
  });
});
