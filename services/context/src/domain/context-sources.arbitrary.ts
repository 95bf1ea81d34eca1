import fc from 'fast-check';
import type { ClaudeMdSources, MemoryBlockSources, MemoryItem, PlanItem } from './context-sources';
import { ACCOUNT } from './context-sources.fixture';

/** fast-check generators for the property specs. Items carry `[[id]]` markers so a test can find them in output. */

export const OTHER_ACCOUNT = 'acct-other';

const words = fc
  .array(
    fc.constantFrom(
      'run',
      'Berlin',
      'sister',
      'honesty',
      'plan',
      '#',
      '\n',
      '<<<',
      '>>>',
      '*',
      'é',
      '↔',
      'a',
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(' '));
const timestamp = fc
  .integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2027, 0, 1) })
  .map((ms) => new Date(ms).toISOString());
const account = fc.constantFrom(ACCOUNT, ACCOUNT, OTHER_ACCOUNT);
const uniqueIds = (prefix: string, max: number) =>
  fc.uniqueArray(fc.nat(999), { maxLength: max }).map((ns) => ns.map((n) => `${prefix}${n}`));

export const marker = (id: string): string => `[[${id}]]`;

export const memoryArb = (id: string): fc.Arbitrary<MemoryItem> =>
  fc
    .record({
      accountId: account,
      factType: fc.constantFrom(
        'value',
        'goal',
        'preference',
        'decision',
        'event',
        'insight',
        'relationship',
      ),
      text: words,
      confidence: fc.constantFrom('high', 'medium', 'low'),
      confirmed: fc.boolean(),
      sensitive: fc.boolean(),
      createdAt: timestamp,
      updatedAt: timestamp,
    })
    .map(({ text, ...rest }) => ({ id, content: `${marker(id)} ${text}`, ...rest }));

const planArb = (id: string): fc.Arbitrary<PlanItem> =>
  fc
    .record({
      accountId: account,
      title: words,
      progress: fc.option(words),
      active: fc.boolean(),
      updatedAt: timestamp,
    })
    .map(({ title, ...rest }) => ({ id, title: `${marker(id)} ${title}`, ...rest }));

const each = <T>(ids: string[], arb: (id: string) => fc.Arbitrary<T>): fc.Arbitrary<T[]> =>
  fc.tuple(...ids.map(arb));
const listOf = <T>(
  prefix: string,
  max: number,
  arb: (id: string) => fc.Arbitrary<T>,
): fc.Arbitrary<T[]> =>
  uniqueIds(prefix, max).chain((ids) => (ids.length === 0 ? fc.constant([]) : each(ids, arb)));

export const claudeMdSourcesArb: fc.Arbitrary<ClaudeMdSources> = fc.record({
  accountId: fc.constant(ACCOUNT),
  session: fc.record({
    id: fc.constant('s1'),
    source: fc.constantFrom('ai-coaching:values', 'cli'),
    resuming: fc.boolean(),
    isRedo: fc.boolean(),
  }),
  coreProfile: fc.option(fc.string({ maxLength: 1_500 })),
  memories: listOf('m', 40, memoryArb),
  bookmarks: listOf('b', 10, (id) =>
    fc.record({
      id: fc.constant(id),
      text: words.map((t) => `${marker(id)} ${t}`),
      createdAt: timestamp,
    }),
  ),
  pinnedArtifacts: listOf('p', 3, (id) =>
    fc.record({
      id: fc.constant(id),
      title: words,
      content: fc.string({ maxLength: 3_000 }).map((t) => `${marker(id)}\n${t}`),
    }),
  ),
  insights: listOf('i', 15, (id) =>
    fc.record({
      id: fc.constant(id),
      kind: fc.constantFrom('contradiction', 'evolution', 'theme'),
      text: fc.string({ maxLength: 400 }).map((t) => `${marker(id)} ${t}`),
      artifactATitle: words,
      artifactBTitle: words,
      createdAt: timestamp,
    }),
  ),
  goals: listOf('g', 6, planArb),
  conversationSoFar: fc.option(
    fc.record({
      summary: fc.string({ maxLength: 2_000 }),
      segment: fc.integer({ min: 1, max: 9 }),
    }),
  ),
  artifacts: listOf('a', 30, (id) =>
    fc.record({
      id: fc.constant(id),
      title: words,
      gist: words,
      tokens: fc.record({ gist: fc.nat(100), summary: fc.nat(1_000), full: fc.nat(50_000) }),
    }),
  ),
  healthModuleOn: fc.boolean(),
  failedSources: fc.constant([]),
});

export const memoryBlockSourcesArb: fc.Arbitrary<MemoryBlockSources> = fc.record({
  accountId: fc.constant(ACCOUNT),
  facts: listOf('f', 30, memoryArb),
  plans: listOf('g', 5, planArb),
  reminders: listOf('r', 5, (id) =>
    fc.record({
      id: fc.constant(id),
      accountId: account,
      text: words.map((t) => `${marker(id)} ${t}`),
      dueAt: fc.option(timestamp),
    }),
  ),
  healthModuleOn: fc.boolean(),
  rollingRecall: fc.option(words),
  failedSources: fc.constant([]),
});
