import { availableParallelism } from 'node:os';

// Jest runs the TypeScript sources directly through swc in native ESM mode (NestJS 12 is ESM-only),
// so no build is needed for unit and integration suites; workspace imports resolve to src/.
const swc = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: 'es2022',
  },
  module: { type: 'es6' },
  sourceMaps: 'inline',
};

export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', swc] },
  moduleNameMapper: {
    '^@familyos/api$': '<rootDir>/apps/api/src/index.ts',
    '^@familyos/([a-z-]+)$': '<rootDir>/libs/$1/src/index.ts',
    // A package's sub-entry is a file (`@familyos/contracts/rules`) or a folder (`@familyos/read-models/mongo`).
    '^@familyos/([a-z-]+)/([a-z-]+)$': ['<rootDir>/libs/$1/src/$2.ts', '<rootDir>/libs/$1/src/$2/index.ts'],
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testMatch: ['<rootDir>/{apps,libs,tests}/**/*.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  setupFiles: ['<rootDir>/libs/testing/src/setup-jest.ts'],
  testTimeout: 30000,
  // Jest's default is one worker per core but one, which on 2 cores runs every suite in band. The slow suites
  // mostly wait (on child processes, on a projector catching up, on scrypt in the server): on 2 cores, 2 workers
  // took the run from 273 s to 125 s, and 3 from 181 s to 146–157 s once issue 19's suites came (decision 023).
  maxWorkers: Math.max(3, availableParallelism() - 1),
};
