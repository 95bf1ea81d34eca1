import type { DeveloperStance, DeveloperStatementKind } from './developer-statements';

/**
 * The dev set of developer statements (written by the team; rules are tuned on it): what a developer
 * types to a coding agent, each with what it is. `none` is work in progress that must not become a
 * memory: requests, reactions, questions, status, pasted output.
 */
export interface DevSetItem {
  text: string;
  kind: DeveloperStatementKind | 'none';
  stance?: DeveloperStance;
}

export const DEVELOPER_STATEMENTS_DEV: readonly DevSetItem[] = [
  // decisions
  {
    text: 'We chose pnpm over yarn because of workspace speed.',
    kind: 'decision',
    stance: 'chose',
  },
  {
    text: 'We went with Postgres instead of Mongo since the data is relational.',
    kind: 'decision',
    stance: 'chose',
  },
  { text: "Let's keep the API versioned under /v1 for now.", kind: 'decision', stance: 'chose' },
  { text: "OK let's go with zod for the request validation.", kind: 'decision', stance: 'chose' },
  {
    text: 'We decided to use Redis for the session cache because it is already deployed.',
    kind: 'decision',
    stance: 'chose',
  },
  {
    text: 'We moved from Jest to Vitest last week, it is much faster.',
    kind: 'decision',
    stance: 'chose',
  },
  {
    text: "We've switched to vitest, jest was too slow on the monorepo.",
    kind: 'decision',
    stance: 'chose',
  },
  { text: 'I settled on esbuild for the CLI bundle.', kind: 'decision', stance: 'chose' },
  {
    text: 'We dropped GraphQL, the REST endpoints cover everything we need.',
    kind: 'decision',
    stance: 'rejected',
  },
  {
    text: "We're not going to use an ORM for the reporting queries.",
    kind: 'decision',
    stance: 'rejected',
  },
  {
    text: 'We ruled out Kafka because nobody on the team can run it.',
    kind: 'decision',
    stance: 'rejected',
  },
  {
    text: "Let's defer the sharding work until we have real traffic.",
    kind: 'decision',
    stance: 'deferred',
  },
  {
    text: 'We parked the migration to ESM, too many packages still ship CommonJS.',
    kind: 'decision',
    stance: 'deferred',
  },
  {
    text: 'We agreed on trunk-based development with short-lived branches.',
    kind: 'decision',
    stance: 'chose',
  },
  { text: "Let's stick with REST for the public API.", kind: 'decision', stance: 'chose' },
  {
    text: 'The decision is to keep the monorepo and use nx for builds.',
    kind: 'decision',
    stance: 'chose',
  },
  {
    text: 'We moved away from Redux, the context API is enough here.',
    kind: 'decision',
    stance: 'rejected',
  },
  {
    text: 'I decided against adding a queue for the email jobs.',
    kind: 'decision',
    stance: 'rejected',
  },
  { text: "Let's use UUIDv7 for the ids so they sort by time.", kind: 'decision', stance: 'chose' },
  {
    text: 'We migrated to Node 22 last week for the built-in test runner.',
    kind: 'decision',
    stance: 'chose',
  },
  {
    text: "Let's not use default exports anywhere in the codebase.",
    kind: 'decision',
    stance: 'rejected',
  },
  {
    text: 'We picked Playwright for the e2e tests because it handles multiple tabs.',
    kind: 'decision',
    stance: 'chose',
  },
  {
    text: "Let's postpone the dark mode feature to the next release.",
    kind: 'decision',
    stance: 'deferred',
  },
  // conventions
  { text: 'Never use yarn here.', kind: 'convention', stance: 'rejected' },
  { text: 'Always run the linter before you push.', kind: 'convention', stance: 'chose' },
  { text: "Don't use default exports.", kind: 'convention', stance: 'rejected' },
  { text: 'From now on, squash-merge every PR.', kind: 'convention', stance: 'chose' },
  { text: 'Do not commit directly to main.', kind: 'convention', stance: 'rejected' },
  { text: 'Use zod for validation, not joi.', kind: 'convention', stance: 'chose' },
  {
    text: 'Make sure to run the migrations before starting the dev server.',
    kind: 'convention',
    stance: 'chose',
  },
  { text: 'Every migration must have a down step.', kind: 'convention', stance: 'chose' },
  { text: 'Never mock the database in integration tests.', kind: 'convention', stance: 'rejected' },
  {
    text: 'Always write commit messages in the imperative mood.',
    kind: 'convention',
    stance: 'chose',
  },
  {
    text: 'In this repo we put tests next to the code they test.',
    kind: 'convention',
    stance: 'chose',
  },
  {
    text: "Don't add new dependencies without asking me first.",
    kind: 'convention',
    stance: 'rejected',
  },
  {
    text: 'We always rebase feature branches instead of merging main into them.',
    kind: 'convention',
    stance: 'chose',
  },
  {
    text: 'Going forward, every endpoint needs an OpenAPI entry.',
    kind: 'convention',
    stance: 'chose',
  },
  {
    text: 'Avoid any in TypeScript; use unknown and narrow it.',
    kind: 'convention',
    stance: 'rejected',
  },
  { text: 'Please never force-push to a shared branch.', kind: 'convention', stance: 'rejected' },
  {
    text: 'Remember to bump the package version whenever you change the public API.',
    kind: 'convention',
    stance: 'chose',
  },
  { text: 'No more console.log in committed code.', kind: 'convention', stance: 'rejected' },
  {
    text: 'Prefer composition over inheritance in the services.',
    kind: 'convention',
    stance: 'chose',
  },
  {
    text: "Don't touch the generated files under src/gen.",
    kind: 'convention',
    stance: 'rejected',
  },
  // preferences
  { text: 'I prefer named exports.', kind: 'preference', stance: 'chose' },
  {
    text: "I'd rather keep the tests next to the source files.",
    kind: 'preference',
    stance: 'chose',
  },
  {
    text: 'I hate long functions, keep them under 40 lines.',
    kind: 'preference',
    stance: 'rejected',
  },
  { text: "I don't like ternaries nested inside JSX.", kind: 'preference', stance: 'rejected' },
  {
    text: 'I really prefer small commits with one change each.',
    kind: 'preference',
    stance: 'chose',
  },
  {
    text: 'I like early returns better than nested if blocks.',
    kind: 'preference',
    stance: 'chose',
  },
  {
    text: "I'm a big fan of property-based tests for the parsers.",
    kind: 'preference',
    stance: 'chose',
  },
  { text: 'My preference is tabs for indentation.', kind: 'preference', stance: 'chose' },
  {
    text: 'I always use async/await rather than promise chains.',
    kind: 'preference',
    stance: 'chose',
  },
  { text: "I don't want emojis in commit messages.", kind: 'preference', stance: 'rejected' },
  // chatter that is no memory
  { text: 'Run the tests.', kind: 'none' },
  { text: 'Looks good.', kind: 'none' },
  { text: 'Let me check the logs.', kind: 'none' },
  { text: "TypeError: Cannot read properties of undefined (reading 'map')", kind: 'none' },
  { text: '    at Object.<anonymous> (src/index.ts:12:5)', kind: 'none' },
  { text: 'Can you fix the failing test in auth.spec.ts?', kind: 'none' },
  { text: 'Why is the build failing on CI?', kind: 'none' },
  { text: 'Ok, go ahead and commit that.', kind: 'none' },
  { text: "Let's see what the logs say.", kind: 'none' },
  { text: "Let's try bumping the timeout and run it again.", kind: 'none' },
  { text: 'Thanks, that fixed it.', kind: 'none' },
  { text: 'Add a test for the empty input case.', kind: 'none' },
  { text: "Don't worry about the lint warnings for now.", kind: 'none' },
  { text: 'npm ERR! code ERESOLVE', kind: 'none' },
  { text: 'Hmm, the migration still fails locally.', kind: 'none' },
  { text: 'Should we use pnpm or yarn here?', kind: 'none' },
  { text: 'Use the staging database for this one.', kind: 'none' },
  { text: 'I think the bug is in the cache layer.', kind: 'none' },
  { text: 'Yes, do it.', kind: 'none' },
  { text: 'Rename the function to parseConfig.', kind: 'none' },
  { text: 'It works now, the endpoint returns 200.', kind: 'none' },
  { text: 'I pushed the branch, can you review the PR?', kind: 'none' },
  { text: 'Let me think about the schema a bit.', kind: 'none' },
  { text: 'The tests pass on my machine.', kind: 'none' },
  { text: 'error TS2322: Type string is not assignable to type number.', kind: 'none' },
  { text: 'Revert that last change.', kind: 'none' },
  { text: 'Great, now update the README.', kind: 'none' },
  { text: "I'm getting a 500 from the login route.", kind: 'none' },
];
