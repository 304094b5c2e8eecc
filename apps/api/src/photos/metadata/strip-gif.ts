const NETSCAPE = Buffer.from('NETSCAPE2.0', 'latin1');
const ANIMEXTS = Buffer.from('ANIMEXTS1.0', 'latin1');

const TRAILER = 0x3b;
const IMAGE = 0x2c;
const EXTENSION = 0x21;
const GRAPHIC_CONTROL = 0xf9;
const APPLICATION = 0xff;

/** Where the data sub-blocks starting at `pos` end (after their zero terminator), or -1 when they run off the end. */
function subBlocksEnd(bytes: Buffer, pos: number): number {
  let i = pos;
  while (i < bytes.length) {
    const size = bytes[i]!;
    i += 1 + size;
    if (size === 0) return i;
  }
  return -1;
}

const colorTableSize = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);

/**
 * The GIF without its metadata, or null when it is not a readable GIF. Kept: the screen, colour tables, images,
 * graphic control (delays, transparency) and the looping extension of animations. Dropped: comments, plain-text
 * extensions (no browser draws them), every other application extension (XMP, ICC, editors' data) and anything
 * after the trailer.
 */
export function stripGif(bytes: Buffer): Buffer | null {
  if (bytes.length < 13) return null;
  let pos = 13 + colorTableSize(bytes[10]!);
  if (pos > bytes.length) return null;
  const out: Buffer[] = [bytes.subarray(0, pos)];
  while (pos < bytes.length) {
    const introducer = bytes[pos]!;
    if (introducer === TRAILER) {
      out.push(Buffer.from([TRAILER]));
      return Buffer.concat(out);
    }
    let end: number;
    let keep: boolean;
    if (introducer === IMAGE) {
      if (pos + 10 > bytes.length) return null;
      // Descriptor (10 bytes), local colour table, LZW code size (1 byte), then the image's sub-blocks.
      const data = pos + 10 + colorTableSize(bytes[pos + 9]!) + 1;
      end = data > bytes.length ? -1 : subBlocksEnd(bytes, data);
      keep = true;
    } else if (introducer === EXTENSION && pos + 2 < bytes.length) {
      const label = bytes[pos + 1]!;
      end = subBlocksEnd(bytes, pos + 2);
      const identifier = bytes.subarray(pos + 3, pos + 3 + 11);
      keep = label === GRAPHIC_CONTROL || (label === APPLICATION && bytes[pos + 2] === 11 && (identifier.equals(NETSCAPE) || identifier.equals(ANIMEXTS)));
    } else {
      return null;
    }
    if (end < 0) return null;
    if (keep) out.push(bytes.subarray(pos, end));
    pos = end;
  }
  return null;
}
