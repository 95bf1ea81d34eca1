import type { ClaudeMdSources, MemoryBlockSources, MemoryItem } from './context-sources';

/** Fixed sources for the golden and example tests: one person, every section populated. */

export const ACCOUNT = 'acct-dana';

export const CORE_PROFILE =
  'Dana is a nurse turned product manager who values honesty over comfort. She is training for her first marathon. ' +
  'Tension: she wants deep work but keeps saying yes to every meeting. Open question: whether to go back to clinical work.';

const memory = (
  id: string,
  factType: MemoryItem['factType'],
  content: string,
  updatedAt: string,
  extra: Partial<MemoryItem> = {},
): MemoryItem => ({
  id,
  accountId: ACCOUNT,
  factType,
  content,
  confidence: 'high',
  confirmed: false,
  sensitive: false,
  createdAt: updatedAt,
  updatedAt,
  ...extra,
});

export const MEMORIES: MemoryItem[] = [
  memory('m1', 'value', 'Values honesty over comfort', '2026-09-01T10:00:00Z'), // in the profile: dropped
  memory(
    'm2',
    'goal',
    'Wants to run the Berlin marathon in under four hours.',
    '2026-09-03T10:00:00Z',
  ),
  memory('m3', 'preference', 'Prefers walking meetings to video calls.', '2026-09-04T10:00:00Z'),
  memory(
    'm4',
    'decision',
    'Decided to block Friday mornings for deep work.',
    '2026-09-05T10:00:00Z',
  ),
  memory(
    'm5',
    'relationship',
    'Her sister Mia is her main running partner.',
    '2026-09-06T10:00:00Z',
  ),
  memory('m6', 'event', 'Moved from Hamburg to Berlin in\nMarch 2026.', '2026-09-07T10:00:00Z'),
  memory('m7', 'value', 'Has asthma and carries an inhaler on long runs.', '2026-09-08T10:00:00Z', {
    sensitive: true,
    confirmed: true,
  }),
];

export function claudeMdSources(overrides: Partial<ClaudeMdSources> = {}): ClaudeMdSources {
  return {
    accountId: ACCOUNT,
    session: { id: 'sess-42', source: 'ai-coaching:values-interview', resuming: true },
    coreProfile: CORE_PROFILE,
    memories: MEMORIES,
    bookmarks: [
      {
        id: 'b1',
        text: '"I only feel like myself when I am outside."',
        createdAt: '2026-08-20T09:00:00Z',
      },
      {
        id: 'b2',
        text: 'Cried when talking about leaving the ward.',
        createdAt: '2026-09-02T09:00:00Z',
      },
    ],
    pinnedArtifacts: [
      {
        id: 'art-values',
        title: 'Core Values',
        content: '# Core Values\n\n1. Honesty\n2. Being outdoors\n3. Care for others',
      },
    ],
    insights: [
      {
        id: 'i1',
        kind: 'contradiction',
        text: 'Says deep work matters most, yet accepts every meeting invitation.',
        artifactATitle: 'Core Values',
        artifactBTitle: 'Weekly Review',
        createdAt: '2026-09-05T12:00:00Z',
      },
      {
        id: 'i2',
        kind: 'evolution',
        text: 'Moved from describing nursing as a calling to describing it as a chapter.',
        artifactATitle: 'Career History',
        artifactBTitle: 'Core Values',
        createdAt: '2026-09-06T12:00:00Z',
      },
    ],
    goals: [
      {
        id: 'p1',
        accountId: ACCOUNT,
        title: 'Marathon base building',
        progress: 'Ran 4 of 5 planned runs this week.',
        active: true,
        updatedAt: '2026-09-07T08:00:00Z',
      },
      {
        id: 'p2',
        accountId: ACCOUNT,
        title: 'Learn Spanish',
        progress: null,
        active: false,
        updatedAt: '2026-09-01T08:00:00Z',
      },
    ],
    conversationSoFar: {
      summary:
        'We covered her childhood values and her move to Berlin. Next: what honesty costs her at work.',
      segment: 2,
    },
    artifacts: [
      {
        id: 'art-values',
        title: 'Core Values',
        gist: 'Honesty, the outdoors, care.',
        tokens: { gist: 12, summary: 180, full: 900 },
      },
      {
        id: 'art-career',
        title: 'Career History',
        gist: 'Ten years of nursing, then product.',
        tokens: { gist: 14, summary: 240, full: 2600 },
      },
      {
        id: 'art-review',
        title: 'Weekly Review',
        gist: 'Overbooked weeks and what she would drop.',
        tokens: { gist: 15, summary: 200, full: 1400 },
      },
    ],
    failedSources: [],
    ...overrides,
  };
}

export function memoryBlockSources(
  overrides: Partial<MemoryBlockSources> = {},
): MemoryBlockSources {
  return {
    accountId: ACCOUNT,
    facts: MEMORIES.slice(1),
    plans: claudeMdSources().goals,
    reminders: [
      {
        id: 'r1',
        accountId: ACCOUNT,
        text: 'Ask how the long run on Sunday went.',
        dueAt: '2026-09-14T18:00:00Z',
      },
      {
        id: 'r2',
        accountId: ACCOUNT,
        text: 'Check in about the Friday deep-work block.',
        dueAt: null,
      },
    ],
    healthModuleOn: false,
    rollingRecall:
      'Last month: weekly mileage rose steadily. Since then: resting heart rate moved from within its usual range to below its usual range.',
    failedSources: [],
    ...overrides,
  };
}
