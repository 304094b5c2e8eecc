import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { assertBlobId } from './blob-id.js';
import type { BlobStore, StoredBlob } from './blob-store.js';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Blobs as files in one folder: `<id>` holds the bytes, `<id>.json` their content type. Each is written to a
 * temporary name and renamed into place (atomic on one file system), the type first and the bytes last, so
 * a blob is visible only once both are complete. Temporary files end in `.tmp` and are never read.
 */
export class FileBlobStore implements BlobStore {
  constructor(readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  async put(id: string, bytes: Uint8Array, contentType: string): Promise<void> {
    assertBlobId(id);
    await this.writeAtomically(`${id}.json`, JSON.stringify({ contentType }));
    await this.writeAtomically(id, bytes);
  }

  async get(id: string): Promise<StoredBlob | null> {
    assertBlobId(id);
    try {
      const bytes = await readFile(join(this.dir, id));
      const meta = JSON.parse(await readFile(join(this.dir, `${id}.json`), 'utf8')) as { contentType: string };
      return { bytes, contentType: meta.contentType };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async close(): Promise<void> {
    // Nothing held open between calls.
  }

  private async writeAtomically(name: string, data: Uint8Array | string): Promise<void> {
    const temp = join(this.dir, `.${name}.${randomUUID()}.tmp`);
    try {
      await writeFile(temp, data, { flag: 'wx' });
      await rename(temp, join(this.dir, name));
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }
}
