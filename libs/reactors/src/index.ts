export * from './reactor.js';
export * from './checkpoints.js';
export * from './reactor-runner.js';
