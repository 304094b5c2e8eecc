import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { limits, messages } from '@familyos/contracts';
import { ApiClient, type ApiResponse } from '../support/api-client.js';
import { createFamily, PASSWORD, type Family, type Member } from '../support/factories.js';
import { ONE_PIXEL_GIF, ONE_PIXEL_PNG, photoForm, pngOfSize } from '../support/images.js';
import sharp from 'sharp';
import { gifWithMetadata, jpegWithMetadata, METADATA_WORDS, pngWithMetadata, webpWithMetadata } from '../support/photo-fixtures.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * SPEC §7 POST /api/upload-photo (multipart field `photo`) → {photoUrl}; DESIGN §5 (413) and §6: uploads are
 * checked by content, capped in size, and served with safe headers, to the photo's family only.
 */

const SUPERUSER = { username: 'root', password: 'superpassword1' };
const PHOTO_URL = /^\/api\/photos\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What libvips finds in served bytes: format, size (upright as stored), frames, and any metadata block at all. */
async function picture(bytes: Buffer) {
  const m = await sharp(bytes, { animated: true }).metadata();
  const blocks = [m.exif && 'exif', m.xmp && 'xmp', m.iptc && 'iptc', m.icc && 'icc', m.comments?.length && 'comments', m.orientation && 'orientation'];
  return { format: m.format, width: m.width, height: m.pageHeight ?? m.height, blocks: blocks.filter(Boolean) };
}

describe('photo uploads and serving over HTTP', () => {
  let server: TestServer;
  let ayes: Family;
  let bees: Family;
  let root: ApiClient;
  let anonymous: ApiClient;

  beforeAll(async () => {
    server = await startTestServer({ env: { FAMILYOS_SUPERUSER: `${SUPERUSER.username}:${SUPERUSER.password}` } });
    [ayes, bees] = await Promise.all([createFamily(server.url), createFamily(server.url)]);
    anonymous = new ApiClient(server.url);
    root = await anonymous.login(SUPERUSER.username, SUPERUSER.password);
  });
  afterAll(() => server.close());

  /** GET a photo as raw bytes (ApiClient reads text), with whatever credentials are given. */
  const fetchPhoto = async (photoUrl: string, headers: Record<string, string> = {}) => {
    const res = await fetch(server.url + photoUrl, { headers });
    return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
  };
  const bearer = (member: Member | ApiClient) => {
    const client = member instanceof ApiClient ? member : member.client;
    return { authorization: `Bearer ${client.token}` };
  };
  const upload = async (member: Member, bytes: Uint8Array = ONE_PIXEL_PNG, options: Parameters<typeof photoForm>[1] = {}) =>
    member.client.postForm('/api/upload-photo', photoForm(bytes, options));
  const expectError = (res: ApiResponse, status: number, message: string) => {
    expect({ status: res.status, error: res.body?.error }).toEqual({ status, error: message });
  };

  /** What is stored: blob files in DATA_DIR/photos and PhotoUploaded events in the log. */
  const stored = async () => {
    const dir = join(server.dataDir, 'photos');
    const files = existsSync(dir) ? readdirSync(dir).sort() : [];
    const events = await server.running.events.readAll(0, 1_000_000);
    return { files, uploads: events.filter((e) => e.type === 'PhotoUploaded').length };
  };

  it('a PNG → 201 {photoUrl}; GET answers the same bytes with the safe headers', async () => {
    const res = await upload(ayes.admin);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ photoUrl: expect.stringMatching(PHOTO_URL) });
    const id = res.body.photoUrl.split('/').pop();

    const photo = await fetchPhoto(res.body.photoUrl, bearer(ayes.kids[0]));
    expect(photo.status).toBe(200);
    expect(await picture(photo.bytes)).toEqual({ format: 'png', width: 1, height: 1, blocks: [] });
    expect({
      type: photo.headers.get('content-type'),
      nosniff: photo.headers.get('x-content-type-options'),
      disposition: photo.headers.get('content-disposition'),
      cache: photo.headers.get('cache-control'),
      csp: photo.headers.get('content-security-policy'),
      corp: photo.headers.get('cross-origin-resource-policy'),
      length: photo.headers.get('content-length'),
    }).toEqual({
      type: 'image/png',
      nosniff: 'nosniff',
      disposition: `inline; filename="${id}.png"`,
      cache: 'private, max-age=31536000, immutable',
      csp: "default-src 'none'; sandbox",
      corp: 'same-origin',
      length: String(photo.bytes.length),
    });
    expect(readFileSync(join(server.dataDir, 'photos', id)).equals(photo.bytes)).toBe(true);
  });

  it('?size=320|640|1280 answers the thumbnail that wide as WebP (never wider than the photo), with the same headers; ?size=original the original', async () => {
    const wide = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#e94' } }).jpeg().toBuffer();
    const { photoUrl } = (await upload(ayes.admin, wide, { filename: 'wide.jpg', type: 'image/jpeg' })).body;
    const id = photoUrl.split('/').pop();
    for (const width of limits.photo.widths) {
      const thumb = await fetchPhoto(`${photoUrl}?size=${width}`, bearer(ayes.kids[0]));
      expect(thumb.status).toBe(200);
      expect(await picture(thumb.bytes)).toEqual({ format: 'webp', width, height: (width * 3) / 4, blocks: [] });
      expect({
        type: thumb.headers.get('content-type'),
        disposition: thumb.headers.get('content-disposition'),
        cache: thumb.headers.get('cache-control'),
        csp: thumb.headers.get('content-security-policy'),
        nosniff: thumb.headers.get('x-content-type-options'),
      }).toEqual({
        type: 'image/webp',
        disposition: `inline; filename="${id}-${width}.webp"`,
        cache: 'private, max-age=31536000, immutable',
        csp: "default-src 'none'; sandbox",
        nosniff: 'nosniff',
      });
      // Another family's member learns nothing from a size either.
      expect((await fetchPhoto(`${photoUrl}?size=${width}`, bearer(bees.admin))).status).toBe(404);
    }
    const original = await fetchPhoto(`${photoUrl}?size=original`, bearer(ayes.kids[0]));
    expect(await picture(original.bytes)).toMatchObject({ format: 'jpeg', width: 1600, height: 1200 });
    expect((await fetchPhoto(`${photoUrl}?size=320`, bearer(ayes.kids[0]))).bytes.length).toBeLessThan(original.bytes.length / 4);
    // A small photo's thumbnails are the photo's own size.
    expect(await picture((await fetchPhoto(`${(await upload(ayes.admin)).body.photoUrl}?size=1280`, bearer(ayes.admin))).bytes)).toMatchObject({ width: 1, height: 1 });
  });

  it.each(['100', '0', 'huge', '640px', ''])('?size=%p → 400 naming size', async (size) => {
    const { photoUrl } = (await upload(ayes.admin)).body;
    const res = await fetchPhoto(`${photoUrl}?size=${size}`, bearer(ayes.admin));
    expect({ status: res.status, body: JSON.parse(res.bytes.toString()) }).toEqual({ status: 400, body: { error: messages.photoSize, details: [{ field: 'size', message: messages.photoSize }] } });
  });

  it('a photo stored before thumbnails were made has them made on its first request, and kept', async () => {
    const { photoUrl } = (await upload(ayes.admin, pngWithMetadata(null))).body;
    const id = photoUrl.split('/').pop();
    const kept = (width: number) => join(server.dataDir, 'photos', `${id}_w${width}`);
    for (const width of limits.photo.widths) {
      expect(existsSync(kept(width))).toBe(true);
      rmSync(kept(width));
      rmSync(`${kept(width)}.json`);
    }
    const thumb = await fetchPhoto(`${photoUrl}?size=640`, bearer(ayes.kids[0]));
    expect({ status: thumb.status, type: thumb.headers.get('content-type') }).toEqual({ status: 200, type: 'image/webp' });
    expect(await picture(thumb.bytes)).toEqual({ format: 'webp', width: 4, height: 3, blocks: [] });
    expect(readFileSync(kept(640)).equals(thumb.bytes)).toBe(true);
    expect(existsSync(kept(320))).toBe(false);
  });

  it('serves the type the bytes are, not the declared type or the file name', async () => {
    const res = await upload(ayes.kids[0], ONE_PIXEL_GIF, { filename: 'holiday.png', type: 'image/png' });
    expect(res.status).toBe(201);
    const id = res.body.photoUrl.split('/').pop();
    const photo = await fetchPhoto(res.body.photoUrl, bearer(ayes.admin));
    expect(photo.headers.get('content-type')).toBe('image/gif');
    expect(photo.headers.get('content-disposition')).toBe(`inline; filename="${id}.gif"`);
    expect(await picture(photo.bytes)).toEqual({ format: 'gif', width: 1, height: 1, blocks: [] });
    const event = (await server.running.events.readStream(`photo-${id}`))[0]!;
    expect(event.data).toMatchObject({ photoId: id, contentType: 'image/gif', size: photo.bytes.length, uploadedBy: ayes.kids[0].id });
    expect(JSON.stringify(event.data)).not.toContain('holiday');
  });

  it.each(['manager', 'child'] as const)('a %s may upload too', async (role) => {
    const member = role === 'manager' ? ayes.manager : ayes.kids[1];
    const res = await upload(member);
    expect(res.status).toBe(201);
    expect((await fetchPhoto(res.body.photoUrl, bearer(ayes.admin))).status).toBe(200);
  });

  it('a family-less superuser cannot upload (404) and anonymous callers cannot (401); nothing is stored', async () => {
    const before = await stored();
    expectError(await root.postForm('/api/upload-photo', photoForm(ONE_PIXEL_PNG)), 404, 'Family not found');
    expectError(await anonymous.postForm('/api/upload-photo', photoForm(ONE_PIXEL_PNG)), 401, messages.signInRequired);
    expect(await stored()).toEqual(before);
  });

  it.each([
    ['a text file named photo.png, declared image/png', Buffer.from('hello, I am text pretending to be a picture\n'), 'photo.png', 'image/png'],
    ['an SVG with a script', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'cat.svg', 'image/svg+xml'],
    ['an HTML page declared image/jpeg', Buffer.from('<!doctype html><script>alert(1)</script>'), 'cat.jpg', 'image/jpeg'],
  ])('%s → 400 photoNotImage, nothing stored', async (_label, bytes, filename, type) => {
    const before = await stored();
    expectError(await upload(ayes.admin, bytes, { filename, type }), 400, messages.photoNotImage);
    expect(await stored()).toEqual(before);
  });

  it(`an image of limits.photo.maxBytes + 1 bytes → 413 "${messages.photoTooLarge}", nothing stored`, async () => {
    const before = await stored();
    expectError(await upload(ayes.admin, pngOfSize(limits.photo.maxBytes + 1)), 413, messages.photoTooLarge);
    expect(await stored()).toEqual(before);
    // The connection is still usable and the server answers the next request.
    expect((await ayes.admin.client.get('/api/announcements')).status).toBe(200);
  });

  it('an image of exactly limits.photo.maxBytes is accepted, the same picture', async () => {
    const bytes = pngOfSize(limits.photo.maxBytes);
    const res = await upload(ayes.admin, bytes);
    expect(res.status).toBe(201);
    const photo = await fetchPhoto(res.body.photoUrl, bearer(ayes.admin));
    expect(await picture(photo.bytes)).toEqual({ ...(await picture(bytes)), format: 'png', blocks: [] });
  });

  it.each<[string, () => FormData | Record<string, unknown>]>([
    ['a form without the photo field', () => {
      const form = new FormData();
      form.append('caption', 'no file here');
      return form;
    }],
    ['the file under another field name', () => photoForm(ONE_PIXEL_PNG, { field: 'image' })],
    ['an empty file', () => photoForm(new Uint8Array(0))],
    ['a JSON body', () => ({ photo: ONE_PIXEL_PNG.toString('base64') })],
  ])('%s → 400 photoRequired, nothing stored', async (_label, body) => {
    const before = await stored();
    const payload = body();
    const res = payload instanceof FormData ? await ayes.admin.client.postForm('/api/upload-photo', payload) : await ayes.admin.client.post('/api/upload-photo', payload);
    expectError(res, 400, messages.photoRequired);
    expect(await stored()).toEqual(before);
  });

  it('a multipart body anywhere else is 415; JSON keeps working there', async () => {
    const form = new FormData();
    form.append('content', 'Sneaky multipart announcement');
    expectError(await ayes.admin.client.postForm('/api/announcements', form), 415, 'Send JSON with content-type application/json');
    expect((await ayes.admin.client.post('/api/announcements', { content: 'Plain JSON' })).status).toBe(201);
    const list = (await ayes.admin.client.get('/api/announcements')).body.map((a: any) => a.content);
    expect(list).toContain('Plain JSON');
    expect(list).not.toContain('Sneaky multipart announcement');
  });

  describe('who may see a photo', () => {
    let photoUrl: string;
    beforeAll(async () => {
      const res = await upload(ayes.kids[0]);
      expect(res.status).toBe(201);
      photoUrl = res.body.photoUrl;
    });

    it.each(['admin', 'manager', 'child'] as const)('another family’s %s gets 404, with no bytes', async (role) => {
      const bee = role === 'admin' ? bees.admin : role === 'manager' ? bees.manager : bees.kids[0];
      const photo = await fetchPhoto(photoUrl, bearer(bee));
      expect(photo.status).toBe(404);
      expect(JSON.parse(photo.bytes.toString())).toEqual({ error: 'Photo not found' });
    });

    it('a family-less superuser gets 404, anonymous callers 401', async () => {
      expect((await fetchPhoto(photoUrl, bearer(root))).status).toBe(404);
      const photo = await fetchPhoto(photoUrl);
      expect(photo.status).toBe(401);
      expect(photo.bytes.includes(ONE_PIXEL_PNG)).toBe(false);
    });

    it('the session cookie alone is enough, as for a browser <img src> (no Authorization header)', async () => {
      const login = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: ayes.manager.username, password: PASSWORD }),
      });
      expect(login.status).toBe(200);
      const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      expect(cookie).toMatch(/^familyos_session=/);
      const photo = await fetchPhoto(photoUrl, { cookie });
      expect(photo.status).toBe(200);
      expect(photo.bytes.equals((await fetchPhoto(photoUrl, bearer(ayes.kids[0]))).bytes)).toBe(true);
      // And a cookie of another family's member is refused like its bearer token.
      const beeLogin = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: bees.kids[0].username, password: PASSWORD }),
      });
      const beeCookie = beeLogin.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      expect((await fetchPhoto(photoUrl, { cookie: beeCookie })).status).toBe(404);
    });

    it.each(['/api/photos/00000000-0000-4000-8000-000000000000', '/api/photos/not-a-uuid', '/api/photos/..%2F..%2Fevents.sqlite'])(
      '%s → 404',
      async (path) => {
        expect((await fetchPhoto(path, bearer(ayes.admin))).status).toBe(404);
      },
    );
  });

  describe('photos keep no metadata (decisions 031, 055)', () => {
    it.each([
      ['a JPEG from a phone (Exif with GPS, camera and time; XMP; IPTC; MPF; a comment; a second picture after EOI)', jpegWithMetadata(6), '3x4', 'image/jpeg', 'jpg'],
      ['a PNG (eXIf, tEXt, zTXt IPTC, iTXt XMP, tIME, data after IEND)', pngWithMetadata(6), '3x4', 'image/png', 'png'],
      ['an extended WebP (EXIF and XMP chunks, their VP8X flags, data after the RIFF)', webpWithMetadata(6), '3x4', 'image/webp', 'webp'],
      ['a GIF (a comment, XMP and ICC application extensions, data after the trailer)', gifWithMetadata(), '1x1', 'image/gif', 'gif'],
      ['a JPEG whose Exif has no orientation', jpegWithMetadata(null), '4x3', 'image/jpeg', 'jpg'],
    ])('%s is stored and served without it, the same picture upright, and so are its thumbnails', async (_label, dirty, upright, type, extension) => {
      const carried = (bytes: Buffer) => METADATA_WORDS.filter((word) => bytes.includes(Buffer.from(word, 'latin1')));
      expect(carried(dirty).length).toBeGreaterThanOrEqual(4);
      const res = await upload(ayes.kids[0], dirty, { filename: `holiday.${extension}`, type });
      expect(res.status).toBe(201);
      const id = res.body.photoUrl.split('/').pop();

      const served = await fetchPhoto(res.body.photoUrl, bearer(ayes.admin));
      expect({ status: served.status, type: served.headers.get('content-type'), length: served.headers.get('content-length') }).toEqual({
        status: 200,
        type,
        length: String(served.bytes.length),
      });
      expect(carried(served.bytes)).toEqual([]);
      // Re-encoded from its pixels alone, turned upright by its orientation: no metadata block of any kind is left.
      const [width, height] = upright.split('x').map(Number);
      expect(await picture(served.bytes)).toEqual({ format: extension === 'jpg' ? 'jpeg' : extension, width, height, blocks: [] });
      for (const size of limits.photo.widths) {
        const thumb = await fetchPhoto(`${res.body.photoUrl}?size=${size}`, bearer(ayes.admin));
        expect(carried(thumb.bytes)).toEqual([]);
        expect(await picture(thumb.bytes)).toEqual({ format: 'webp', width, height, blocks: [] });
      }
      // What is on disk is what is served, and the log's size and sha256 are of it (backup verification holds).
      const stored = readFileSync(join(server.dataDir, 'photos', id));
      expect(stored.equals(served.bytes)).toBe(true);
      const event = (await server.running.events.readStream(`photo-${id}`))[0]!;
      expect(event.data).toMatchObject({ size: served.bytes.length, sha256: createHash('sha256').update(served.bytes).digest('hex'), contentType: type });
    });

    it('bytes that sniff as an image but are not a whole one cannot be cleaned, so are refused (400), nothing stored', async () => {
      const before = await stored();
      const broken = jpegWithMetadata(6).subarray(0, 400);
      expectError(await upload(ayes.admin, broken, { filename: 'cut.jpg', type: 'image/jpeg' }), 400, messages.photoNotImage);
      expectError(await upload(ayes.admin, pngWithMetadata(null).subarray(0, 60)), 400, messages.photoNotImage);
      expect(await stored()).toEqual(before);
    });
  });

  it('the audit log says who uploaded a photo', async () => {
    const family = await createFamily(server.url);
    expect((await upload(family.kids[0])).status).toBe(201);
    const audit = await family.admin.client.get('/api/audit-logs');
    expect(audit.body.map((r: any) => [r.action, r.actorId, r.summary])).toContainEqual(['photo_uploaded', family.kids[0].id, 'Ada uploaded a photo']);
  });
});
