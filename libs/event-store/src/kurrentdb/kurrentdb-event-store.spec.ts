import type { StartedTestContainer } from 'testcontainers';
import { containerRuntime, skipWithoutDocker } from '@familyos/testing';
import { eventStoreContract } from '../event-store.contract.js';
import { KurrentDbEventStore } from './kurrentdb-event-store.js';

const SUITE = 'KurrentDB contract suite';
const IMAGE = process.env['KURRENTDB_IMAGE'] ?? 'kurrentplatform/kurrentdb:26.1.1';
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
      container = await new GenericContainer(IMAGE)
        .withEnvironment({
          KURRENTDB_INSECURE: 'true',
          KURRENTDB_RUN_PROJECTIONS: 'None',
          KURRENTDB_CLUSTER_SIZE: '1',
          KURRENTDB_MEM_DB: 'true',
        })
        .withExposedPorts(2113)
        .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCodeMatching((code) => code >= 200 && code < 300))
        .withStartupTimeout(START_TIMEOUT_MS)
        .start();
      url = `kurrentdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`;
    }, START_TIMEOUT_MS);

    afterAll(async () => {
      await container?.stop();
    });

    eventStoreContract(() => KurrentDbEventStore.connect(url));
  });
}
