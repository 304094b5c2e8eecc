import { deflateSync } from 'node:zlib';
import { ONE_PIXEL_GIF, pngChunk } from './images.js';

/**
 * Photos as cameras and editors leave them, for the metadata tests (issue 18, decision 031): real images
 * (a 4×3 picture, left half red, right half blue, encoded by Chromium: its JPEG carries JFIF and an ICC profile,
 * its WebP is the extended format with an ICC profile) with Exif (GPS position, camera, time, orientation), XMP,
 * IPTC, comments and trailing data written into them here, byte by byte, in each format's own way.
 */

export const REAL_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAA' +
  'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' +
  'AAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAA' +
  'ABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1' +
  'AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAP' +
  'KnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/' +
  '2wBDAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4RDgsLEBYQERMUFRUVDA8XGBYUGBIUFRT/2wBDAQMEBAUEBQkFBQ' +
  'kUDQsNFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBT/wAARCAADAAQDASIAAhEBAxEB/8QAFQABAQAA' +
  'AAAAAAAAAAAAAAAAAAb/xAAZEAEAAgMAAAAAAAAAAAAAAAAAAgQzgbH/xAAVAQEBAAAAAAAAAAAAAAAAAAAHCP/EAB8RAAAEBwEAAAAAAAAAAA' +
  'AAAAADBnMBAgQFNTays//aAAwDAQACEQMRAD8AmK2CO+gKLT2Go2i+IANWezXN870mH//Z',
  'base64',
);
export const REAL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAYAAAC09K7GAAAAJklEQVR4AWTIMQ0AAAgDQVIhuGDAIUaro6QrfHLLg12yHMoQpzcWAAD///ximQ' +
  '0AAAAGSURBVAMAmRAJv+AQc2QAAAAASUVORK5CYII=',
  'base64',
);
export const REAL_WEBP = Buffer.from(
  'UklGRkACAABXRUJQVlA4WAoAAAAgAAAAAwAAAgAASUNDUMgBAAAAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAA' +
  'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' +
  'AAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAA' +
  'ABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1' +
  'AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAP' +
  'KnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADZW' +
  'UDggUgAAALADAJ0BKgQAAwAAwBIlqAJ0ugH4AUYD8AK0A/gGUAfoAC3ay8xAAP7qIeoTP/uHvz4HX/QofsPfnwOv/6FD/874c7XBH+dje0idlV' +
  'f/5zIAAAA=',
  'base64',
);
export { ONE_PIXEL_GIF, pngChunk };

/** Words the metadata below carries: none may be in a stored or served photo. */
export const METADATA_WORDS = [
  'SpyCam',
  'Model X-1',
  '2026:05:04 10:11:12',
  'GPS',
  'xmpmeta',
  'ns.adobe.com',
  '48.8584',
  'Photoshop 3.0',
  '8BIM',
  'Paris',
  'Secret Photographer',
  '12 Secret Lane',
  'Raw profile',
  'ICCRGBG1 secret',
  'after the end',
];

type Entry = { tag: number; type: 2 | 3 | 4 | 5; values: number[] | string };

/** A big-endian TIFF block (what Exif is) with IFD0 and, when given, a GPS IFD it points to. */
export function exifTiff(ifd0: Entry[], gps: Entry[] = []): Buffer {
  const size = (e: Entry) => (e.type === 2 ? (e.values as string).length + 1 : (e.values as number[]).length * { 3: 2, 4: 4, 5: 8 }[e.type]);
  const ifdLength = (entries: Entry[]) => 2 + entries.length * 12 + 4;
  const entries0 = gps.length ? [...ifd0, { tag: 0x8825, type: 4 as const, values: [0] }] : ifd0;
  const gpsAt = 8 + ifdLength(entries0);
  let extra = gpsAt + (gps.length ? ifdLength(gps) : 0);
  const out = Buffer.alloc(4096);
  out.write('MM', 0, 'latin1');
  out.writeUInt16BE(42, 2);
  out.writeUInt32BE(8, 4);
  const writeIfd = (at: number, entries: Entry[]) => {
    out.writeUInt16BE(entries.length, at);
    entries.forEach((e, i) => {
      const p = at + 2 + i * 12;
      out.writeUInt16BE(e.tag, p);
      out.writeUInt16BE(e.type, p + 2);
      out.writeUInt32BE(e.type === 2 ? size(e) : (e.values as number[]).length, p + 4);
      const values = e.tag === 0x8825 ? [gpsAt] : e.values;
      let to = p + 8;
      if (size(e) > 4) {
        out.writeUInt32BE(extra, p + 8);
        to = extra;
        extra += size(e) + (size(e) % 2);
      }
      if (e.type === 2) out.write(`${values as string}\0`, to, 'latin1');
      else (values as number[]).forEach((v, j) => (e.type === 3 ? out.writeUInt16BE(v, to + j * 2) : out.writeUInt32BE(v, to + j * 4)));
    });
    out.writeUInt32BE(0, at + 2 + entries.length * 12);
  };
  writeIfd(8, entries0);
  if (gps.length) writeIfd(gpsAt, gps);
  return out.subarray(0, extra);
}

/** Exif as a phone writes it: camera, time, orientation (when given) and where the photo was taken. */
export function cameraExif(orientation: number | null): Buffer {
  return exifTiff(
    [
      { tag: 0x010f, type: 2, values: 'SpyCam' },
      { tag: 0x0110, type: 2, values: 'Model X-1' },
      ...(orientation ? [{ tag: 0x0112, type: 3 as const, values: [orientation] }] : []),
      { tag: 0x0132, type: 2, values: '2026:05:04 10:11:12' },
    ],
    [
      { tag: 0x0001, type: 2, values: 'N' },
      // 48° 51' 30.24" N, 2° 17' 40.2" E, as rationals.
      { tag: 0x0002, type: 5, values: [48, 1, 51, 1, 3024, 100] },
      { tag: 0x0003, type: 2, values: 'E' },
      { tag: 0x0004, type: 5, values: [2, 1, 17, 1, 4020, 100] },
      { tag: 0x001d, type: 2, values: '2026:05:04' },
    ],
  );
}

export const XMP = Buffer.from(
  '<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF ' +
    'xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" ' +
    'exif:GPSLatitude="48.8584N" exif:GPSLongitude="2.2945E" xmlns:dc="http://purl.org/dc/elements/1.1/" ' +
    'dc:creator="Secret Photographer"/></rdf:RDF></x:xmpmeta><?xpacket end="w"?>',
  'utf8',
);

/** IPTC as Photoshop stores it: city and by-line records inside an 8BIM resource. */
export function iptc(): Buffer {
  const record = (dataset: number, text: string) => Buffer.concat([Buffer.from([0x1c, 2, dataset, 0, text.length]), Buffer.from(text, 'latin1')]);
  const data = Buffer.concat([record(90, 'Paris'), record(80, 'Secret Photographer')]);
  const head = Buffer.alloc(12);
  head.write('8BIM', 0, 'latin1');
  head.writeUInt16BE(0x0404, 4);
  head.writeUInt32BE(data.length, 8);
  return Buffer.concat([head, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
}

const jpegSegment = (marker: number, payload: Buffer) => {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
};
export const jpegExifSegment = (tiff: Buffer) => jpegSegment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]));

/** REAL_JPEG with, after SOI, a phone's Exif, XMP, IPTC, an MPF block, a comment; and a second picture after EOI. */
export function jpegWithMetadata(orientation: number | null): Buffer {
  const segments = [
    jpegExifSegment(cameraExif(orientation)),
    jpegSegment(0xe1, Buffer.concat([Buffer.from('http://ns.adobe.com/xap/1.0/\0', 'latin1'), XMP])),
    jpegSegment(0xe2, Buffer.concat([Buffer.from('MPF\0', 'latin1'), Buffer.from('MM\0*\0\0\0\x08', 'latin1')])),
    jpegSegment(0xed, Buffer.concat([Buffer.from('Photoshop 3.0\0', 'latin1'), iptc()])),
    jpegSegment(0xfe, Buffer.from('taken at 12 Secret Lane', 'latin1')),
  ];
  const trailer = Buffer.concat([Buffer.from([0xff, 0xd8]), jpegExifSegment(cameraExif(null)), Buffer.from('after the end', 'latin1')]);
  return Buffer.concat([REAL_JPEG.subarray(0, 2), ...segments, REAL_JPEG.subarray(2), trailer]);
}

/** Where REAL_PNG's IHDR chunk ends (signature 8 + chunk 25). */
const AFTER_IHDR = 33;

/** REAL_PNG with eXIf, text, compressed text, XMP, the time, and data after IEND. */
export function pngWithMetadata(orientation: number | null): Buffer {
  const chunks = [
    pngChunk('eXIf', cameraExif(orientation)),
    pngChunk('tEXt', Buffer.from('Comment\0taken at 12 Secret Lane', 'latin1')),
    pngChunk('zTXt', Buffer.concat([Buffer.from('Raw profile type iptc\0\0', 'latin1'), deflateSync(iptc())])),
    pngChunk('iTXt', Buffer.concat([Buffer.from('XML:com.adobe.xmp\0\0\0\0\0', 'latin1'), XMP])),
    pngChunk('tIME', Buffer.from([0x07, 0xea, 5, 4, 10, 11, 12])),
  ];
  return Buffer.concat([REAL_PNG.subarray(0, AFTER_IHDR), ...chunks, REAL_PNG.subarray(AFTER_IHDR), Buffer.from('after the end', 'latin1')]);
}

const webpChunk = (fourcc: string, data: Buffer) => {
  const head = Buffer.alloc(8);
  head.write(fourcc, 0, 'latin1');
  head.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
};
const riff = (body: Buffer) => {
  const head = Buffer.alloc(12);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(body.length + 4, 4);
  head.write('WEBP', 8, 'latin1');
  return Buffer.concat([head, body]);
};
/** REAL_WEBP's chunks after its VP8X header (ICCP, VP8), and that header with `flags` set. */
const webpParts = (flags: number) => {
  const header = Buffer.from(REAL_WEBP.subarray(20, 30));
  header[0] = header[0]! | flags;
  return { vp8x: webpChunk('VP8X', header), rest: REAL_WEBP.subarray(30) };
};

/** REAL_WEBP with EXIF and XMP chunks (their VP8X flags set), and data after the RIFF. */
export function webpWithMetadata(orientation: number | null): Buffer {
  const { vp8x, rest } = webpParts(0x08 | 0x04);
  return Buffer.concat([riff(Buffer.concat([vp8x, rest, webpChunk('EXIF', cameraExif(orientation)), webpChunk('XMP ', XMP)])), Buffer.from('after the end', 'latin1')]);
}

const gifExtension = (label: number, blocks: Buffer[]) =>
  Buffer.concat([Buffer.from([0x21, label]), ...blocks.map((b) => Buffer.concat([Buffer.from([b.length]), b])), Buffer.from([0])]);
/** Sub-blocks of at most 255 bytes. */
const blocksOf = (data: Buffer) => Array.from({ length: Math.ceil(data.length / 255) }, (_, i) => data.subarray(i * 255, i * 255 + 255));
/** Where ONE_PIXEL_GIF's global colour table ends (header 6, screen 7, 2 colours × 3). */
const AFTER_COLOURS = 19;

/** ONE_PIXEL_GIF with a comment, an XMP and an ICC application extension, and data after the trailer. */
export function gifWithMetadata(): Buffer {
  const extensions = [
    gifExtension(0xfe, [Buffer.from('taken at 12 Secret Lane', 'latin1')]),
    gifExtension(0xff, [Buffer.from('XMP DataXMP', 'latin1'), ...blocksOf(XMP)]),
    gifExtension(0xff, [Buffer.from('ICCRGBG1012', 'latin1'), Buffer.from('ICCRGBG1 secret', 'latin1')]),
  ];
  return Buffer.concat([ONE_PIXEL_GIF.subarray(0, AFTER_COLOURS), ...extensions, ONE_PIXEL_GIF.subarray(AFTER_COLOURS), Buffer.from('after the end', 'latin1')]);
}

