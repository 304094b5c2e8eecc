import type { StartedTestContainer } from 'testcontainers';
import { MongoClient } from 'mongodb';
import { containerRuntime, skipWithoutDocker } from '@familyos/testing';
import { readModelStoreContract } from '../read-model-store.contract.js';
import { MongoReadModelStore } from './mongo-read-model-store.js';

const SUITE = 'MongoDB contract suite';
const IMAGE = process.env['MONGO_IMAGE'] ?? 'mongo:8';
/** Pulling the image on a cold machine takes most of this. */
const START_TIMEOUT_MS = 300_000;

/** rs.initiate() returns before the node has elected itself; transactions need a writable primary. */
async function waitForPrimary(url: string, timeoutMs: number): Promise<void> {
  const client = new MongoClient(url, { serverSelectionTimeoutMS: 2000 });
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      const hello = await client.db('admin').command({ hello: 1 }).catch(() => null);
      if (hello?.['isWritablePrimary']) return;
      if (Date.now() > deadline) throw new Error('MongoDB replica set never elected a primary');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await client.close();
  }
}

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
      container = await new GenericContainer(IMAGE)
        .withCommand(['--replSet', 'rs0', '--bind_ip_all'])
        .withExposedPorts(27017)
        .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
        .withStartupTimeout(START_TIMEOUT_MS)
        .start();
      const initiated = await container.exec([
        'mongosh',
        '--quiet',
        '--eval',
        "rs.initiate({ _id: 'rs0', members: [{ _id: 0, host: '127.0.0.1:27017' }] })",
      ]);
      if (initiated.exitCode !== 0) throw new Error(`rs.initiate failed: ${initiated.output}`);
      // The member's host is the container's own address: connect straight to it, not through discovery.
      url = `mongodb://${container.getHost()}:${container.getMappedPort(27017)}/?directConnection=true`;
      await waitForPrimary(url, 30_000);
    }, START_TIMEOUT_MS);

    afterAll(async () => {
      await container?.stop();
    });

    let n = 0;
    readModelStoreContract(() => MongoReadModelStore.connect(url, `contract_${process.pid}_${n++}`));
  });
}
