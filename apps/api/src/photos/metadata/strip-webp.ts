import { orientationOf, orientationOnly } from './exif-orientation.js';

const EXIF_PREFIX = Buffer.from('Exif\0\0', 'latin1');
/** VP8X flags (WebP container spec): the file holds an EXIF chunk, an XMP chunk. */
const EXIF_FLAG = 0x08;
const XMP_FLAG = 0x04;

/**
 * The chunks an extended WebP needs to be drawn: its header, ICC profile, animation, frames, alpha and the
 * bitstreams. Dropped: EXIF (but its orientation), XMP and every chunk this list does not know.
 */
const KEPT = new Set(['VP8X', 'ICCP', 'ANIM', 'ANMF', 'ALPH', 'VP8 ', 'VP8L']);

function chunk(fourcc: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(fourcc, 0, 'latin1');
  head.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
}

/**
 * The WebP without its metadata, with VP8X's EXIF and XMP flags saying what is left, or null when it is not a
 * readable WebP. A simple WebP (one VP8 or VP8L chunk) has no room for metadata: only that chunk is kept.
 */
export function stripWebp(bytes: Buffer): Buffer | null {
  if (bytes.length < 20 || bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WEBP') return null;
  const riffEnd = 8 + bytes.readUInt32LE(4);
  if (riffEnd > bytes.length || riffEnd < 20) return null;
  const chunks: { fourcc: string; data: Buffer }[] = [];
  let pos = 12;
  while (pos + 8 <= riffEnd) {
    const fourcc = bytes.toString('latin1', pos, pos + 4);
    const size = bytes.readUInt32LE(pos + 4);
    if (pos + 8 + size > riffEnd) return null;
    chunks.push({ fourcc, data: bytes.subarray(pos + 8, pos + 8 + size) });
    pos += 8 + size + (size % 2);
  }
  const [first] = chunks;
  if (!first) return null;
  let kept: Buffer[];
  if (first.fourcc === 'VP8 ' || first.fourcc === 'VP8L') {
    kept = [chunk(first.fourcc, first.data)];
  } else if (first.fourcc === 'VP8X' && first.data.length >= 10) {
    const header = Buffer.from(first.data);
    header[0] = header[0]! & ~(EXIF_FLAG | XMP_FLAG);
    kept = [];
    for (const { fourcc, data } of chunks.slice(1)) {
      if (fourcc === 'EXIF') {
        const tiff = data.subarray(0, EXIF_PREFIX.length).equals(EXIF_PREFIX) ? data.subarray(EXIF_PREFIX.length) : data;
        const orientation = orientationOf(tiff);
        if (orientation && !(header[0]! & EXIF_FLAG)) {
          header[0] = header[0]! | EXIF_FLAG;
          kept.push(chunk('EXIF', orientationOnly(orientation)));
        }
      } else if (KEPT.has(fourcc) && fourcc !== 'VP8X') {
        kept.push(chunk(fourcc, data));
      }
    }
    kept.unshift(chunk('VP8X', header));
  } else {
    return null;
  }
  const body = Buffer.concat(kept);
  const head = Buffer.alloc(12);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(body.length + 4, 4);
  head.write('WEBP', 8, 'latin1');
  return Buffer.concat([head, body]);
}
