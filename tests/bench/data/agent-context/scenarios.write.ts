/**
 * Writes the agent-context bench's dev split (scenarios.json beside this file), in the blind split's format
 * (tests/bench/blind/agent-context/README.md): projects of 3+ Claude Code sessions whose later probe prompts
 * depend on something an earlier session settled. Turns that settle something carry a label; probes name
 * labels, so turn ids are assigned here and cannot drift. Run: node bin/run-ts.js tests/bench/data/agent-context/scenarios.write.ts
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';

type Kind = 'decision' | 'convention' | 'file-history' | 'rejected-approach' | 'preference';
interface Tool {
  name: string;
  file?: string;
  command?: string;
}
/** A turn as written: role, text, tools, and the label of what it settles. */
type TurnSpec = [role: 'user' | 'assistant', text: string, tools?: Tool[], label?: string];
interface SessionSpec {
  outcome: 'merged' | 'reverted' | 'abandoned' | 'unknown';
  turns: TurnSpec[];
}
interface ProbeSpec {
  prompt: string;
  kind: Kind;
  needs: Array<{ label: string; mustMention: string[] }>;
}
interface ProjectSpec {
  language: string;
  sessions: SessionSpec[];
  probes: ProbeSpec[];
}

const edit = (file: string): Tool => ({ name: 'Edit', file });
const write = (file: string): Tool => ({ name: 'Write', file });
const read = (file: string): Tool => ({ name: 'Read', file });
const bash = (command: string): Tool => ({ name: 'Bash', command });

const PROJECTS: ProjectSpec[] = [
  {
    language: 'typescript',
    sessions: [
      {
        outcome: 'merged',
        turns: [
          ['user', 'set up the monorepo tooling for the api and web packages'],
          ['assistant', 'I will look at the root package.json first.', [read('package.json')]],
          [
            'user',
            'We chose pnpm over yarn because pnpm workspaces install much faster here; never use yarn in this repo.',
            [],
            'pm',
          ],
          [
            'assistant',
            'Understood: pnpm workspaces it is. I added pnpm-workspace.yaml and removed yarn.lock.',
            [write('pnpm-workspace.yaml'), bash('pnpm install')],
          ],
          ['user', 'ok run the tests'],
          ['assistant', 'All 42 tests pass.', [bash('pnpm test')]],
          ['user', 'thanks'],
          [
            'assistant',
            'Committed as "chore: pnpm workspaces".',
            [bash('git commit -am "chore: pnpm workspaces"')],
          ],
        ],
      },
      {
        outcome: 'reverted',
        turns: [
          ['user', 'the api boots slowly, can we lazy-load the routes?'],
          [
            'assistant',
            'I will split routes with dynamic import() in src/server/routes.ts.',
            [edit('src/server/routes.ts')],
          ],
          ['user', 'tests?'],
          [
            'assistant',
            'Two e2e tests fail: the route table is empty at first request.',
            [bash('pnpm test:e2e')],
          ],
          [
            'user',
            'Lazy-loading the routes with dynamic import broke the e2e suite, revert it, we keep eager route registration.',
            [],
            'lazy',
          ],
          [
            'assistant',
            'Reverted src/server/routes.ts to eager registration.',
            [bash('git revert HEAD --no-edit')],
          ],
          ['user', 'ok'],
          ['assistant', 'Done.'],
        ],
      },
      {
        outcome: 'merged',
        turns: [
          ['user', 'add request ids to the logger'],
          [
            'assistant',
            'I will add a requestId field in src/logging/logger.ts via AsyncLocalStorage.',
            [edit('src/logging/logger.ts')],
            'logger',
          ],
          [
            'user',
            'Always import zod schemas from src/contracts, never define a schema inline in a handler.',
            [],
            'zod',
          ],
          [
            'assistant',
            'Noted. I moved the inline schema in src/server/health.ts to src/contracts/health.ts.',
            [edit('src/server/health.ts'), write('src/contracts/health.ts')],
          ],
          [
            'user',
            'I prefer small commits, one concern each, with the test in the same commit.',
            [],
            'commits',
          ],
          [
            'assistant',
            'Will do. Committed the logger change with its test.',
            [bash('git commit -m "logger: request ids"')],
          ],
          ['user', 'good'],
          ['assistant', 'Anything else?'],
        ],
      },
    ],
    probes: [
      {
        prompt: 'Which package manager should I use to add lodash-es here?',
        kind: 'decision',
        needs: [{ label: 'pm', mustMention: ['pnpm'] }],
      },
      {
        prompt: 'Startup is slow again. Could we import the route modules on demand?',
        kind: 'rejected-approach',
        needs: [{ label: 'lazy', mustMention: ['e2e'] }],
      },
      {
        prompt: 'Where should the request body schema for the new /orders endpoint live?',
        kind: 'convention',
        needs: [{ label: 'zod', mustMention: ['src/contracts'] }],
      },
      {
        prompt: 'I want to add a traceId next to the request id in log lines, where was that done?',
        kind: 'file-history',
        needs: [{ label: 'logger', mustMention: ['logger.ts'] }],
      },
      {
        prompt: 'Go ahead and implement orders with tests, then commit.',
        kind: 'preference',
        needs: [{ label: 'commits', mustMention: ['small commits'] }],
      },
    ],
  },
  {
    language: 'python',
    sessions: [
      {
        outcome: 'merged',
        turns: [
          ['user', 'new fastapi service for invoices. what should we use for db access'],
          ['assistant', 'Options: SQLAlchemy 2 async, or raw asyncpg.'],
          [
            'user',
            'Decision: SQLAlchemy 2 with asyncpg driver, because we need Alembic migrations; no raw asyncpg queries in routers.',
            [],
            'orm',
          ],
          [
            'assistant',
            'Set up app/db/session.py with an async engine and alembic/env.py.',
            [write('app/db/session.py'), write('alembic/env.py')],
          ],
          ['user', 'run pytest'],
          ['assistant', '12 passed.', [bash('pytest -q')]],
          ['user', 'ok commit'],
          ['assistant', 'Committed.', [bash('git commit -am "db: sqlalchemy async"')]],
        ],
      },
      {
        outcome: 'abandoned',
        turns: [
          ['user', 'try celery for the pdf rendering jobs'],
          [
            'assistant',
            'Added app/workers/celery_app.py with a redis broker.',
            [write('app/workers/celery_app.py')],
          ],
          ['user', 'hmm this needs a redis in every env'],
          ['assistant', 'Yes, the broker must run in CI and staging too.'],
          [
            'user',
            'We dropped Celery: too much infra for one job. Use FastAPI BackgroundTasks for pdf rendering instead.',
            [],
            'celery',
          ],
          [
            'assistant',
            'Understood, I removed celery_app.py and will use BackgroundTasks.',
            [bash('git checkout -- .')],
          ],
          ['user', 'leave it for now'],
          ['assistant', 'OK, nothing committed.'],
        ],
      },
      {
        outcome: 'merged',
        turns: [
          ['user', 'fix the rounding bug in totals'],
          [
            'assistant',
            'The bug is in app/billing/totals.py: float math. I switched to Decimal with ROUND_HALF_EVEN.',
            [edit('app/billing/totals.py')],
            'totals',
          ],
          [
            'user',
            'Convention: every money value is a Decimal, never a float, and tests use pytest parametrize for currencies.',
            [],
            'money',
          ],
          [
            'assistant',
            'Added parametrized tests in tests/test_totals.py.',
            [write('tests/test_totals.py'), bash('pytest -q tests/test_totals.py')],
          ],
          ['user', 'Please keep answers short, I read diffs not essays.', [], 'short'],
          ['assistant', 'Will do.'],
          ['user', 'commit'],
          ['assistant', 'Committed.', [bash('git commit -am "billing: Decimal totals"')]],
        ],
      },
    ],
    probes: [
      {
        prompt: 'Write a repository function that lists overdue invoices from postgres.',
        kind: 'decision',
        needs: [{ label: 'orm', mustMention: ['SQLAlchemy'] }],
      },
      {
        prompt: 'PDF generation blocks the request, should we bring in a task queue?',
        kind: 'rejected-approach',
        needs: [{ label: 'celery', mustMention: ['BackgroundTasks'] }],
      },
      {
        prompt: 'Add a discount field to the invoice model.',
        kind: 'convention',
        needs: [{ label: 'money', mustMention: ['Decimal'] }],
      },
      {
        prompt: 'Totals are off by a cent for JPY again, where is that computed?',
        kind: 'file-history',
        needs: [{ label: 'totals', mustMention: ['totals.py'] }],
      },
      {
        prompt: 'explain what the tax module does',
        kind: 'preference',
        needs: [{ label: 'short', mustMention: ['short'] }],
      },
    ],
  },
  {
    language: 'go',
    sessions: [
      {
        outcome: 'merged',
        turns: [
          ['user', 'we need structured logs in the gateway'],
          ['assistant', 'I suggest log/slog from the standard library, or zap.'],
          [
            'user',
            'Go with log/slog, not zap: no extra dependency and the JSON handler is enough.',
            [],
            'slog',
          ],
          [
            'assistant',
            'Replaced the log calls in cmd/gateway/main.go with slog.',
            [edit('cmd/gateway/main.go')],
          ],
          ['user', 'run go test'],
          ['assistant', 'ok  ./... all packages pass.', [bash('go test ./...')]],
          ['user', 'merge it'],
          ['assistant', 'Merged to main.', [bash('git merge --ff-only feature/slog')]],
        ],
      },
      {
        outcome: 'reverted',
        turns: [
          ['user', 'make the rate limiter faster, maybe sync.Map'],
          [
            'assistant',
            'Rewrote internal/ratelimit/bucket.go with sync.Map.',
            [edit('internal/ratelimit/bucket.go')],
            'bucket',
          ],
          ['user', 'benchmark?'],
          [
            'assistant',
            'BenchmarkAllow is 30% slower under contention.',
            [bash('go test -bench . ./internal/ratelimit')],
          ],
          [
            'user',
            'sync.Map was slower for the token bucket, revert to the mutex-sharded map.',
            [],
            'syncmap',
          ],
          [
            'assistant',
            'Reverted bucket.go to the sharded mutex map.',
            [bash('git revert HEAD --no-edit')],
          ],
          ['user', 'k'],
          ['assistant', 'Done.'],
        ],
      },
      {
        outcome: 'merged',
        turns: [
          ['user', 'add a healthz handler'],
          ['assistant', 'Added internal/http/health.go.', [write('internal/http/health.go')]],
          [
            'user',
            'Rule here: errors are wrapped with fmt.Errorf and %w, and we never panic in handlers.',
            [],
            'errors',
          ],
          ['assistant', 'Checked: health.go wraps errors with %w.'],
          [
            'user',
            'Always run golangci-lint run before you tell me something is done.',
            [],
            'lint',
          ],
          ['assistant', 'golangci-lint run: no issues.', [bash('golangci-lint run')]],
          ['user', 'nice'],
          ['assistant', 'Committed.', [bash('git commit -am "http: healthz"')]],
        ],
      },
    ],
    probes: [
      {
        prompt: 'Add logging to the new retry loop in the upstream client.',
        kind: 'decision',
        needs: [{ label: 'slog', mustMention: ['slog'] }],
      },
      {
        prompt: 'The limiter shows up in the CPU profile; can we use a concurrent map there?',
        kind: 'rejected-approach',
        needs: [{ label: 'syncmap', mustMention: ['sync.Map'] }],
      },
      {
        prompt: 'Return an error from the config loader when the file is missing.',
        kind: 'convention',
        needs: [{ label: 'errors', mustMention: ['%w'] }],
      },
      {
        prompt: 'Is anything known about the token bucket implementation before I touch it?',
        kind: 'file-history',
        needs: [{ label: 'bucket', mustMention: ['bucket.go'] }],
      },
      {
        prompt: 'Implement the readiness probe and tell me when it is done.',
        kind: 'preference',
        needs: [{ label: 'lint', mustMention: ['golangci-lint'] }],
      },
    ],
  },
  {
    language: 'rust',
    sessions: [
      {
        outcome: 'merged',
        turns: [
          ['user', 'cli arg parsing for the tool'],
          ['assistant', 'I can use clap with derive, or argh.'],
          [
            'user',
            'clap derive please. we picked clap over argh because we need shell completions.',
            [],
            'clap',
          ],
          [
            'assistant',
            'Added Cli struct in src/cli.rs with clap derive and a completions subcommand.',
            [write('src/cli.rs'), bash('cargo build')],
          ],
          ['user', 'cargo test'],
          ['assistant', 'test result: ok. 9 passed.', [bash('cargo test')]],
          ['user', 'ship'],
          ['assistant', 'Committed.', [bash('git commit -am "cli: clap derive"')]],
        ],
      },
      {
        outcome: 'merged',
        turns: [
          ['user', 'errors are a mess'],
          ['assistant', 'I propose thiserror for the library and anyhow in main.'],
          [
            'user',
            'yes. convention: thiserror enums in src/error.rs for lib code, anyhow only in main.rs.',
            [],
            'thiserror',
          ],
          [
            'assistant',
            'Created src/error.rs with an Error enum.',
            [write('src/error.rs'), edit('src/main.rs')],
            'errorrs',
          ],
          ['user', 'clippy'],
          ['assistant', 'cargo clippy: clean.', [bash('cargo clippy -- -D warnings')]],
          ['user', 'ok'],
          ['assistant', 'Committed.'],
        ],
      },
      {
        outcome: 'reverted',
        turns: [
          ['user', 'try async with tokio for the file walker'],
          ['assistant', 'Rewrote src/walk.rs with tokio::fs.', [edit('src/walk.rs')]],
          ['user', 'it got slower and the binary doubled'],
          ['assistant', 'Yes, tokio adds 1.8 MB and the walk is disk bound.'],
          [
            'user',
            'Revert the tokio walker. Stay synchronous with walkdir and rayon.',
            [],
            'tokio',
          ],
          ['assistant', 'Reverted src/walk.rs.', [bash('git revert HEAD --no-edit')]],
          [
            'user',
            'Note for the future: I like explanations with a short code example rather than prose.',
            [],
            'examples',
          ],
          ['assistant', 'Noted.'],
        ],
      },
    ],
    probes: [
      {
        prompt: 'Add a --verbose flag to the binary.',
        kind: 'decision',
        needs: [{ label: 'clap', mustMention: ['clap'] }],
      },
      {
        prompt: 'Add an error variant for invalid glob patterns.',
        kind: 'convention',
        needs: [
          { label: 'thiserror', mustMention: ['thiserror'] },
          { label: 'errorrs', mustMention: ['error.rs'] },
        ],
      },
      {
        prompt: 'Would an async runtime speed up scanning large directories?',
        kind: 'rejected-approach',
        needs: [{ label: 'tokio', mustMention: ['tokio'] }],
      },
      {
        prompt: 'How does lifetimes elision work in the walker signature?',
        kind: 'preference',
        needs: [{ label: 'examples', mustMention: ['example'] }],
      },
    ],
  },
  {
    language: 'java',
    sessions: [
      {
        outcome: 'merged',
        turns: [
          ['user', 'spring boot service: pick a migration tool'],
          ['assistant', 'Flyway or Liquibase.'],
          [
            'user',
            'Flyway. Plain SQL migrations are easier to review than Liquibase XML.',
            [],
            'flyway',
          ],
          [
            'assistant',
            'Added V1__init.sql under src/main/resources/db/migration.',
            [write('src/main/resources/db/migration/V1__init.sql')],
          ],
          ['user', 'gradle test'],
          ['assistant', 'BUILD SUCCESSFUL, 31 tests.', [bash('./gradlew test')]],
          ['user', 'ok'],
          ['assistant', 'Committed.'],
        ],
      },
      {
        outcome: 'merged',
        turns: [
          ['user', 'the OrderService is getting huge'],
          [
            'assistant',
            'I split pricing into PricingService.java.',
            [
              edit('src/main/java/shop/OrderService.java'),
              write('src/main/java/shop/PricingService.java'),
            ],
            'pricing',
          ],
          ['user', 'We use constructor injection only, no @Autowired on fields.', [], 'injection'],
          ['assistant', 'PricingService uses constructor injection.'],
          ['user', 'run tests'],
          ['assistant', 'All green.', [bash('./gradlew test')]],
          ['user', 'thx'],
          ['assistant', 'Committed.'],
        ],
      },
      {
        outcome: 'reverted',
        turns: [
          ['user', 'cache prices with caffeine'],
          [
            'assistant',
            'Added @Cacheable with Caffeine on PricingService.price.',
            [edit('src/main/java/shop/PricingService.java')],
          ],
          ['user', 'the cache serves stale prices after a promo update'],
          ['assistant', 'Eviction is only time based, so promos lag up to 10 minutes.'],
          [
            'user',
            'Pull the Caffeine price cache out, stale promos are worse than latency.',
            [],
            'caffeine',
          ],
          ['assistant', 'Reverted.', [bash('git revert HEAD --no-edit')]],
          ['user', 'Please always show me the gradle command you ran.', [], 'gradle'],
          ['assistant', 'Will do: ./gradlew test.'],
        ],
      },
    ],
    probes: [
      {
        prompt: 'Add a column for the promo code to orders.',
        kind: 'decision',
        needs: [{ label: 'flyway', mustMention: ['Flyway'] }],
      },
      {
        prompt: 'Price lookups are slow, let us add a cache in front.',
        kind: 'rejected-approach',
        needs: [{ label: 'caffeine', mustMention: ['Caffeine'] }],
      },
      {
        prompt: 'Create a ShippingService that needs the repository and the clock.',
        kind: 'convention',
        needs: [{ label: 'injection', mustMention: ['constructor injection'] }],
      },
      {
        prompt: 'Where did the pricing logic move to?',
        kind: 'file-history',
        needs: [{ label: 'pricing', mustMention: ['PricingService'] }],
      },
      {
        prompt: 'Run the tests for the shipping module.',
        kind: 'preference',
        needs: [{ label: 'gradle', mustMention: ['gradle'] }],
      },
    ],
  },
  {
    language: 'typescript',
    sessions: [
      {
        outcome: 'merged',
        turns: [
          ['user', 'react dashboard: state management for filters'],
          ['assistant', 'Redux Toolkit, Zustand or URL state.'],
          [
            'user',
            'Filters live in the URL search params via useSearchParams, not in Zustand, so links are shareable.',
            [],
            'url',
          ],
          [
            'assistant',
            'Moved filters to src/hooks/useFilters.ts on useSearchParams.',
            [write('src/hooks/useFilters.ts')],
            'usefilters',
          ],
          ['user', 'vitest'],
          ['assistant', '18 passed.', [bash('npx vitest run')]],
          ['user', 'cool'],
          ['assistant', 'Committed.'],
        ],
      },
      {
        outcome: 'abandoned',
        turns: [
          ['user', 'try styled-components for the chart cards'],
          [
            'assistant',
            'Converted ChartCard to styled-components.',
            [edit('src/components/ChartCard.tsx')],
          ],
          ['user', 'bundle grew 40kb'],
          ['assistant', 'Yes, the runtime adds weight.'],
          ['user', 'Forget styled-components, we stay on Tailwind classes.', [], 'styled'],
          ['assistant', 'Dropped the change.'],
          ['user', 'later'],
          ['assistant', 'OK.'],
        ],
      },
      {
        outcome: 'merged',
        turns: [
          ['user', 'tests for the table'],
          [
            'assistant',
            'Added DataTable.test.tsx with Testing Library.',
            [write('src/components/DataTable.test.tsx')],
          ],
          ['user', 'Convention: query by role in tests, never by test id.', [], 'byrole'],
          ['assistant', 'Switched to getByRole.'],
          ['user', 'I like when you list the files you changed at the end.', [], 'listfiles'],
          ['assistant', 'Changed: src/components/DataTable.test.tsx.'],
          ['user', 'ok'],
          ['assistant', 'Committed.'],
        ],
      },
    ],
    probes: [
      {
        prompt: 'Add a date range filter to the revenue page.',
        kind: 'decision',
        needs: [{ label: 'url', mustMention: ['useSearchParams'] }],
      },
      {
        prompt: 'Could we use CSS-in-JS for the new KPI tiles?',
        kind: 'rejected-approach',
        needs: [{ label: 'styled', mustMention: ['Tailwind'] }],
      },
      {
        prompt: 'Write tests for the sidebar menu.',
        kind: 'convention',
        needs: [{ label: 'byrole', mustMention: ['role'] }],
      },
      {
        prompt: 'The filters hook resets page on every change, where is it?',
        kind: 'file-history',
        needs: [{ label: 'usefilters', mustMention: ['useFilters'] }],
      },
      {
        prompt: 'Refactor the header component.',
        kind: 'preference',
        needs: [{ label: 'listfiles', mustMention: ['files you changed'] }],
      },
    ],
  },
  {
    language: 'hcl',
    sessions: [
      {
        outcome: 'merged',
        turns: [
          ['user', 'terraform state backend'],
          ['assistant', 'S3 with DynamoDB locking, or Terraform Cloud.'],
          [
            'user',
            'S3 backend with DynamoDB lock table; we rejected Terraform Cloud because of the per-user pricing.',
            [],
            's3',
          ],
          [
            'assistant',
            'Added backend.tf with the S3 backend.',
            [write('infra/backend.tf'), bash('terraform init')],
          ],
          ['user', 'plan'],
          ['assistant', 'Plan: 0 to add.', [bash('terraform plan')]],
          ['user', 'ok'],
          ['assistant', 'Committed.'],
        ],
      },
      {
        outcome: 'reverted',
        turns: [
          ['user', 'put the rds module on count for the replicas'],
          [
            'assistant',
            'Changed modules/rds/main.tf to count.',
            [edit('infra/modules/rds/main.tf')],
            'rds',
          ],
          ['user', 'plan wants to destroy replica 1'],
          ['assistant', 'Index shift: count re-addresses the resources.'],
          [
            'user',
            'Never use count for replicas, use for_each keyed by name. Revert.',
            [],
            'foreach',
          ],
          ['assistant', 'Reverted modules/rds/main.tf.', [bash('git revert HEAD --no-edit')]],
          ['user', 'k'],
          ['assistant', 'Done.'],
        ],
      },
      {
        outcome: 'merged',
        turns: [
          ['user', 'tag everything'],
          ['assistant', 'Added default_tags in the provider block.', [edit('infra/providers.tf')]],
          ['user', 'Always run terraform fmt -recursive and tflint before a commit.', [], 'fmt'],
          [
            'assistant',
            'terraform fmt -recursive; tflint: no issues.',
            [bash('terraform fmt -recursive'), bash('tflint')],
          ],
          ['user', 'I prefer you show the plan summary line only, not the full plan.', [], 'plan'],
          ['assistant', 'Plan: 0 to add, 12 to change, 0 to destroy.'],
          ['user', 'good'],
          ['assistant', 'Committed.'],
        ],
      },
    ],
    probes: [
      {
        prompt: 'Set up remote state for the new staging workspace.',
        kind: 'decision',
        needs: [{ label: 's3', mustMention: ['DynamoDB'] }],
      },
      {
        prompt: 'Add two more read replicas to the database module.',
        kind: 'rejected-approach',
        needs: [{ label: 'foreach', mustMention: ['for_each'] }],
      },
      {
        prompt: 'Add a bucket for the exports and commit it.',
        kind: 'convention',
        needs: [{ label: 'fmt', mustMention: ['tflint'] }],
      },
      {
        prompt: 'What happened last time someone touched the rds module?',
        kind: 'file-history',
        needs: [{ label: 'rds', mustMention: ['rds'] }],
      },
      {
        prompt: 'Plan the change to the VPC CIDR.',
        kind: 'preference',
        needs: [{ label: 'plan', mustMention: ['summary line'] }],
      },
    ],
  },
  {
    language: 'javascript',
    sessions: [
      {
        outcome: 'merged',
        turns: [
          ['user', 'node cli: testing framework?'],
          ['assistant', 'node:test built in, or jest.'],
          [
            'user',
            'We use node:test and node --test, not jest, to keep zero dev dependencies.',
            [],
            'nodetest',
          ],
          [
            'assistant',
            'Converted tests to node:test in test/parse.test.js.',
            [write('test/parse.test.js'), bash('node --test')],
          ],
          ['user', 'ok'],
          ['assistant', 'Committed.'],
          ['user', 'publish later'],
          ['assistant', 'OK.'],
        ],
      },
      {
        outcome: 'merged',
        turns: [
          ['user', 'the config loader crashes on empty files'],
          [
            'assistant',
            'Fixed lib/config.js: an empty file now reads as {}.',
            [edit('lib/config.js')],
            'config',
          ],
          ['user', 'We keep ESM only, no require() anywhere.', [], 'esm'],
          ['assistant', 'lib/config.js uses import.'],
          ['user', 'tests'],
          ['assistant', 'pass', [bash('node --test')]],
          ['user', 'merge'],
          ['assistant', 'Merged.'],
        ],
      },
      {
        outcome: 'reverted',
        turns: [
          ['user', 'replace our arg parser with yargs'],
          ['assistant', 'Replaced lib/args.js with yargs.', [edit('lib/args.js')]],
          ['user', 'startup went from 40ms to 180ms'],
          ['assistant', 'yargs loads a lot at start.'],
          ['user', 'Revert yargs; we keep util.parseArgs from node itself.', [], 'yargs'],
          ['assistant', 'Reverted.', [bash('git revert HEAD --no-edit')]],
          [
            'user',
            'In commit messages I want the conventional commits style, feat:/fix:.',
            [],
            'conventional',
          ],
          ['assistant', 'Noted.'],
        ],
      },
    ],
    probes: [
      {
        prompt: 'Add tests for the new --json output flag.',
        kind: 'decision',
        needs: [{ label: 'nodetest', mustMention: ['node:test'] }],
      },
      {
        prompt: 'Parsing subcommands by hand is painful, is there a library we should adopt?',
        kind: 'rejected-approach',
        needs: [{ label: 'yargs', mustMention: ['parseArgs'] }],
      },
      {
        prompt: 'Load the plugin list from a JSON file at startup.',
        kind: 'convention',
        needs: [{ label: 'esm', mustMention: ['ESM'] }],
      },
      {
        prompt: 'A YAML config now crashes the loader too, where was the empty-file fix?',
        kind: 'file-history',
        needs: [{ label: 'config', mustMention: ['config.js'] }],
      },
      {
        prompt: 'Commit the json flag work.',
        kind: 'preference',
        needs: [{ label: 'conventional', mustMention: ['conventional commits'] }],
      },
    ],
  },
  {
    language: 'ruby',
    sessions: [
      {
        outcome: 'merged',
        turns: [
          ['user', 'background jobs for the rails app'],
          ['assistant', 'Sidekiq or GoodJob.'],
          [
            'user',
            'GoodJob, since it runs on Postgres and we do not want Redis; Sidekiq is out.',
            [],
            'goodjob',
          ],
          [
            'assistant',
            'Added GoodJob and config/initializers/good_job.rb.',
            [write('config/initializers/good_job.rb'), bash('bin/rails db:migrate')],
          ],
          ['user', 'rspec'],
          ['assistant', '87 examples, 0 failures.', [bash('bundle exec rspec')]],
          ['user', 'ok'],
          ['assistant', 'Committed.'],
        ],
      },
      {
        outcome: 'merged',
        turns: [
          ['user', 'n+1 on the orders index'],
          [
            'assistant',
            'Added includes(:line_items) in app/controllers/orders_controller.rb.',
            [edit('app/controllers/orders_controller.rb')],
            'orders',
          ],
          [
            'user',
            'Convention: service objects go in app/services and respond to .call.',
            [],
            'services',
          ],
          [
            'assistant',
            'Moved totals into app/services/order_totals.rb with .call.',
            [write('app/services/order_totals.rb')],
          ],
          ['user', 'rubocop'],
          ['assistant', 'no offenses', [bash('bundle exec rubocop')]],
          ['user', 'ok'],
          ['assistant', 'Committed.'],
        ],
      },
      {
        outcome: 'abandoned',
        turns: [
          ['user', 'can we try hotwire turbo streams for the cart'],
          [
            'assistant',
            'Started converting the cart partial to turbo streams.',
            [edit('app/views/carts/_cart.html.erb')],
          ],
          ['user', 'the stimulus controllers conflict'],
          ['assistant', 'Yes, cart_controller.js rewrites the same DOM.'],
          [
            'user',
            'Park Turbo Streams for the cart until the stimulus controllers are gone.',
            [],
            'turbo',
          ],
          ['assistant', 'Parked; nothing committed.'],
          [
            'user',
            'I prefer RSpec request specs over controller specs for anything new.',
            [],
            'request',
          ],
          ['assistant', 'Noted.'],
        ],
      },
    ],
    probes: [
      {
        prompt: 'Send the receipt email asynchronously after checkout.',
        kind: 'decision',
        needs: [{ label: 'goodjob', mustMention: ['GoodJob'] }],
      },
      {
        prompt: 'Where should the refund calculation go?',
        kind: 'convention',
        needs: [{ label: 'services', mustMention: ['app/services'] }],
      },
      {
        prompt: 'Make the cart update live without a page reload.',
        kind: 'rejected-approach',
        needs: [{ label: 'turbo', mustMention: ['Turbo'] }],
      },
      {
        prompt: 'The orders page is slow again, what was done there before?',
        kind: 'file-history',
        needs: [{ label: 'orders', mustMention: ['orders_controller'] }],
      },
      {
        prompt: 'Write specs for the new refunds endpoint.',
        kind: 'preference',
        needs: [{ label: 'request', mustMention: ['request specs'] }],
      },
    ],
  },
  {
    language: 'kotlin',
    sessions: [
      {
        outcome: 'merged',
        turns: [
          ['user', 'android app: DI library'],
          ['assistant', 'Hilt or Koin.'],
          [
            'user',
            'Hilt. Compile-time graph checks matter more to us than Koin simplicity.',
            [],
            'hilt',
          ],
          [
            'assistant',
            'Added Hilt modules in app/src/main/java/di/AppModule.kt.',
            [write('app/src/main/java/di/AppModule.kt')],
          ],
          ['user', 'build'],
          ['assistant', 'BUILD SUCCESSFUL', [bash('./gradlew assembleDebug')]],
          ['user', 'ok'],
          ['assistant', 'Committed.'],
        ],
      },
      {
        outcome: 'reverted',
        turns: [
          ['user', 'migrate the settings screen to compose navigation'],
          [
            'assistant',
            'Rewrote SettingsScreen.kt with navigation-compose.',
            [edit('app/src/main/java/ui/SettingsScreen.kt')],
            'settings',
          ],
          ['user', 'deep links broke'],
          ['assistant', 'The intent filters point at the old fragments.'],
          [
            'user',
            'Revert it, keep fragments plus Navigation Component until deep links are migrated.',
            [],
            'navcompose',
          ],
          ['assistant', 'Reverted.', [bash('git revert HEAD --no-edit')]],
          ['user', 'k'],
          ['assistant', 'Done.'],
        ],
      },
      {
        outcome: 'merged',
        turns: [
          ['user', 'repository for the feed'],
          [
            'assistant',
            'Added FeedRepository.kt with a Flow.',
            [write('app/src/main/java/data/FeedRepository.kt')],
          ],
          [
            'user',
            'Convention: expose StateFlow from ViewModels, never LiveData in new code.',
            [],
            'stateflow',
          ],
          ['assistant', 'FeedViewModel exposes StateFlow.'],
          [
            'user',
            'Please run ./gradlew ktlintCheck before saying done, every time.',
            [],
            'ktlint',
          ],
          ['assistant', 'ktlintCheck passed.', [bash('./gradlew ktlintCheck')]],
          ['user', 'great'],
          ['assistant', 'Committed.'],
        ],
      },
    ],
    probes: [
      {
        prompt: 'Inject the analytics client into the feed view model.',
        kind: 'decision',
        needs: [{ label: 'hilt', mustMention: ['Hilt'] }],
      },
      {
        prompt: 'Could we move the settings flow to compose navigation now?',
        kind: 'rejected-approach',
        needs: [{ label: 'navcompose', mustMention: ['deep links'] }],
      },
      {
        prompt: 'Create the ProfileViewModel with a loading state.',
        kind: 'convention',
        needs: [{ label: 'stateflow', mustMention: ['StateFlow'] }],
      },
      {
        prompt: 'What happened with the settings screen before?',
        kind: 'file-history',
        needs: [{ label: 'settings', mustMention: ['SettingsScreen'] }],
      },
      {
        prompt: 'Finish the profile screen.',
        kind: 'preference',
        needs: [{ label: 'ktlint', mustMention: ['ktlintCheck'] }],
      },
    ],
  },
];

/** Fixed start dates: session n of project p starts p days plus n days after the first. */
const startOf = (project: number, session: number, turn: number): string =>
  new Date(Date.UTC(2026, 9, 1 + project * 3 + session, 9, turn * 2)).toISOString();

function build() {
  return {
    split: 'dev',
    projects: PROJECTS.map((project, p) => {
      const id = `p${String(p + 1).padStart(2, '0')}`;
      const labels = new Map<string, string>();
      const sessions = project.sessions.map((session, s) => ({
        id: `${id}-s${s + 1}`,
        outcome: session.outcome,
        startedAt: startOf(p, s, 0),
        turns: session.turns.map(([role, text, tools, label], t) => {
          const turnId = `${id}-s${s + 1}-t${t + 1}`;
          if (label) labels.set(label, turnId);
          return {
            id: turnId,
            role,
            text,
            at: startOf(p, s, t),
            ...(tools && tools.length > 0 ? { tools } : {}),
          };
        }),
      }));
      const probes = project.probes.map((probe, q) => ({
        id: `${id}-q${q + 1}`,
        prompt: probe.prompt,
        kind: probe.kind,
        needed: probe.needs.map((need) => {
          const turnId = labels.get(need.label);
          if (!turnId) throw new Error(`${id}: no turn labelled ${need.label}`);
          return { kind: probe.kind, sourceTurnIds: [turnId], mustMention: need.mustMention };
        }),
      }));
      return { id, language: project.language, sessions, probes };
    }),
  };
}

const scenarios = build();
// every mustMention term occurs in one of its source turns (the blind split's own check)
for (const project of scenarios.projects) {
  const turns = new Map(project.sessions.flatMap((s) => s.turns).map((t) => [t.id, t]));
  for (const probe of project.probes)
    for (const need of probe.needed)
      for (const term of need.mustMention) {
        const found = need.sourceTurnIds.some((id) =>
          JSON.stringify(turns.get(id)).toLowerCase().includes(term.toLowerCase()),
        );
        if (!found) throw new Error(`${probe.id}: "${term}" is in none of its source turns`);
      }
}
writeFileSync(path.join(__dirname, 'scenarios.json'), `${JSON.stringify(scenarios, null, 2)}\n`);
console.log(`wrote ${scenarios.projects.length} projects`);
