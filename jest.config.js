// One jest config for every project: unit (*.spec.ts), integration (*.int.spec.ts)
// and end-to-end (tests/e2e/*.e2e.spec.ts) tests all run from here.
const fs = require('node:fs');
const swcrc = JSON.parse(fs.readFileSync(`${__dirname}/.swcrc`, 'utf8'));
delete swcrc.$schema;

module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/libs', '<rootDir>/services', '<rootDir>/tests'],
  testMatch: ['**/*.spec.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', swcrc] },
  moduleNameMapper: {
    '^@mnemo/(.*)-service$': '<rootDir>/services/$1/src/index.ts',
    '^@mnemo/(.*)$': '<rootDir>/libs/$1/src/index.ts',
  },
  setupFiles: ['reflect-metadata'],
  testTimeout: 60_000,
  maxWorkers: 2,
};
