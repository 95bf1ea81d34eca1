// One jest config for every project: unit (*.spec.ts), integration (*.int.spec.ts)
// and end-to-end (tests/e2e/*.e2e.spec.ts) tests all run from here.
const fs = require('node:fs');
const swcrc = JSON.parse(fs.readFileSync(`${__dirname}/.swcrc`, 'utf8'));
delete swcrc.$schema;
const tsxSwcrc = {
  ...swcrc,
  jsc: {
    ...swcrc.jsc,
    parser: { syntax: 'typescript', tsx: true },
    transform: { react: { runtime: 'automatic' } },
  },
};

// `MNEMO_TEST_SUITE=unit|int|e2e` (npm run test:unit|test:int|test:e2e) picks one suite; unset, all
// of them run. Unit specs need no server; see CONTRIBUTING.md for what each suite needs.
const SUITES = {
  unit: {
    testMatch: ['**/*.spec.ts', '**/*.spec.tsx'],
    ignore: ['\\.int\\.spec\\.ts$', '\\.e2e\\.spec\\.ts$'],
  },
  int: { testMatch: ['**/*.int.spec.ts'], ignore: [] },
  e2e: { testMatch: ['**/*.e2e.spec.ts'], ignore: [] },
  all: { testMatch: ['**/*.spec.ts', '**/*.spec.tsx'], ignore: [] },
};
const suiteName = process.env.MNEMO_TEST_SUITE || 'all';
const suite = SUITES[suiteName];
if (!suite) {
  throw new Error(
    `MNEMO_TEST_SUITE=${suiteName}: expected one of ${Object.keys(SUITES).join(', ')}`,
  );
}

module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/apps', '<rootDir>/libs', '<rootDir>/services', '<rootDir>/tests'],
  testMatch: suite.testMatch,
  // Planted violations for the structure spec (a fake service with its own spec file): data, not tests.
  testPathIgnorePatterns: [
    '/node_modules/',
    '<rootDir>/tests/contracts/fixtures/',
    ...suite.ignore,
  ],
  // NestJS 12 ships ES modules only; Node 20 loads them through require(esm), jest does not, so swc
  // compiles them to CommonJS along with our TypeScript.
  transform: {
    '^.+\\.(ts|m?js)$': ['@swc/jest', swcrc],
    // the web UI's components (apps/web), rendered to markup by react-dom/server in their specs
    '^.+\\.tsx$': ['@swc/jest', tsxSwcrc],
  },
  // ml-hclust and the ml-* packages it loads are ES modules too.
  transformIgnorePatterns: [
    '/node_modules/(?!(@nestjs|ml-hclust|ml-distance-euclidean|ml-array-rescale|ml-array-max|ml-array-min|is-any-array)/)',
  ],
  moduleNameMapper: {
    // a file behind a door, where start-up cost matters (the hooks load the pure digest files, not the service)
    '^@mnemo/([a-z-]+)-service/(.+)$': '<rootDir>/services/$1/$2',
    '^@mnemo/([a-z-]+)/(.+)$': '<rootDir>/libs/$1/$2',
    '^@mnemo/(.*)-service$': '<rootDir>/services/$1/src/index.ts',
    '^@mnemo/(.*)$': '<rootDir>/libs/$1/src/index.ts',
  },
  setupFiles: ['reflect-metadata', '<rootDir>/tests/support/fast-check-seed.ts'],
  testTimeout: 60_000,
  maxWorkers: 2,
  reporters: ['<rootDir>/tests/support/summary-reporter.js', 'default'],
};
