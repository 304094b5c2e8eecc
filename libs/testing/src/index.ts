export * from './decider-spec.js';
export * from './clock.js';
export * from './containers.js';
export * from './projection-spec.js';
export * from './csv.js';
