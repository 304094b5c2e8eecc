import { describeWithContainer, standaloneMongo } from '@familyos/testing';
import { idempotencyRecordsContract } from './idempotency-records.contract.js';
import { MongoIdempotencyRecords } from './mongo-idempotency-records.js';

await describeWithContainer(
  'MongoDB idempotency records contract suite',
  standaloneMongo,
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
