import { describeWithContainer } from '@familyos/testing';
import { idempotencyRecordsContract } from './idempotency-records.contract.js';
import { MongoIdempotencyRecords } from './mongo-idempotency-records.js';

const IMAGE = process.env['MONGO_IMAGE'] ?? 'mongo:8';

await describeWithContainer(
  'MongoDB idempotency records contract suite',
  {
    // A TTL index and single-document compare-and-set need no replica set: a standalone mongod is enough.
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
    idempotencyRecordsContract(
      () => {
        db = `idempotency_${process.pid}_${n++}`;
        return MongoIdempotencyRecords.connect(url(), db);
      },
      () => MongoIdempotencyRecords.connect(url(), db),
    );
  },
);
