import { extensionOf, sniffImageType } from './sniff-image.js';

const bytes = (...parts: Array<number[] | string>) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'latin1')] : p)));

/** A real 1×1 PNG, as an image editor writes it. */
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('sniffImageType: the type is what the bytes are', () => {
  it.each<[string, Uint8Array, string]>([
    ['a real 1×1 PNG', new Uint8Array(ONE_PIXEL_PNG), 'image/png'],
    ['a PNG signature followed by anything', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'rest'), 'image/png'],
    ['a JPEG (JFIF)', bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF'), 'image/jpeg'],
    ['a JPEG (Exif)', bytes([0xff, 0xd8, 0xff, 0xe1]), 'image/jpeg'],
    ['a GIF87a', bytes('GIF87a', [1, 0, 1, 0]), 'image/gif'],
    ['a GIF89a', bytes('GIF89a', [1, 0, 1, 0]), 'image/gif'],
    ['a WebP', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
  ])('recognises %s', (_label, input, expected) => {
    expect(sniffImageType(input)).toBe(expected);
  });

  it.each<[string, Uint8Array]>([
    ['nothing', new Uint8Array()],
    ['a text file (even one named photo.png)', bytes('hello, this is not a picture\n')],
    ['an SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['an SVG with an XML declaration', bytes('<?xml version="1.0"?><svg/>')],
    ['HTML', bytes('<!doctype html><html><body>hi</body></html>')],
    ['a PDF', bytes('%PDF-1.7\n')],
    ['a PNG signature cut short', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a])],
    ['a PNG signature off by one byte', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0b])],
    ['two of the three JPEG bytes', bytes([0xff, 0xd8])],
    ['GIF88a (no such version)', bytes('GIF88a')],
    ['a RIFF that is not WebP (a WAV)', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt ')],
    ['a RIFF header too short to say', bytes('RIFF', [0, 0, 0, 0], 'WEB')],
    ['the PNG signature not at the start', bytes([0x00, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
  ])('refuses %s', (_label, input) => {
    expect(sniffImageType(input)).toBeNull();
  });

  it('names the served file by the sniffed type', () => {
    expect(['image/jpeg', 'image/png', 'image/gif', 'image/webp'].map(extensionOf)).toEqual(['jpg', 'png', 'gif', 'webp']);
  });
});
