import { orientationOf, orientationOnly } from './exif-orientation.js';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The chunks drawing the picture needs: the critical ones, transparency, colour (gamma, chromaticities, ICC,
 * sRGB, CICP and HDR levels), significant bits, background, pixel size and APNG animation. Dropped: every text
 * chunk (tEXt, zTXt, iTXt: where XMP and editors' notes live), eXIf (but its orientation), tIME, suggested
 * palettes (named) and every chunk this list does not know.
 */
const KEPT = new Set([
  'IHDR',
  'PLTE',
  'IDAT',
  'IEND',
  'tRNS',
  'cHRM',
  'gAMA',
  'iCCP',
  'sBIT',
  'sRGB',
  'cICP',
  'mDCV',
  'cLLI',
  'bKGD',
  'hIST',
  'pHYs',
  'acTL',
  'fcTL',
  'fdAT',
]);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** PNG's CRC-32 (ISO 3309) over a chunk's type and data. */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A whole chunk (length, type, data, CRC). */
export function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const chunk = Buffer.alloc(body.length + 8);
  chunk.writeUInt32BE(data.length, 0);
  body.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(body), body.length + 4);
  return chunk;
}

/** The PNG without its metadata (an eXIf orientation is kept, alone), or null when it is not a readable PNG. */
export function stripPng(bytes: Buffer): Buffer | null {
  if (bytes.length < SIGNATURE.length || !bytes.subarray(0, SIGNATURE.length).equals(SIGNATURE)) return null;
  const out: Buffer[] = [SIGNATURE];
  let pos = SIGNATURE.length;
  let first = true;
  while (pos + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(pos);
    const type = bytes.toString('latin1', pos + 4, pos + 8);
    const end = pos + 12 + length;
    if (!/^[A-Za-z]{4}$/.test(type) || end > bytes.length) return null;
    if (first && type !== 'IHDR') return null;
    first = false;
    const chunk = bytes.subarray(pos, end);
    pos = end;
    if (type === 'eXIf') {
      const orientation = orientationOf(chunk.subarray(8, 8 + length));
      if (orientation) out.push(pngChunk('eXIf', orientationOnly(orientation)));
    } else if (KEPT.has(type)) {
      out.push(chunk);
      // Whatever follows IEND is not part of the image.
      if (type === 'IEND') return Buffer.concat(out);
    } else if (type.charCodeAt(0) < 0x61) {
      // A critical chunk no browser knows: the picture could not be drawn anyway.
      return null;
    }
  }
  return null;
}
