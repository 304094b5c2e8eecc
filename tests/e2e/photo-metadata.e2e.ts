import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gifWithMetadata, jpegWithMetadata, METADATA_WORDS, pngWithMetadata, webpWithMetadata } from '../support/photo-fixtures.js';
import { expect, test } from './support/fixtures.js';
import { checkA11y } from './support/a11y.js';
import { NAMES, PASSWORD } from './support/family.js';
import { openAs } from './support/session.js';

/**
 * Decisions 031 and 055: a photo is stored re-encoded without its metadata, and what is left is still a picture a
 * browser draws. The fixtures are a 4×3 picture; the JPEG, PNG and WebP say "rotate 90° clockwise" in their Exif
 * (orientation 6), which the server applies to the pixels, so Chromium shows all three 3 wide and 4 high.
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
  await expect(photo).toHaveAttribute('srcset', /^\/api\/photos\/[^ ]+\?size=320 320w, /);
  // Upright (taller than wide; srcset scales both sides alike), and a thumbnail, not the original, was loaded.
  await expect
    .poll(() => photo.evaluate((img) => {
      const image = img as unknown as { complete: boolean; naturalWidth: number; naturalHeight: number; currentSrc: string };
      if (!image.complete || image.naturalWidth === 0) return 'loading';
      return `${image.naturalHeight > image.naturalWidth ? 'portrait' : 'landscape'} ${new URL(image.currentSrc).search}`;
    }))
    .toMatch(/^portrait \?size=\d+$/);
  await checkA11y(page, 'an announcement with a photo and its link to the original');
  // The bytes the browser got, and the original a tap opens, read with the page's own cookie.
  const thumbnail = await photo.evaluate((img) => (img as unknown as { currentSrc: string }).currentSrc);
  const original = await posted.getByRole('link', { name: `Open the full-size photo shared by ${NAMES.admin}` }).getAttribute('href');
  for (const url of [thumbnail, original!]) {
    const served = Buffer.from(await (await page.request.get(url)).body());
    expect(METADATA_WORDS.filter((word) => served.includes(Buffer.from(word, 'latin1')))).toEqual([]);
  }
});

test('a PNG, an extended WebP and a GIF re-encoded without their metadata still decode in the browser, upright, as their thumbnails do', async ({ page, freshFamily }) => {
  await openAs(page, freshFamily.admin.username, PASSWORD, '/announcements');
  const uploads: [string, Buffer, string][] = [
    ['png', pngWithMetadata(6), '3x4'],
    ['webp', webpWithMetadata(6), '3x4'],
    ['gif', gifWithMetadata(), '1x1'],
  ];
  for (const [extension, bytes, size] of uploads) {
    const res = await page.request.post('/api/upload-photo', {
      multipart: { photo: { name: `holiday.${extension}`, mimeType: 'application/octet-stream', buffer: bytes } },
    });
    expect(res.status(), await res.text()).toBe(201);
    const { photoUrl } = (await res.json()) as { photoUrl: string };
    const drawn = await page.evaluate(async (sources) => {
      // Runs in the page: an Image loads with the session cookie, as an <img> in the app does.
      const sizes: string[] = [];
      for (const src of sources) {
        const image = new (globalThis as unknown as { Image: new () => { src: string; naturalWidth: number; naturalHeight: number; decode(): Promise<void> } }).Image();
        image.src = src;
        await image.decode();
        sizes.push(`${image.naturalWidth}x${image.naturalHeight}`);
      }
      return sizes;
    }, [photoUrl, `${photoUrl}?size=320`]);
    expect({ extension, drawn }).toEqual({ extension, drawn: [size, size] });
  }
});
