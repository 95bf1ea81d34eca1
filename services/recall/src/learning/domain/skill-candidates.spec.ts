import type { LearningSession } from './learning-session';
import { skillCandidates, skillMarkdown, skillNameOf, stepsOf } from './skill-candidates';

const repeat = (id: string, entity: string, task: string, day: number): LearningSession => ({
  sessionId: id,
  project: '/repo/shop',
  startedAt: `2026-11-${String(day).padStart(2, '0')}T09:00:00.000Z`,
  outcome: 'merged',
  task,
  filesEdited: [],
  steps: [
    { name: 'Read', file: '/repo/shop/src/routes/index.ts' },
    { name: 'Write', file: `/repo/shop/src/routes/${entity}-export.ts` },
    { name: 'Edit', file: '/repo/shop/src/routes/index.ts' },
    { name: 'Bash', command: 'npm test -- export', error: 'FAIL test/export.spec.ts' },
    { name: 'Bash', command: 'npm test -- export' },
  ],
});

describe('skill candidates', () => {
  const sessions = [
    repeat('a', 'orders', 'Add a CSV export endpoint for orders', 1),
    repeat('b', 'customers', 'We need a CSV export for customers too', 4),
    repeat('c', 'invoices', 'add a csv export of invoices', 8),
    {
      ...repeat('d', 'orders', 'Add a CSV export endpoint for orders', 9),
      outcome: 'reverted' as const,
    },
  ];

  it('proposes the merged repeats of one task, never a failed one, with steps, files and commands', () => {
    expect(skillCandidates('acct', sessions)).toEqual([
      expect.objectContaining({
        sourceSessionIds: ['a', 'b', 'c'],
        files: ['src/routes/index.ts'],
        commands: ['npm test -- export'],
        name: 'add-csv-export',
        description: expect.stringMatching(
          /^Use when asked for work like ".+"\. 3 merged sessions/,
        ),
      }),
    ]);
  });

  it('keeps out a merged session that only edited what the repeats made', () => {
    const fix: LearningSession = {
      ...repeat('fix', 'orders', 'Quote fields with commas in the orders export', 10),
      steps: [
        { name: 'Read', file: '/repo/shop/src/routes/orders-export.ts' },
        { name: 'Edit', file: '/repo/shop/src/routes/orders-export.ts' },
        { name: 'Bash', command: 'npm test -- export' },
      ],
    };
    expect(skillCandidates('acct', [...sessions, fix]).map((c) => c.sourceSessionIds)).toEqual([
      ['a', 'b', 'c'],
    ]);
  });

  it('keeps out a fix to what one repeat made, in the folder they wrote in', () => {
    // what a session made counts more than the words and the folder it shares with them
    const work = (id: string, task: string, files: string[], day: number): LearningSession => ({
      ...repeat(id, 'none', task, day),
      steps: [
        ...files.map((file) => ({
          name: file.startsWith('+') ? 'Write' : 'Edit',
          file: `/repo/shop/src/${file.replace('+', '')}`,
        })),
        { name: 'Bash', command: 'npm test' },
      ],
    });
    const history = [
      work('s', 'Admin pages for suppliers', ['+admin/suppliers.page.ts', 'admin/routes.ts'], 1),
      work('w', 'warehouses in the admin too', ['+admin/warehouses.page.ts', 'admin/routes.ts'], 5),
      work('c', 'admin pages: categories', ['+admin/categories.page.ts', 'admin/routes.ts'], 9),
      work('fix', 'supplier page drops the phone number', ['admin/suppliers.page.ts'], 12),
      work('o1', 'bump the node version', ['package.json'], 13),
      work('o2', 'show the shipping date on the receipt', ['receipt/date.ts'], 14),
    ];
    expect(skillCandidates('acct', history).map((c) => c.sourceSessionIds)).toEqual([
      ['s', 'w', 'c'],
    ]);
  });

  it('keeps a candidate id as more repeats join', () => {
    const two = skillCandidates('acct', sessions.slice(0, 2));
    const three = skillCandidates('acct', sessions);
    expect(two).toHaveLength(1);
    expect(two.map((c) => c.candidateId)).toEqual(three.map((c) => c.candidateId));
  });

  it('tells the steps as the session did them, failed calls and back-to-back repeats left out', () => {
    expect(sessions.slice(0, 1).map(stepsOf)).toEqual([
      [
        'Read src/routes/index.ts',
        'Write src/routes/orders-export.ts',
        'Edit src/routes/index.ts',
        'Run `npm test -- export`',
      ],
    ]);
  });

  it('names a skill as Claude Code takes it, from the words the tasks share', () => {
    expect(
      skillNameOf(['Cut release v1.4.0', 'release 1.4.1', 'ship v1.5.0'], 'release 1.4.1'),
    ).toBe('release');
    expect(skillNameOf(['Änderung!', '???'], '???')).toBe('repeated-task');
  });

  it('writes a SKILL.md whose frontmatter has the name and a quoted one-line description', () => {
    const markdown = skillMarkdown({
      name: 'csv-export',
      description: 'Use when: "exports"\nof data.',
      steps: ['Run `npm test`'],
      files: ['src/a.ts'],
      commands: ['npm test'],
      sourceSessionIds: ['a', 'b'],
    });
    const match = /^---\nname: (.+)\ndescription: (.+)\n---\n/.exec(markdown);
    expect(match?.[1]).toBe('csv-export');
    expect(JSON.parse(match?.[2] ?? 'null')).toBe('Use when: "exports" of data.');
    expect(markdown).toContain('## Steps\n\n1. Run `npm test`');
  });
});
