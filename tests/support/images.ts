import { crc32 } from 'node:zlib';

/** Real image bytes for upload tests, made here rather than read from files. */

/** A valid 1×1 PNG (IHDR, IDAT and IEND with correct CRCs). */
export const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A valid 1×1 transparent GIF89a. */
export const ONE_PIXEL_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** A whole PNG chunk: length, type, data and the CRC-32 of type and data. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const chunk = Buffer.alloc(body.length + 8);
  chunk.writeUInt32BE(data.length, 0);
  body.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(body), body.length + 4);
  return chunk;
}

/** A form with one file part, as a browser's file input sends it. */
export function photoForm(bytes: Uint8Array, options: { field?: string; filename?: string; type?: string } = {}): FormData {
  const form = new FormData();
  form.append(options.field ?? 'photo', new Blob([bytes], { type: options.type ?? 'image/png' }), options.filename ?? 'photo.png');
  return form;
}

/** Adler-32 (RFC 1950), the checksum closing a zlib stream. */
function adler32(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (let i = 0; i < bytes.length; i += 5_552) {
    for (const byte of bytes.subarray(i, i + 5_552)) {
      a += byte;
      b += a;
    }
    a %= 65_521;
    b %= 65_521;
  }
  return ((b << 16) | a) >>> 0;
}

/**
 * A real PNG of exactly `size` bytes (at least 69): one row of grey pixels, stored uncompressed, with `tag`
 * written into the pixels so that two such images differ. Whole and well-formed, so it is kept as it is.
 */
export function pngOfSize(size: number, tag = ''): Buffer {
  // Signature 8, IHDR 25, IDAT's length, type and CRC 12, IEND 12, zlib's header 2 and Adler-32 4.
  const payload = size - 63;
  const blocks = Math.ceil(payload / 65_540);
  const raw = Buffer.alloc(payload - 5 * blocks, 0x2a);
  raw[0] = 0; // the row's filter: none
  raw.write(tag, 1, 'latin1');
  const zlib = [Buffer.from([0x78, 0x01])];
  for (let i = 0; i < blocks; i++) {
    const part = raw.subarray(Math.floor((raw.length * i) / blocks), Math.floor((raw.length * (i + 1)) / blocks));
    const head = Buffer.from([i === blocks - 1 ? 1 : 0, 0, 0, 0, 0]);
    head.writeUInt16LE(part.length, 1);
    head.writeUInt16LE(part.length ^ 0xffff, 3);
    zlib.push(head, part);
  }
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(adler32(raw));
  zlib.push(adler);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(raw.length - 1, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr[8] = 8; // bit depth; colour type 0 (grey), deflate, no interlace
  const png = Buffer.concat([ONE_PIXEL_PNG.subarray(0, 8), pngChunk('IHDR', ihdr), pngChunk('IDAT', Buffer.concat(zlib)), pngChunk('IEND', Buffer.alloc(0))]);
  if (png.length !== size) throw new Error(`pngOfSize(${size}) made ${png.length} bytes`);
  return png;
}
