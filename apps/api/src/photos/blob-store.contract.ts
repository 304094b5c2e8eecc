import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { BlobStore } from './blob-store.js';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * The behaviour every blob adapter must have. `open` returns a fresh store (over data that may already hold
 * other tests' blobs); `openAgain` a second store over the same data, as another api replica would see it.
 */
export function blobStoreContract(open: () => Promise<BlobStore>, openAgain: () => Promise<BlobStore>): void {
  let store: BlobStore;
  beforeEach(async () => {
    store = await open();
  });
  afterEach(async () => {
    await store.close();
  });

  it('gives back exactly the bytes and content type it was given', async () => {
    const id = randomUUID();
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]);
    await store.put(id, bytes, 'image/png');
    const blob = await store.get(id);
    expect(blob).not.toBeNull();
    expect(Buffer.isBuffer(blob!.bytes)).toBe(true);
    expect([...blob!.bytes]).toEqual([...bytes]);
    expect(blob!.contentType).toBe('image/png');
  });

  it('keeps several megabytes intact (more than one GridFS chunk)', async () => {
    const id = randomUUID();
    const bytes = randomBytes(5 * 1024 * 1024 + 7);
    await store.put(id, bytes, 'image/jpeg');
    const blob = await store.get(id);
    expect(blob!.bytes.length).toBe(bytes.length);
    expect(sha256(blob!.bytes)).toBe(sha256(bytes));
  });

  it('answers null for an id never stored', async () => {
    expect(await store.get(randomUUID())).toBeNull();
  });

  it('keeps blobs apart by id', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    await store.put(a, Buffer.from('GIF89a-first'), 'image/gif');
    await store.put(b, Buffer.from('RIFF....WEBP-second'), 'image/webp');
    expect((await store.get(a))!.bytes.toString()).toBe('GIF89a-first');
    expect(await store.get(b)).toEqual({ bytes: Buffer.from('RIFF....WEBP-second'), contentType: 'image/webp' });
  });

  it('replaces a blob put again under the same id', async () => {
    const id = randomUUID();
    await store.put(id, Buffer.from('first'), 'image/png');
    await store.put(id, Buffer.from('second, longer'), 'image/jpeg');
    expect(await store.get(id)).toEqual({ bytes: Buffer.from('second, longer'), contentType: 'image/jpeg' });
  });

  it('is read by another store over the same data (another api replica), also after this one closes', async () => {
    const id = randomUUID();
    await store.put(id, Buffer.from('shared'), 'image/png');
    await store.close();
    const other = await openAgain();
    try {
      expect(await other.get(id)).toEqual({ bytes: Buffer.from('shared'), contentType: 'image/png' });
    } finally {
      store = other; // closed by afterEach
    }
  });

  it.each(['../escape', 'a/b', 'a\\b', '.hidden', 'x.json', '', ' ', 'id\u0000', '{"$ne":null}', 'x'.repeat(129)])(
    'refuses the id %p for put and get',
    async (id) => {
      await expect(store.put(id, Buffer.from('nope'), 'image/png')).rejects.toThrow('Invalid blob id');
      await expect(store.get(id)).rejects.toThrow('Invalid blob id');
    },
  );
}
