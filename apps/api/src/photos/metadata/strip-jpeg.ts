import { orientationOf, orientationOnly } from './exif-orientation.js';

const EXIF = Buffer.from('Exif\0\0', 'latin1');
const JFIF = Buffer.from('JFIF\0', 'latin1');
const ICC = Buffer.from('ICC_PROFILE\0', 'latin1');
const ADOBE = Buffer.from('Adobe', 'latin1');

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP2 = 0xe2;
const APP14 = 0xee;
const COM = 0xfe;

/** Markers that stand alone, without a length: RST0–7 and TEM. */
const standalone = (marker: number) => (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01;

/**
 * Which segments decoding needs: JFIF's APP0 (pixel aspect), the ICC profile in APP2 (the photo's colours: a
 * wide-gamut phone photo looks washed out without it) and Adobe's APP14 (how CMYK and YCCK are stored), and every
 * non-APP segment (tables, frame, scans). Dropped: Exif and XMP (APP1), IPTC and Photoshop data (APP13), MPF
 * and FlashPix (other APP2), maker and editor blocks (APP3–APP15), comments (COM), and anything after EOI
 * (secondary images with their own Exif, motion-photo videos).
 */
function keeps(marker: number, payload: Buffer): boolean {
  if (marker === APP0) return payload.subarray(0, JFIF.length).equals(JFIF);
  if (marker === APP2) return payload.subarray(0, ICC.length).equals(ICC);
  if (marker === APP14) return payload.subarray(0, ADOBE.length).equals(ADOBE);
  if (marker >= APP0 && marker <= 0xef) return false;
  return marker !== COM;
}

function segment(marker: number, payload: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

/** Where the entropy-coded data that starts at `from` ends: the next marker that is not a stuffed byte or RSTn. */
function scanEnd(bytes: Buffer, from: number): number {
  let i = from;
  while (i < bytes.length - 1) {
    if (bytes[i] === 0xff) {
      const next = bytes[i + 1]!;
      if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) {
        i += 2;
        continue;
      }
      return i;
    }
    i += 1;
  }
  return bytes.length;
}

/** The JPEG without its metadata (an Exif orientation is kept, alone), or null when it is not a readable JPEG. */
export function stripJpeg(bytes: Buffer): Buffer | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== SOI) return null;
  const out: Buffer[] = [Buffer.from([0xff, SOI])];
  let pos = 2;
  let orientationWritten = false;
  let scanned = false;
  while (pos < bytes.length) {
    if (bytes[pos] !== 0xff) return null;
    // Fill bytes: any number of 0xFF may precede a marker.
    while (bytes[pos] === 0xff && pos < bytes.length) pos += 1;
    if (pos >= bytes.length) break;
    const marker = bytes[pos]!;
    pos += 1;
    if (marker === EOI) {
      out.push(Buffer.from([0xff, EOI]));
      return Buffer.concat(out);
    }
    if (marker === SOI || marker === 0x00) return null;
    if (standalone(marker)) {
      out.push(Buffer.from([0xff, marker]));
      continue;
    }
    if (pos + 2 > bytes.length) return null;
    const length = bytes.readUInt16BE(pos);
    if (length < 2 || pos + length > bytes.length) return null;
    const payload = bytes.subarray(pos + 2, pos + length);
    pos += length;
    if (marker === APP1 && payload.subarray(0, EXIF.length).equals(EXIF) && !orientationWritten) {
      orientationWritten = true;
      const orientation = orientationOf(payload.subarray(EXIF.length));
      if (orientation) out.push(segment(APP1, Buffer.concat([EXIF, orientationOnly(orientation)])));
    } else if (keeps(marker, payload)) {
      out.push(segment(marker, payload));
    }
    if (marker === SOS) {
      scanned = true;
      const end = scanEnd(bytes, pos);
      out.push(bytes.subarray(pos, end));
      pos = end;
    }
  }
  // Cut off after its image data (a truncated upload): decoders show what there is; end it properly.
  if (!scanned) return null;
  out.push(Buffer.from([0xff, EOI]));
  return Buffer.concat(out);
}
