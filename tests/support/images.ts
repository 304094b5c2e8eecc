/** Real image bytes for upload tests, made here rather than read from files. */

/** A valid 1×1 PNG (IHDR, IDAT and IEND with correct CRCs). */
export const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A valid 1×1 transparent GIF89a. */
export const ONE_PIXEL_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** A form with one file part, as a browser's file input sends it. */
export function photoForm(bytes: Uint8Array, options: { field?: string; filename?: string; type?: string } = {}): FormData {
  const form = new FormData();
  form.append(options.field ?? 'photo', new Blob([bytes], { type: options.type ?? 'image/png' }), options.filename ?? 'photo.png');
  return form;
}

/** A PNG signature followed by padding: exactly `size` bytes that sniff as a PNG. */
export function pngOfSize(size: number): Buffer {
  const bytes = Buffer.alloc(size, 0x2a);
  ONE_PIXEL_PNG.copy(bytes, 0, 0, Math.min(ONE_PIXEL_PNG.length, size));
  return bytes;
}
