import { describeWithContainer } from '@familyos/testing';
import { eventStoreContract } from '../event-store.contract.js';
import { KurrentDbEventStore } from './kurrentdb-event-store.js';

const IMAGE = process.env['KURRENTDB_IMAGE'] ?? 'kurrentplatform/kurrentdb:26.1.1';

await describeWithContainer(
  'KurrentDB contract suite',
  {
    start: ({ GenericContainer, Wait }, timeoutMs) =>
      new GenericContainer(IMAGE)
        .withEnvironment({
          KURRENTDB_INSECURE: 'true',
          KURRENTDB_RUN_PROJECTIONS: 'None',
          KURRENTDB_CLUSTER_SIZE: '1',
          KURRENTDB_MEM_DB: 'true',
        })
        .withExposedPorts(2113)
        .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCodeMatching((code) => code >= 200 && code < 300))
        .withStartupTimeout(timeoutMs)
        .start(),
    url: (container) => `kurrentdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`,
  },
  (url) => eventStoreContract(() => KurrentDbEventStore.connect(url())),
);
