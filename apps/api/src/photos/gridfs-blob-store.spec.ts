import type { StartedTestContainer } from 'testcontainers';
import { containerRuntime, skipWithoutDocker } from '@familyos/testing';
import { blobStoreContract } from './blob-store.contract.js';
import { GridFsBlobStore } from './gridfs-blob-store.js';

const SUITE = 'GridFS blob store contract suite';
const IMAGE = process.env['MONGO_IMAGE'] ?? 'mongo:8';
/** Pulling the image on a cold machine takes most of this. */
const START_TIMEOUT_MS = 300_000;

const runtime = await containerRuntime();

if (!runtime.available) {
  skipWithoutDocker(SUITE, runtime.reason);
} else {
  describe(SUITE, () => {
    let container: StartedTestContainer;
    let url: string;

    beforeAll(async () => {
      // Loaded only here: testcontainers cannot even be imported where it cannot run.
      const { GenericContainer, Wait } = await import('testcontainers');
      // GridFS needs no transactions: a standalone mongod is enough.
      container = await new GenericContainer(IMAGE)
        .withExposedPorts(27017)
        .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
        .withStartupTimeout(START_TIMEOUT_MS)
        .start();
      url = `mongodb://${container.getHost()}:${container.getMappedPort(27017)}/?directConnection=true`;
    }, START_TIMEOUT_MS);

    afterAll(async () => {
      await container?.stop();
    });

    let n = 0;
    let db = '';
    blobStoreContract(
      () => {
        db = `blobs_${process.pid}_${n++}`;
        return GridFsBlobStore.connect(url, db);
      },
      () => GridFsBlobStore.connect(url, db),
    );
  });
}
