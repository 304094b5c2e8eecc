export * from './projections/projection.js';
export * from './projections/read-model-types.js';
export { allProjections } from './projections/index.js';
export { actionOf } from './projections/audit.projection.js';
export * from './runner/projection-runner.js';
export * from './stores.js';
export { rebuildProjections } from './rebuild-projections.js';
