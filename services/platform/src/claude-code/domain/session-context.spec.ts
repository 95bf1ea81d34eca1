import { buildSessionContext, digestMarkdown, SESSION_CONTEXT_MAX_CHARS } from './session-context';

const section = (title: string, line: string, lines: number) =>
  `## ${title}\n${Array.from({ length: lines }, (_, i) => `- ${line} ${i}`).join('\n')}`;
const longClaudeMd = [
  '# CLAUDE.md',
  section('Profile', 'works on payments in Go', 400),
  section('Memories', 'prefers small PRs', 400),
  section('Recent decisions', 'chose NATS over Kafka', 400),
].join('\n\n');

const sources = {
  sessionId: 's-now',
  project: '/home/dev/shop',
  source: 'startup',
  claudeMd: longClaudeMd,
  earlier: [
    {
      id: 's-before',
      title: 'Fix the refund bug',
      startedAt: '2026-11-30T09:15:00.000Z',
      lastTurns: [
        { role: 'user', text: 'the refund test still fails on CI' },
        { role: 'assistant', text: 'Fixed: the currency was rounded twice.' },
      ],
    },
  ],
  ownPrompts: [],
  visited: [],
};

describe('the session-start context', () => {
  it('stays under 10,000 characters however long CLAUDE.md is, and keeps every section', () => {
    const text = buildSessionContext(sources);
    expect(text.length).toBeLessThanOrEqual(SESSION_CONTEXT_MAX_CHARS);
    for (const heading of [
      '## Profile',
      '## Memories',
      '## Recent decisions',
      '## Where earlier sessions in this repository left off',
    ])
      expect(text).toContain(heading);
    expect(text).toContain('Mnemo session id: s-now');
    expect(text).toContain('the currency was rounded twice');
  });

  it('digests CLAUDE.md section by section: a long first section cannot push out the last', () => {
    const digest = digestMarkdown(longClaudeMd, 3_000);
    expect(digest.length).toBeLessThanOrEqual(3_000);
    expect(digest).toContain('chose NATS over Kafka 0');
  });

  it('after a compaction puts back what the user asked and what was looked at', () => {
    const text = buildSessionContext({
      ...sources,
      source: 'compact',
      ownPrompts: ['Rename the ledger table', 'and keep the old view'],
      visited: ['src/ledger.ts:10-40 — writes go through the outbox'],
    });
    expect(text).toContain(
      '## What the user asked in this session before the compaction\n- Rename the ledger table\n- and keep the old view',
    );
    expect(text).toContain('src/ledger.ts:10-40 — writes go through the outbox');
    expect(text.length).toBeLessThanOrEqual(SESSION_CONTEXT_MAX_CHARS);
  });

  it('says nothing when there is nothing to say', () => {
    expect(buildSessionContext({ ...sources, claudeMd: null, earlier: [] })).toBe('');
  });
});
