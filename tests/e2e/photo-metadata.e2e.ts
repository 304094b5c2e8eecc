import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gifWithMetadata, jpegWithMetadata, METADATA_WORDS, pngWithMetadata, webpWithMetadata } from '../support/photo-fixtures.js';
import { expect, test } from './support/fixtures.js';
import { NAMES, PASSWORD } from './support/family.js';
import { openAs } from './support/session.js';

/**
 * Issue 18, decision 031: a photo is stored without its metadata, and what is left is still a picture a browser
 * draws. The fixtures are a 4×3 picture; the JPEG, PNG and WebP say "rotate 90° clockwise" in their Exif
 * (orientation 6), which the stored photo keeps, so Chromium shows the JPEG and the PNG 3 wide and 4 high (it
 * does not turn a WebP by its EXIF, with or without the rest of the metadata).
 */

test('a phone photo with its GPS position posted to an announcement shows upright, and none of its metadata reaches the browser', async ({ page, freshFamily }) => {
  const path = join(tmpdir(), `familyos-e2e-${randomBytes(4).toString('hex')}.jpg`);
  writeFileSync(path, jpegWithMetadata(6));
  await openAs(page, freshFamily.admin.username, PASSWORD, '/announcements');
  const text = `From the beach ${randomBytes(3).toString('hex')}`;
  await page.getByRole('textbox', { name: "What's happening?" }).fill(text);
  await page.getByTestId('photo-input').setInputFiles(path);
  await page.getByRole('button', { name: 'Post Announcement' }).click();
  const posted = page.getByRole('article').filter({ hasText: text });
  const photo = posted.getByRole('img', { name: `Photo shared by ${NAMES.admin}` });
  await expect(photo).toHaveAttribute('src', /^\/api\/photos\//);
  await expect
    .poll(() => photo.evaluate((img) => {
      const image = img as unknown as { complete: boolean; naturalWidth: number; naturalHeight: number };
      return image.complete ? `${image.naturalWidth}x${image.naturalHeight}` : 'loading';
    }))
    .toBe('3x4');
  // The bytes the browser got, read with the page's own cookie.
  const served = Buffer.from(await (await page.request.get((await photo.getAttribute('src'))!)).body());
  expect(METADATA_WORDS.filter((word) => served.includes(Buffer.from(word, 'latin1')))).toEqual([]);
});

test('a PNG, an extended WebP and a GIF stripped of their metadata still decode in the browser, at their size', async ({ page, freshFamily }) => {
  await openAs(page, freshFamily.admin.username, PASSWORD, '/announcements');
  const uploads: [string, Buffer, string][] = [
    ['png', pngWithMetadata(6), '3x4'],
    ['webp', webpWithMetadata(6), '4x3'],
    ['gif', gifWithMetadata(), '1x1'],
  ];
  for (const [extension, bytes, size] of uploads) {
    const res = await page.request.post('/api/upload-photo', {
      multipart: { photo: { name: `holiday.${extension}`, mimeType: 'application/octet-stream', buffer: bytes } },
    });
    expect(res.status(), await res.text()).toBe(201);
    const { photoUrl } = (await res.json()) as { photoUrl: string };
    const drawn = await page.evaluate(async (src) => {
      // Runs in the page: an Image loads with the session cookie, as an <img> in the app does.
      const image = new (globalThis as unknown as { Image: new () => { src: string; naturalWidth: number; naturalHeight: number; decode(): Promise<void> } }).Image();
      image.src = src;
      await image.decode();
      return `${image.naturalWidth}x${image.naturalHeight}`;
    }, photoUrl);
    expect({ extension, drawn }).toEqual({ extension, drawn: size });
  }
});
