/**
 * The projector as its own process (production topology): follows the log, keeps the read models current.
 * Run exactly one per read-model store; the api then runs with PROJECTOR=external.
 */
import { allProjections, ProjectionRunner } from '@familyos/projections';
import { openEventStore, openReadModels, storageConfigFromEnv } from '@familyos/storage';

const config = storageConfigFromEnv();
const events = await openEventStore(config);
const readModels = await openReadModels(config);
const runner = new ProjectionRunner(events, readModels, allProjections, { idleMs: 250 });
runner.start();
console.log(`Projector following the event log (${config.eventStoreUrl ? 'KurrentDB' : 'SQLite'} → ${config.mongoUrl ? 'MongoDB' : 'SQLite'})`);

async function shutdown(): Promise<void> {
  await runner.stop();
  // The api processes may have appended since the last poll: project what the log holds before exiting, so a
  // stopped deployment's read models are whole (the next start would catch up anyway, but a backup would not).
  await runner.catchUp();
  await readModels.close();
  await events.close();
  process.exit(0);
}
process.once('SIGTERM', () => void shutdown());
process.once('SIGINT', () => void shutdown());
