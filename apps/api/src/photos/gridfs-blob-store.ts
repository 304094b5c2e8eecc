import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GridFSBucket, MongoClient } from 'mongodb';
import { assertBlobId } from './blob-id.js';
import type { BlobStore, StoredBlob } from './blob-store.js';

const BUCKET = 'photos';

interface PhotoFile {
  _id: string;
  length: number;
  metadata?: { contentType?: string };
}

/**
 * Blobs in MongoDB GridFS (bucket `photos`), next to the read models when MONGO_URL is set, so every api
 * replica serves every photo. A file's `_id` is the blob id. GridFS writes the chunks first and the file
 * document last, so a put that fails half-way leaves nothing a get would find.
 */
export class GridFsBlobStore implements BlobStore {
  private readonly bucket: GridFSBucket;

  constructor(
    private readonly client: MongoClient,
    dbName: string,
  ) {
    this.bucket = new GridFSBucket(client.db(dbName), { bucketName: BUCKET });
  }

  static async connect(url: string, dbName: string): Promise<GridFsBlobStore> {
    const client = new MongoClient(url);
    await client.connect();
    return new GridFsBlobStore(client, dbName);
  }

  async put(id: string, bytes: Uint8Array, contentType: string): Promise<void> {
    assertBlobId(id);
    // Putting an id again replaces it (ids are server-made and never reused, so this is only ever a retry).
    if (await this.file(id)) await this.bucket.delete(id as never);
    const upload = this.bucket.openUploadStreamWithId(id as never, id, { metadata: { contentType } });
    await pipeline(Readable.from([Buffer.from(bytes)]), upload);
  }

  async get(id: string): Promise<StoredBlob | null> {
    assertBlobId(id);
    const file = await this.file(id);
    if (!file) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of this.bucket.openDownloadStream(id as never)) chunks.push(chunk as Buffer);
    return { bytes: Buffer.concat(chunks), contentType: file.metadata?.contentType ?? 'application/octet-stream' };
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  private async file(id: string): Promise<PhotoFile | null> {
    return (await this.bucket.find({ _id: id as never }).next()) as unknown as PhotoFile | null;
  }
}
