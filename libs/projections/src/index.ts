export * from './schema/index.js';
export * from './projections/projection.js';
export { allProjections } from './projections/index.js';
export { CHORE_RECENT_PERIODS } from './projections/chores.projection.js';
export { actionOf } from './projections/audit.projection.js';
export * from './runner/projection-runner.js';
export { rebuildProjections } from './rebuild-projections.js';
export { notificationId } from './projections/notifications.projection.js';
export { liveChangeId } from './projections/live-changes.projection.js';
