import { describeWithContainer, standaloneMongo } from '@familyos/testing';
import { blobStoreContract } from './blob-store.contract.js';
import { GridFsBlobStore } from './gridfs-blob-store.js';

await describeWithContainer(
  'GridFS blob store contract suite',
  standaloneMongo,
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
