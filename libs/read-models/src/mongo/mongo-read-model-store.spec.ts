import { MongoClient } from 'mongodb';
import { describeWithContainer } from '@familyos/testing';
import { readModelStoreContract } from '../read-model-store.contract.js';
import { MongoReadModelStore } from './mongo-read-model-store.js';

const IMAGE = process.env['MONGO_IMAGE'] ?? 'mongo:8';

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

await describeWithContainer(
  'MongoDB contract suite',
  {
    start: ({ GenericContainer, Wait }, timeoutMs) =>
      new GenericContainer(IMAGE)
        .withCommand(['--replSet', 'rs0', '--bind_ip_all'])
        .withExposedPorts(27017)
        .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
        .withStartupTimeout(timeoutMs)
        .start(),
    async url(container) {
      const initiated = await container.exec([
        'mongosh',
        '--quiet',
        '--eval',
        "rs.initiate({ _id: 'rs0', members: [{ _id: 0, host: '127.0.0.1:27017' }] })",
      ]);
      if (initiated.exitCode !== 0) throw new Error(`rs.initiate failed: ${initiated.output}`);
      // The member's host is the container's own address: connect straight to it, not through discovery.
      const url = `mongodb://${container.getHost()}:${container.getMappedPort(27017)}/?directConnection=true`;
      await waitForPrimary(url, 30_000);
      return url;
    },
  },
  (url) => {
    let n = 0;
    readModelStoreContract(() => MongoReadModelStore.connect(url(), `contract_${process.pid}_${n++}`));
  },
);
