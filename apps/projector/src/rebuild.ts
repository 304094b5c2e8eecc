/**
 * `npm run projections:rebuild`: stop writers first (the api in embedded mode runs a projector too), then
 * this drops the read models and replays the whole event log.
 */
import { spawnSync } from 'node:child_process';
import { totalmem } from 'node:os';
import { getHeapStatistics } from 'node:v8';
import { allProjections, rebuildProjections } from '@familyos/projections';
import { openEventStore, openReadModels, storageConfigFromEnv } from '@familyos/storage';

// A replay folds the read models in memory, and what fits in the heap decides how often it must store what it
// holds and go on with reads from SQLite (docs/decisions/019). Node's default heap is about 4 GB whatever the
// machine, so the replay runs itself again with half of the machine's memory as its heap (never less than the
// default), and a larger young generation: the fold makes millions of short-lived objects.
const heapMb = Math.floor(totalmem() / 2 / 2 ** 20);
if (!process.env.FAMILYOS_REBUILD_SIZED && getHeapStatistics().heap_size_limit / 2 ** 20 < heapMb * 0.9) {
  const child = spawnSync(
    process.execPath,
    [...process.execArgv, `--max-old-space-size=${heapMb}`, '--max-semi-space-size=64', process.argv[1]!, ...process.argv.slice(2)],
    { stdio: 'inherit', env: { ...process.env, FAMILYOS_REBUILD_SIZED: '1' } },
  );
  if (child.error) throw child.error;
  process.exit(child.status ?? 1);
}

const config = storageConfigFromEnv();
const events = await openEventStore(config);
const readModels = await openReadModels(config);
const started = Date.now();
const cpuBefore = process.cpuUsage();
let replayed = 0;
const position = await rebuildProjections(events, readModels, allProjections, { onBatch: (n) => (replayed += n) });
const cpu = process.cpuUsage(cpuBefore);
const heapLimit = Math.round(getHeapStatistics().heap_size_limit / 2 ** 20);
// bench/figures/replay.mjs and tests/resilience/replay.spec.ts read this line: the events replayed (the log's
// positions may have gaps), the wall and CPU time, the heap.
console.log(
  `Rebuilt ${allProjections.length} projections up to position ${position} from ${replayed} events in ${Date.now() - started} ms, ` +
    `${Math.round((cpu.user + cpu.system) / 1000)} ms of CPU (heap limit ${heapLimit} MB)`,
);
await readModels.close();
await events.close();
