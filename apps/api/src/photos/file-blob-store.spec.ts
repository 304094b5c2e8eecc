import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { blobStoreContract } from './blob-store.contract.js';
import { FileBlobStore } from './file-blob-store.js';

describe('FileBlobStore', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'familyos-blobs-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  describe('contract', () => {
    const dir = () => join(root, 'contract', 'photos');
    blobStoreContract(
      async () => new FileBlobStore(dir()),
      async () => new FileBlobStore(dir()),
    );
  });

  it('makes its folder, and leaves in it only the blob and its type, no temporary file', async () => {
    const dir = join(root, 'tidy', 'photos');
    const store = new FileBlobStore(dir);
    const id = randomUUID();
    await store.put(id, Buffer.from('GIF89a'), 'image/gif');
    expect(readdirSync(dir).sort()).toEqual([id, `${id}.json`].sort());
    await store.close();
  });

  it('never reads a half-written temporary file as a blob', async () => {
    const dir = join(root, 'crash', 'photos');
    const store = new FileBlobStore(dir);
    const id = randomUUID();
    // What a crash in the middle of a put leaves behind.
    writeFileSync(join(dir, `.${id}.json.${randomUUID()}.tmp`), '{"contentType":"image/png"}');
    writeFileSync(join(dir, `.${id}.${randomUUID()}.tmp`), 'half a pic');
    expect(await store.get(id)).toBeNull();
  });

  it('touches nothing outside its folder for an unsafe id', async () => {
    const dir = join(root, 'safe', 'photos');
    const store = new FileBlobStore(dir);
    await expect(store.put('../outside', Buffer.from('x'), 'image/png')).rejects.toThrow('Invalid blob id');
    expect(existsSync(join(root, 'safe', 'outside'))).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });
});
