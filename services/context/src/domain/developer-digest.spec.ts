import { itemAt } from '@mnemo/testing';
import { assembleDeveloperDigest } from './developer-digest';
import {
  DECISIONS_HEADING,
  FILE_HISTORY_HEADING,
  LEFT_OFF_HEADING,
  PREFERENCES_HEADING,
} from './developer-digest-sections';
import type { DeveloperDigestSources, DigestSession } from './developer-digest-sources';

const session = (id: string, day: number, extra: Partial<DigestSession> = {}): DigestSession => ({
  sessionId: id,
  startedAt: `2026-11-${String(day).padStart(2, '0')}T09:00:00Z`,
  endedAt: `2026-11-${String(day).padStart(2, '0')}T10:00:00Z`,
  outcome: 'merged',
  firstUserTurn: `Work item of ${id}. More words.`,
  lastAssistantTurn: 'Done, tests pass.',
  filesEdited: [],
  ...extra,
});

const sources = (extra: Partial<DeveloperDigestSources> = {}): DeveloperDigestSources => ({
  project: 'acme/api',
  decisions: [
    {
      id: 'd1',
      topic: 'pnpm over yarn',
      stance: 'chose',
      rationale: 'workspace installs are faster',
      occurredAt: '2026-11-01T09:05:00Z',
      sessionId: 's1',
      turnSeq: 3,
    },
    {
      id: 'd2',
      topic: 'Redis session store',
      stance: 'rejected',
      rationale: 'one more thing to run in CI',
      occurredAt: '2026-11-03T09:05:00Z',
      sessionId: 's3',
    },
  ],
  sessions: [
    session('s1', 1, { filesEdited: ['/home/dev/acme/src/pkg.ts'], decisionCount: 1 }),
    session('s2', 2),
    session('s3', 3, { outcome: 'reverted', filesEdited: ['/home/dev/acme/src/session.ts'] }),
    session('s4', 4, { outcome: 'unknown', filesEdited: ['/home/dev/acme/src/pkg.ts'] }),
  ],
  preferences: [
    {
      id: 'm1',
      content: 'Prefers small commits with a test each.',
      occurredAt: '2026-11-02T00:00:00Z',
      memoryId: 'm1',
    },
  ],
  logSignals: [],
  drift: [],
  ...extra,
});

/** Eight newer unfinished sessions: the older ones get no left-off line, so their files' history says something. */
const crowded = (): DeveloperDigestSources =>
  sources({
    sessions: [
      ...sources().sessions,
      ...Array.from({ length: 8 }, (_, i) =>
        session(`n${i}`, 10 + i, { outcome: 'unknown', firstUserTurn: `Chore ${i}.` }),
      ),
    ],
  });

describe('assembleDeveloperDigest', () => {
  it('orders decisions, left off, file history and preferences, decisions newest first', () => {
    const { markdown } = assembleDeveloperDigest(crowded());
    const at = (text: string) => markdown.indexOf(text);
    expect(at(DECISIONS_HEADING)).toBeGreaterThan(0);
    expect(at(DECISIONS_HEADING)).toBeLessThan(at(LEFT_OFF_HEADING));
    expect(at(LEFT_OFF_HEADING)).toBeLessThan(at(FILE_HISTORY_HEADING));
    expect(at(FILE_HISTORY_HEADING)).toBeLessThan(at(PREFERENCES_HEADING));
    expect(at('⛔ Redis session store')).toBeLessThan(at('✅ pnpm over yarn'));
    expect(markdown).toContain(
      '- ✅ pnpm over yarn — workspace installs are faster (2026-11-01, s:s1#t3)',
    );
  });

  it('keeps sessions with edits, decisions or unfinished work, and drops a merged one with neither', () => {
    const { markdown } = assembleDeveloperDigest(sources());
    expect(markdown).toContain('(s:s1)');
    expect(markdown).toContain('reverted (avoid) · Work item of s3.');
    expect(markdown).toContain('open · Work item of s4.');
    expect(markdown).not.toContain('s:s2');
  });

  it('keeps a substantial older session before one-exchange ones, and shows them newest first', () => {
    const chores = Array.from({ length: 9 }, (_, n) =>
      session(`c${n}`, 10 + n, {
        outcome: 'unknown',
        turnCount: 4,
        firstUserTurn: `fix the typo number ${n} in the README install section`,
        lastAssistantTurn: 'Fixed the typo in the install section.',
        filesEdited: [`docs/chore-${n}.md`],
      }),
    );
    const work = session('w1', 2, {
      outcome: 'unknown',
      turnCount: 14,
      firstUserTurn: 'workers pile up in prod, find the leak',
      filesEdited: ['internal/worker/pool.go'],
    });
    const { markdown } = assembleDeveloperDigest(
      sources({ decisions: [], preferences: [], sessions: [...chores, work] }),
    );
    expect(markdown).toContain('find the leak');
    // the older substantial line sits below the newer chores it outranked
    expect(markdown.indexOf('(s:c8)')).toBeLessThan(markdown.indexOf('(s:w1)'));
    expect(markdown).not.toContain('(s:c0)');
    // a chore's file is no prior work to speak of
    expect(markdown).not.toContain(FILE_HISTORY_HEADING);
  });

  it('names a file edited in two sessions with both verdicts, by its repository path', () => {
    const { markdown } = assembleDeveloperDigest(crowded());
    expect(markdown).toContain('- src/pkg.ts: open 2026-11-04 (s:s4); merged 2026-11-01 (s:s1)');
  });

  it('names a file edited once by a session too old for a left-off line', () => {
    const { markdown } = assembleDeveloperDigest(crowded());
    expect(markdown).not.toContain('Work item of s3.');
    expect(markdown).toContain('- src/session.ts: reverted 2026-11-03 (s:s3)');
  });

  it('says a file’s history once: not again when every session of it has a left-off line naming it', () => {
    const { markdown, counts } = assembleDeveloperDigest(sources());
    expect(markdown).toContain('files: src/pkg.ts (s:s4)');
    expect(markdown).toContain('files: src/pkg.ts (s:s1)');
    expect(markdown).not.toContain(FILE_HISTORY_HEADING);
    expect(counts.fileHistory).toBe(0);
  });

  it('says in a line what was being done and how it ended, without Claude Code wrappers', () => {
    const noisy = session('s9', 9, {
      filesEdited: ['src/a.ts'],
      firstUserTurn:
        '<command-name>/mcp</command-name><local-command-stdout>Reconnected to mnemo</local-command-stdout> Add retries to the fetcher. Then a lot more detail follows here.',
      lastAssistantTurn: '[Request interrupted by user] Retries are in; two tests still fail.',
    });
    const { markdown } = assembleDeveloperDigest(sources({ sessions: [noisy] }));
    expect(markdown).toContain(
      '· Add retries to the fetcher. → ended: Retries are in; two tests still fail. · files: src/a.ts (s:s9)',
    );
    expect(markdown).not.toMatch(/command-name|local-command|Reconnected|interrupted/);
  });

  it('says a request without the log pasted into it, and names three files by folder and name', () => {
    const pasted = session('s9', 9, {
      filesEdited: [
        '/home/dev/acme/src/db/migrate.ts',
        'src/db/index.ts',
        'src/api/index.ts',
        'README.md',
      ],
      firstUserTurn:
        'prod was down during the deploy: ```\n** (Postgrex.Error) ERROR 57014 canceling statement due to lock timeout\n``` that migration locked the table',
    });
    const { markdown } = assembleDeveloperDigest(sources({ sessions: [pasted] }));
    expect(markdown).toContain(
      '· prod was down during the deploy: · files: db/migrate.ts, db/index.ts, api/index.ts +1 (s:s9)',
    );
    expect(markdown).not.toContain('Postgrex');
  });

  it('says nothing twice: a repeated decision and a preference a decision states are dropped', () => {
    const base = sources();
    const { markdown } = assembleDeveloperDigest({
      ...base,
      decisions: [
        ...base.decisions,
        { ...itemAt(base.decisions, 0), id: 'd9', occurredAt: '2026-10-01T00:00:00Z' },
      ],
      preferences: [
        ...base.preferences,
        {
          id: 'm2',
          content: 'pnpm over yarn: workspace installs are faster',
          occurredAt: '2026-11-05T00:00:00Z',
          memoryId: 'm2',
        },
      ],
    });
    expect(markdown.match(/pnpm over yarn/g)).toHaveLength(1);
  });

  it("keeps the fuller of one session's two lines about the same thing, whichever is newer", () => {
    const { markdown } = assembleDeveloperDigest({
      ...sources(),
      decisions: [
        {
          id: 'distilled',
          topic: 'ingest/clock.py',
          stance: 'rejected',
          rationale: '',
          occurredAt: '2026-11-02T10:00:00Z',
          sessionId: 's2',
        },
        {
          id: 'said',
          topic: 'revert it, the export is already UTC',
          stance: 'rejected',
          rationale: 'Changed ingest/clock.py to localise the shop time.',
          occurredAt: '2026-11-02T09:30:00Z',
          sessionId: 's2',
          turnSeq: 6,
        },
      ],
    });
    expect(markdown).toContain('the export is already UTC');
    expect(markdown).not.toMatch(/⛔ ingest\/clock\.py/);
  });

  it('leaves out a line with health content or a redacted secret', () => {
    const { markdown } = assembleDeveloperDigest(
      sources({
        preferences: [
          {
            id: 'm3',
            content: 'Takes metformin every morning before standup.',
            occurredAt: '2026-11-05T00:00:00Z',
            memoryId: 'm3',
          },
          {
            id: 'm4',
            content: 'Deploy with token [REDACTED:github_token] always.',
            occurredAt: '2026-11-05T00:00:00Z',
            memoryId: 'm4',
          },
        ],
      }),
    );
    expect(markdown).not.toContain('metformin');
    expect(markdown).not.toContain('REDACTED');
  });

  it('stays within its budget and keeps the first sections when the budget is short', () => {
    const many = Array.from({ length: 60 }, (_, i) =>
      session(`s${i + 10}`, 1 + (i % 28), { filesEdited: [`src/f${i}.ts`] }),
    );
    const { markdown } = assembleDeveloperDigest(sources({ sessions: many }), 1_500);
    expect(markdown.length).toBeLessThanOrEqual(1_500);
    expect(markdown).toContain('pnpm over yarn');
  });

  it('fills the log and drift slots when given them, and is empty when there is nothing', () => {
    const { markdown } = assembleDeveloperDigest(
      sources({
        logSignals: [
          {
            id: 'lf1',
            text: 'ECONNRESET from the billing client, 40 a minute',
            occurredAt: '2026-11-05T00:00:00Z',
          },
        ],
        drift: [
          {
            path: 'src/pkg.ts',
            text: 'resolvePackageManager() gained a second parameter',
            since: '2026-11-04T00:00:00Z',
          },
        ],
      }),
    );
    expect(markdown).toContain('## Runtime log signals\n- 2026-11-05: ECONNRESET');
    expect(markdown).toContain('## Changed since you last looked\n- src/pkg.ts since 2026-11-04');
    const empty = assembleDeveloperDigest({
      project: null,
      decisions: [],
      sessions: [],
      preferences: [],
      logSignals: [],
      drift: [],
    });
    expect(empty.markdown).toBe('');
  });
});
