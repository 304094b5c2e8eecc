/**
 * `npm run projections:rebuild`: stop writers first (the api in embedded mode runs a projector too), then
 * this drops the read models and replays the whole event log.
 */
import { allProjections } from './projections/index.js';
import { rebuildProjections } from './rebuild-projections.js';
import { openEventStore, openReadModels, storageConfigFromEnv } from './stores.js';

const config = storageConfigFromEnv();
const events = await openEventStore(config);
const readModels = await openReadModels(config);
const started = Date.now();
const position = await rebuildProjections(events, readModels, allProjections);
console.log(`Rebuilt ${allProjections.length} projections up to position ${position} in ${Date.now() - started} ms`);
await readModels.close();
await events.close();
