import { join } from 'node:path';
import type { StorageConfig } from '@familyos/storage';
import { FileBlobStore } from './file-blob-store.js';

export interface StoredBlob {
  bytes: Buffer;
  contentType: string;
}

/**
 * Where uploaded photos' bytes live (the log records only whose they are). Ids are made by the server
 * (UUIDs); an adapter refuses any id that could name something other than one of its own blobs (blob-id.ts).
 */
export interface BlobStore {
  /** Stores the bytes whole or not at all: a reader never sees part of a blob. Putting an id again replaces it. */
  put(id: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes and type stored under `id`, or null. */
  get(id: string): Promise<StoredBlob | null>;
  close(): Promise<void>;
}

/** Like the read models: GridFS in the MongoDB of MONGO_URL when set, else a folder `photos/` in DATA_DIR. */
export async function openBlobStore(storage: StorageConfig): Promise<BlobStore> {
  if (storage.mongoUrl) {
    // Imported only here: the embedded default never loads the MongoDB driver (memory: decision 022).
    const { GridFsBlobStore } = await import('./gridfs-blob-store.js');
    return GridFsBlobStore.connect(storage.mongoUrl, storage.mongoDb);
  }
  return new FileBlobStore(join(storage.dataDir, 'photos'));
}
