// @ts-check
// Type-aware lint: the rules that catch real bugs (a promise nobody awaits, a promise handed to a
// callback that ignores it, `any` leaking out of JSON or a query into typed code, unused code).
// Style is Prettier's job; eslint-config-prettier turns off every rule that would argue with it.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { readdirSync } from 'node:fs';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Files where `any` from a query result or parsed JSON still flows into typed code. The list only
 * shrinks: a file leaves it once its rows and bodies are typed (a row interface, a zod parse).
 */
const untypedAnyPending = [
  'libs/contracts/src/dependency-failure.ts',
  'libs/contracts/src/storable-input.ts',
  'libs/testing/src/event-log.contract.ts',
  'libs/eventing/src/in-process/wire-copy.ts',
  'libs/eventing/src/jetstream/jetstream-event-log.ts',
  'libs/http-edge/src/grpc-binding.ts',
  'libs/llm/src/anthropic/anthropic.adapter.ts',
  'libs/llm/src/domain/parse-model-json.ts',
  'libs/mnemo-client/src/client-settings.ts',
  'libs/mnemo-client/src/mnemo-client.ts',
  'libs/persistence/src/data-source.ts',
  'libs/persistence/src/projection.ts',
  'libs/redaction/src/keyword-automaton.ts',
  'libs/redaction/src/redact-deep.ts',
  'services/context/src/api/artifacts.controller.ts',
  'services/context/src/cache/context-cache.ts',
  'services/context/src/sources/source-loaders.ts',
  'services/context/src/sources/source-reader.ts',
  'services/cost-ledger/src/api/llm-keys.controller.ts',
  'services/gateway/src/api/web-ui.controller.ts',
  'services/gateway/src/grpc/grpc-gateway.ts',
  'services/ingest/src/api/session-outcome.controller.ts',
  'services/ingest/src/api/sessions.controller.ts',
  'services/ingest/src/loop/session-outcomes-recheck.ts',
  'services/ingest/src/loop/transcript-ingest-status.ts',
  'services/ingest/src/loop/transcript-run-event.ts',
  'services/ingest/src/projections/session-outcomes.projection.ts',
  'services/insight/src/api/insights.controller.ts',
  'services/logs/src/api/log-sources.controller.ts',
  'services/logs/src/projections/log-facts.projection.ts',
  'services/logs/src/projections/log-facts.read.ts',
  'services/logs/src/sources/log-source-status.ts',
  'services/memory/src/api/memory-reads.service.ts',
  'services/memory/src/domain/fact-guards.ts',
  'services/memory/src/domain/memory-view.ts',
  'services/memory/src/projections/memory-proposals.projection.ts',
  'services/memory/src/projections/plans.projection.ts',
  'services/memory/src/sweeps/lapse.sweep.ts',
  'services/platform/src/api/openapi.controller.ts',
  'services/platform/src/claude-code/domain/hook-settings.ts',
  'services/platform/src/claude-code/hook-install.ts',
  'services/platform/src/openapi/openapi.document.ts',
  'services/platform/src/platform.ts',
  'services/profile/src/api/life-inventory-reads.service.ts',
  'services/profile/src/api/profile.controller.ts',
  'services/recall/src/api/prior-decisions.service.ts',
  'services/recall/src/api/prior-work.service.ts',
  'services/recall/src/api/recall-stats.service.ts',
  'tests/bench/claude-code-hooks.bench.ts',
  'tests/bench/context.bench.ts',
  'tests/bench/extraction.bench.ts',
  'tests/bench/ingest.bench.ts',
  'tests/bench/memory-search.bench.ts',
  'tests/bench/profile.bench.ts',
  'tests/bench/replay.bench.ts',
  'tests/bench/retrieval.bench.ts',
  'tests/bench/support/sequential-client.ts',
  'tests/bench/transcript-ingest.bench.ts',
  'tests/bench/web-ui.bench.ts',
  'tests/soak/soak.ts',
  'tests/support/architecture-doc.ts',
  'tests/support/fault-fixture.ts',
  'tests/support/fuzz/hostile.arbitrary.ts',
  'tests/support/fuzz/http-fuzz.ts',
  'tests/support/fuzz/json-schema.arbitrary.ts',
  'tests/support/fuzz/raw-http.ts',
];
const unsafeAny = {
  '@typescript-eslint/no-unsafe-assignment': 'off',
  '@typescript-eslint/no-unsafe-member-access': 'off',
  '@typescript-eslint/no-unsafe-call': 'off',
  '@typescript-eslint/no-unsafe-return': 'off',
  '@typescript-eslint/no-unsafe-argument': 'off',
};

// Boundaries, enforced by folder (there is no @nx/eslint-plugin for Nx 24; the Nx tags are gone):
// services talk to each other through events and libs/contracts only; pure code (the pure libs and
// every domain/ folder) loads no framework, transport, database or LLM SDK.
const SERVICES = readdirSync('services', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** Libs that hold no I/O stack: they run in hooks, the CLI and every service alike. */
const PURE_LIBS = [
  'contracts',
  'redaction',
  'memory-rules',
  'life-inventory',
  'log-templates',
  'mnemo-client',
  'agent-tools',
];
const INFRA = [
  '@nestjs/*',
  'typeorm',
  '@nats-io/*',
  'ioredis',
  'pg',
  'pg-copy-streams',
  '@grpc/*',
  'fastify',
  '@anthropic-ai/sdk',
  'openai',
  '@mnemo/eventing',
  '@mnemo/persistence',
  '@mnemo/http-edge',
];
const INFRA_MESSAGE =
  'pure code (a pure lib or a domain/ folder) loads no framework, bus, database or SDK: take the value as an argument';
/** @mnemo/llm's door also loads the Anthropic SDK: pure code may take its types, never its values. */
const LLM_VALUES = {
  // its second door, @mnemo/llm/pure, holds only pure code
  regex: '^@mnemo/llm$',
  allowTypeImports: true,
  message: '@mnemo/llm loads the Anthropic SDK: pure code imports its types only (import type)',
};
/**
 * Domain files that still take values from @mnemo/llm (and so load the Anthropic SDK): the meaning
 * words read a word list from disk and need a pure home first. The list only shrinks.
 */
const PURITY_PENDING = [
  'services/memory/src/domain/dedup.ts',
  'services/memory/src/domain/remember.ts',
];
/** An import path that climbs into another service's or a lib's folder instead of using its door. */
const reachInto = (others) => `^(\\.\\./)+(services/|libs/)?(${others.join('|')})/src(/|$)`;
const ANOTHER_SERVICE =
  'a service talks to another only through events and libs/contracts, never through its files';
const restrictedImports = ({ service, pure }) => {
  const patterns = [];
  if (service) {
    const others = SERVICES.filter((name) => name !== service);
    patterns.push({ regex: reachInto(others), message: ANOTHER_SERVICE });
    if (service !== 'platform')
      // platform is the composition root: it alone wires the services together
      patterns.push({ group: ['@mnemo/*-service'], message: ANOTHER_SERVICE });
  }
  patterns.push({
    regex: '^(\\.\\./)+libs/',
    message: 'a lib is imported through its door, @mnemo/<lib>',
  });
  if (pure) patterns.push({ group: INFRA, message: INFRA_MESSAGE }, LLM_VALUES);
  return patterns;
};
/** The same limits for `import()` and `require()`, which no-restricted-imports does not see. */
const restrictedLoads = ({ service, pure }) => {
  const sources = [];
  if (service) sources.push(reachInto(SERVICES.filter((name) => name !== service)));
  if (service && service !== 'platform') sources.push('^@mnemo/[a-z-]+-service$');
  if (pure) sources.push(`^(${INFRA.map((m) => m.replace('/*', '/.+')).join('|')}|@mnemo/llm)$`);
  const source = sources.join('|').replaceAll('/', '\\/');
  if (!source) return [];
  return [
    {
      selector: `ImportExpression[source.value=/${source}/]`,
      message: 'a load that crosses a boundary (see the import rules in eslint.config.mjs)',
    },
    {
      selector: `CallExpression[callee.name='require'][arguments.0.value=/${source}/]`,
      message: 'a load that crosses a boundary (see the import rules in eslint.config.mjs)',
    },
  ];
};
const boundary = (files, limits) => ({
  files,
  // a spec of pure code may build its input with anything (a transcript, a data source)
  ignores: limits.pure ? ['**/*.spec.ts', ...(limits.pending ?? [])] : [],
  rules: {
    '@typescript-eslint/no-restricted-imports': ['error', { patterns: restrictedImports(limits) }],
    'no-restricted-syntax': ['error', ...restrictedLoads(limits)],
  },
});
const boundaries = [
  boundary(['libs/*/src/**/*.ts'], {}),
  boundary(
    PURE_LIBS.map((lib) => `libs/${lib}/src/**/*.ts`),
    { pure: true },
  ),
  boundary(['libs/*/src/**/domain/**/*.ts'], { pure: true }),
  ...SERVICES.flatMap((service) => [
    boundary([`services/${service}/src/**/*.ts`], { service }),
    boundary([`services/${service}/src/**/domain/**/*.ts`], {
      service,
      pure: true,
      pending: PURITY_PENDING,
    }),
  ]),
];

export default defineConfig(
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    'coverage/',
    '.mnemo/',
    '.nx/',
    'tests/artifacts/',
    'tests/contracts/fixtures/',
    'tests/bench/blind/',
  ]),
  {
    files: ['**/*.ts', '**/*.tsx'],
    extends: [js.configs.recommended, tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // An async function without await still turns a throw into a rejection; dropping `async` to
      // please this rule would change that, so it stays off.
      '@typescript-eslint/require-await': 'off',
      // `let x; const f = () => x; x = make(f)`: a closure that reads the binding before it is set.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // Passing a caught `unknown` on to a promise's caller is forwarding, not inventing, a reason.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
    },
  },
  {
    files: ['apps/web/src/**/*.tsx', 'apps/web/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // In a spec the `any` is mostly a response body (supertest's `res.body`) flowing straight into
    // `expect`, which is the check, or bad input typed `any` on purpose. The promise rules stay on:
    // a test's real bugs hide there (an `expect(...).rejects` nobody awaits passes vacuously).
    files: ['**/*.spec.ts'],
    rules: { ...unsafeAny, '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: untypedAnyPending,
    rules: { ...unsafeAny, '@typescript-eslint/no-explicit-any': 'off' },
  },
  ...boundaries,
  {
    files: ['bin/**/*.js', 'jest.config.js', 'tests/support/*.js'],
    extends: [js.configs.recommended],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
  },
  prettier,
);
