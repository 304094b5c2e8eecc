import { describeWithContainer } from '@familyos/testing';
import { blobStoreContract } from './blob-store.contract.js';
import { GridFsBlobStore } from './gridfs-blob-store.js';

const IMAGE = process.env['MONGO_IMAGE'] ?? 'mongo:8';

await describeWithContainer(
  'GridFS blob store contract suite',
  {
    // GridFS needs no transactions: a standalone mongod is enough.
    start: ({ GenericContainer, Wait }, timeoutMs) =>
      new GenericContainer(IMAGE)
        .withExposedPorts(27017)
        .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
        .withStartupTimeout(timeoutMs)
        .start(),
    url: (container) => `mongodb://${container.getHost()}:${container.getMappedPort(27017)}/?directConnection=true`,
  },
  (url) => {
    let n = 0;
    let db = '';
    blobStoreContract(
      () => {
        db = `blobs_${process.pid}_${n++}`;
        return GridFsBlobStore.connect(url(), db);
      },
      () => GridFsBlobStore.connect(url(), db),
    );
  },
);
