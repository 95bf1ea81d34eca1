/**
 * The dev split's conversations between a developer ({P}, the user) and a coding agent ({F}, the
 * assistant): bugs and their fixes, decisions and their reasons, values set in config, told in one
 * turn and taken up again sessions later (see recall-dev.write.ts).
 */
import type { FactTemplate, Random } from './recall-dev.personal';
import { itemAt } from '@mnemo/testing';

export const PROJECTS = [
  { P: 'Ana', F: 'the agent' },
  { P: 'Kenji', F: 'the agent' },
  { P: 'Rosa', F: 'the agent' },
];

export const CODING_SMALL_TALK: Array<[string, string]> = [
  ['Morning. Let us pick up where we left off.', 'Sure. I will read the latest changes on the branch first.'],
  ['Can you run the test suite before we start?', 'All tests pass on main, two are skipped as before.'],
  ['Please keep the commits small today.', 'Understood, one change per commit with a short message.'],
  ['Thanks, that is all for now.', 'You are welcome. The branch is pushed.'],
  ['What is the state of the build?', 'The CI build is green and the lint step passes.'],
  ['Let us look at the open review comments.', 'There are three comments, all about naming.'],
  ['Can you format the files you touched?', 'Done, prettier rewrote two files.'],
  ['I will review the pull request after lunch.', 'Great, I left a summary in the description.'],
];

const from =
  <T>(items: readonly T[]) =>
  (random: Random): T =>
    itemAt(items, Math.floor(random() * items.length));
const slotsOf =
  <T extends readonly string[]>(pool: readonly T[], names: readonly string[]) =>
  (random: Random) => {
    const values = from(pool)(random);
    return Object.fromEntries(names.map((name, i) => [name, itemAt(values, i)]));
  };

export const CODING_FACTS: FactTemplate[] = [
  {
    teller: 'F',
    slots: slotsOf(
      [
        ['the checkout endpoint', 'the Postgres pool in src/db/pool.ts was capped at five connections', 'raised the pool max to forty'],
        ['the nightly export job', 'the S3 client retried forever on a 403', 'made a 403 fail fast and alert'],
        ['the login page', 'the session cookie lacked SameSite=None behind the proxy', 'set SameSite=None and Secure on the cookie'],
      ],
      ['thing', 'cause', 'fix'],
    ),
    tell: ['I found why {thing} was failing: {cause}.'],
    reply: ['Makes sense. What do you propose?'],
    detail: ['I {fix}; the errors stopped in the staging logs.'],
    detailIsEvidence: true,
    ask: ['Why was {thing} breaking and how was it fixed?', 'What was the root cause of the {thing} failures?'],
    when: ['When did we fix {thing}?'],
    inMonth: ['What did we fix in {month}?'],
    later: {
      tell: ['The {thing} incident has not come back since the fix.'],
      ask: ['Has the {thing} problem returned, and what caused it in the first place?'],
    },
  },
  {
    teller: 'P',
    slots: slotsOf(
      [
        ['a message broker for the payment webhooks', 'it is one more service to run and the volume is tiny'],
        ['GraphQL for the admin API', 'the admin screens only need four endpoints'],
        ['microservices for the reporting module', 'two people maintain it'],
      ],
      ['option', 'reason'],
    ),
    tell: ['Let us not add {option}; {reason}.'],
    reply: ['Agreed, I will note the decision in docs/decisions.md.'],
    ask: ['Why did we decide against {option}?', 'What was the reason for rejecting {option}?'],
    infer: ['Does {P} prefer keeping the architecture simple?'],
  },
  {
    teller: 'F',
    slots: slotsOf(
      [
        ['pnpm', 'the lockfile broke the Docker build', 'npm'],
        ['Vitest', 'the snapshot tests failed under it', 'Jest'],
        ['Yarn Berry', 'plug and play confused the IDE', 'npm'],
      ],
      ['tool', 'problem', 'back'],
    ),
    tell: ['Switching to {tool} did not work out: {problem}.'],
    reply: ['Then let us go back to {back}.'],
    ask: ['What went wrong when we tried {tool}?', 'Why did we go back to {back}?'],
    when: ['When did we try {tool}?'],
  },
  {
    teller: 'P',
    slots: slotsOf(
      [
        ['the rate limit', '100 requests per minute per API key', 'src/middleware/rate-limit.ts'],
        ['the session lifetime', 'twelve hours, sliding', 'src/auth/session.ts'],
        ['the upload size limit', '25 megabytes', 'src/upload/limits.ts'],
      ],
      ['setting', 'value', 'file'],
    ),
    tell: ['Set {setting} to {value}, please.'],
    reply: ['Done: {setting} is now {value}, defined in {file}.'],
    detailIsEvidence: true,
    ask: ['What value did we choose for {setting}?', 'Which file defines {setting}?'],
    later: {
      tell: ['A customer complained about {setting}; we keep it as it is for now.'],
      ask: ['What is {setting} set to, given the customer complaint about it?'],
    },
  },
  {
    teller: 'F',
    slots: slotsOf(
      [
        ['test_order_refund', 'it depends on the wall clock crossing midnight', 'froze the clock with fake timers'],
        ['the e2e signup test', 'two tests shared one database schema', 'gave each test file its own schema'],
        ['test_invoice_pdf', 'the font cache was built lazily on first use', 'warmed the font cache in the setup'],
      ],
      ['test', 'cause', 'fix'],
    ),
    tell: ['{test} is flaky because {cause}.'],
    reply: ['Can you make it deterministic?'],
    detail: ['Yes: I {fix}, and it passed 200 runs in a row.'],
    detailIsEvidence: true,
    ask: ['Why was {test} flaky?', 'How did we stabilise {test}?'],
    when: ['When did we fix the flaky {test}?'],
  },
  {
    teller: 'P',
    slots: slotsOf(
      [
        ['Redis', 'the user sessions', 'the sessions table in Postgres'],
        ['Postgres full-text search', 'the product search', 'the LIKE queries'],
        ['S3', 'the invoice PDFs', 'the local disk of the web server'],
      ],
      ['store', 'what', 'before'],
    ),
    tell: ['We should move {what} to {store}, away from {before}.'],
    reply: ['I will write the migration and keep a fallback for one release.'],
    ask: ['Where do {what} live now?', 'What did {what} move to?'],
    when: ['When did we move {what} to {store}?'],
    inMonth: ['What storage change did we make in {month}?'],
    infer: ['Was the move of {what} done carefully, with a way back?'],
    later: {
      tell: ['Nobody was logged out or lost data during the move to {store}.'],
      ask: ['Did the migration of {what} cause any user-facing problems?'],
    },
  },
  {
    teller: 'F',
    slots: slotsOf(
      [
        ['the dashboard query', '3.2 seconds', '180 milliseconds', 'an index on orders(created_at, status)'],
        ['the search page', '1.8 seconds', '240 milliseconds', 'caching the facet counts'],
        ['the CSV import', '14 minutes', '90 seconds', 'COPY instead of row by row inserts'],
      ],
      ['thing', 'before', 'after', 'change'],
    ),
    tell: ['{thing} went from {before} to {after} with {change}.'],
    reply: ['Excellent, ship it.'],
    ask: ['How much faster did {thing} get, and how?', 'What made {thing} fast?'],
    when: ['When did we speed up {thing}?'],
  },
  {
    teller: 'P',
    slots: slotsOf(
      [
        ['Friday evening', 'a missing environment variable', 'a startup check for required variables'],
        ['the release on Tuesday', 'a migration that locked the orders table', 'running migrations with a lock timeout'],
      ],
      ['when', 'cause', 'remedy'],
    ),
    tell: ['The outage on {when} came from {cause}.'],
    reply: ['I suggest {remedy} so it cannot happen again.'],
    detailIsEvidence: true,
    ask: ['What caused the outage on {when}?', 'What did the agent suggest to prevent the outage from repeating?'],
  },
];
