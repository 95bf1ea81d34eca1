import { developerStatements, proseOf, readDeveloperStatement } from './developer-statements';
import { DEVELOPER_STATEMENTS_DEV } from './developer-statements.dev-set';
import { extractPersonFacts } from './person-facts';

/** A coding session's opening, as a developer starts one: it settles nothing. */
const OPENING = [
  {
    seq: 1,
    role: 'user' as const,
    text: 'We are working on the session refresh in src/auth/session.ts today.',
  },
  {
    seq: 2,
    role: 'assistant' as const,
    text: 'I read the file; the refresh runs in the middleware.',
  },
];

/** What the offline memory extraction keeps of one developer turn in a coding session: the memory types it wrote. */
const keptTypes = (text: string): string[] =>
  extractPersonFacts([...OPENING, { seq: 3, role: 'user', text }], { coding: true }).map(
    (f) => f.factType,
  );

const MEMORY_TYPE = { decision: 'decision', convention: 'decision', preference: 'preference' };

describe('developer statements (dev set)', () => {
  it('become decisions and preferences, and chatter becomes nothing: precision and recall', () => {
    let truePositives = 0;
    let predicted = 0;
    let gold = 0;
    const misses: string[] = [];
    for (const item of DEVELOPER_STATEMENTS_DEV) {
      const types = keptTypes(item.text);
      if (types.length > 0) predicted++;
      if (item.kind === 'none') {
        if (types.length > 0) misses.push(`kept chatter: ${item.text} → ${types.join(', ')}`);
        continue;
      }
      gold++;
      if (types.length === 1 && types[0] === MEMORY_TYPE[item.kind]) truePositives++;
      else misses.push(`${item.kind}: ${item.text} → ${types.join(', ') || 'nothing'}`);
    }
    const precision = truePositives / Math.max(1, predicted);
    const recall = truePositives / Math.max(1, gold);
    console.log(
      `developer statements (dev, ${DEVELOPER_STATEMENTS_DEV.length} items, ${gold} statements): precision ${precision.toFixed(3)} (${truePositives}/${predicted}), recall ${recall.toFixed(3)} (${truePositives}/${gold})${misses.length ? `\n  ${misses.join('\n  ')}` : ''}`,
    );
    expect(DEVELOPER_STATEMENTS_DEV.length).toBeGreaterThanOrEqual(60);
    expect(precision).toBeGreaterThanOrEqual(0.9);
    expect(recall).toBeGreaterThanOrEqual(0.85);
  });

  it('read each statement with its kind and stance', () => {
    const wrong = DEVELOPER_STATEMENTS_DEV.filter((item) => item.kind !== 'none').filter((item) => {
      const [found] = developerStatements(item.text);
      return found?.kind !== item.kind || found.stance !== item.stance;
    });
    expect(wrong.map((w) => w.text)).toEqual([]);
  });
});

describe('readDeveloperStatement', () => {
  it('takes the topic and the reason apart', () => {
    expect(
      readDeveloperStatement('We chose pnpm over yarn because of workspace speed.'),
    ).toMatchObject({
      kind: 'decision',
      stance: 'chose',
      topic: 'pnpm over yarn',
      reason: 'because of workspace speed',
    });
  });

  it('reads the two statements of one sentence joined by a semicolon', () => {
    const found = developerStatements(
      'We chose pnpm over yarn because of workspace speed; never use yarn here.',
    );
    expect(found.map((s) => [s.kind, s.stance])).toEqual([
      ['decision', 'chose'],
      ['convention', 'rejected'],
    ]);
  });

  it('leaves a life outside the code to the person rules', () => {
    for (const text of [
      'I always go for a run before work.',
      'I prefer tea over coffee in the morning.',
      'We decided to move to Lisbon next spring.',
    ])
      expect(readDeveloperStatement(text)).toBeNull();
  });
});

describe('proseOf', () => {
  it('leaves out code, Claude Code wrappers, interrupt markers and pasted output', () => {
    const turn = [
      '<system-reminder>Remember the todo list.</system-reminder>',
      'Never use yarn here.',
      '```ts',
      'const x: any = 1;',
      '```',
      "TypeError: Cannot read properties of undefined (reading 'map')",
      '    at Object.<anonymous> (src/index.ts:12:5)',
      '[Request interrupted by user]',
    ].join('\n');
    expect(proseOf(turn)).toBe('Never use yarn here.');
  });

  it('keeps a coaching turn as it is', () => {
    const turn = '[image: our dog on the beach]\n- I started a pottery class.\n> quoted line';
    expect(proseOf(turn)).toBe(turn);
  });
});

describe('extractPersonFacts on coding talk', () => {
  const session = [
    {
      seq: 1,
      role: 'user' as const,
      text: 'Can you run the tests and fix the failing one in auth.ts?',
    },
    { seq: 2, role: 'assistant' as const, text: 'Done: 12 passed. The failure was a stale mock.' },
    {
      seq: 3,
      role: 'user' as const,
      text: "Looks good. I'm getting a 500 from the login route now.\n```\nError: boom\n```",
    },
    { seq: 4, role: 'assistant' as const, text: 'Fixed, the handler forgot to await.' },
    {
      seq: 5,
      role: 'user' as const,
      text: 'We chose pnpm over yarn because of workspace speed; never use yarn here. I prefer named exports.',
    },
  ];

  it('keeps what was settled and none of the work in progress', () => {
    const facts = extractPersonFacts(session, { coding: true });
    expect(facts.map((f) => [f.factType, f.content, f.sourceTurns])).toEqual([
      ['decision', 'We chose pnpm over yarn because of workspace speed.', [5]],
      ['decision', 'Never use yarn here.', [5]],
      ['preference', 'Prefers named exports.', [5]],
    ]);
  });

  it('reads a session that mostly talks shop as a coding one when nobody said', () => {
    const facts = extractPersonFacts([
      { seq: 1, role: 'user', text: 'We chose pnpm over yarn; never use yarn in this repo.' },
    ]);
    expect(facts.map((f) => f.factType)).toEqual(['decision', 'decision']);
  });

  it('leaves a coaching session to the person rules', () => {
    const coaching = [
      { seq: 1, role: 'user' as const, text: 'I decided to take the driving test again in June.' },
      { seq: 2, role: 'assistant' as const, text: 'Good luck!' },
      { seq: 3, role: 'user' as const, text: 'I love my new class at the community centre.' },
    ];
    const facts = extractPersonFacts(coaching);
    expect(facts).toEqual(extractPersonFacts(coaching, { coding: false }));
    expect(facts).not.toEqual(extractPersonFacts(coaching, { coding: true }));
    expect(facts.length).toBeGreaterThan(0);
  });
});
