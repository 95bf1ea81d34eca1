import { assembleClaudeMd } from './assemble-claude-md';
import { ACCOUNT, claudeMdSources, MEMORIES } from './context-sources.fixture';
import {
  type ClaudeMdSources,
  type ContextBudgets,
  DEFAULT_CONTEXT_BUDGETS,
} from './context-sources';
import { expectGolden } from './golden.testing';
import {
  artifactIndexIntro,
  INTERVIEW_SCAFFOLDING,
  PREAMBLE_ARTIFACTS_UNAVAILABLE,
  PREAMBLE_FIRST_CONVERSATION,
} from './memory-usage-instructions';
import { firstItems, itemAt } from '@mnemo/testing';

const budgets = DEFAULT_CONTEXT_BUDGETS;
const headings = (markdown: string): string[] =>
  markdown.split('\n').filter((line) => /^#{1,4} /.test(line));

describe('assembleClaudeMd', () => {
  describe('golden outputs', () => {
    it('renders an interview session with every source', () => {
      expectGolden(
        'interview-full.md',
        assembleClaudeMd(claudeMdSources(), budgets, 'interview').markdown,
      );
    });

    it('renders a free-form session with the same context and no scaffolding', () => {
      const sources = claudeMdSources({ session: { id: 's', source: 'cli', resuming: false } });
      expectGolden('free-form.md', assembleClaudeMd(sources, budgets, 'free-form').markdown);
    });

    it('renders a first conversation with no artifacts and no profile', () => {
      const sources: ClaudeMdSources = {
        accountId: ACCOUNT,
        session: { id: 's', source: 'cli', resuming: false },
        coreProfile: null,
        memories: [],
        bookmarks: [],
        pinnedArtifacts: [],
        insights: [],
        goals: [],
        conversationSoFar: null,
        artifacts: [],
        failedSources: [],
      };
      expectGolden(
        'first-conversation.md',
        assembleClaudeMd(sources, budgets, 'free-form').markdown,
      );
    });

    it('spills a pinned artifact and index lines that do not fit the total budget', () => {
      const base = assembleClaudeMd(
        claudeMdSources({ pinnedArtifacts: [], artifacts: [] }),
        budgets,
        'interview',
      ).markdown.length;
      const sources = claudeMdSources({
        pinnedArtifacts: [{ id: 'art-values', title: 'Core Values', content: 'x'.repeat(2_000) }],
      });
      // Room for the index header (its intro included) and two of its three lines, not for the pinned artifact in full.
      const tight: ContextBudgets = {
        ...budgets,
        totalChars: base + artifactIndexIntro().length + 480,
      };
      const result = assembleClaudeMd(sources, tight, 'interview');
      expectGolden('spill.md', result.markdown);
      expect(result.markdown.length).toBeLessThanOrEqual(tight.totalChars);
      expect(result.spilled).toEqual([
        { kind: 'pinned', id: 'art-values' },
        { kind: 'index-line', id: 'art-review' },
      ]);
      expect(result.telemetry).toMatchObject({
        spilledCount: 2,
        pinnedCount: 0,
        indexCount: 2,
        budgetExceeded: true,
      });
    });
  });

  it('orders the sections as the contract lists them', () => {
    expect(
      headings(assembleClaudeMd(claudeMdSources(), budgets, 'interview').markdown).filter(
        (h) => !h.startsWith('### '),
      ),
    ).toEqual([
      '# Using What You Know About This Person',
      '## How This Interview Runs',
      '## What You Already Know',
      '#### Core Profile',
      '#### Personal Context',
      '#### Key Moments',
      '#### Pinned: Core Values',
      '#### Cross-Artifact Insights',
      '#### Goals',
      '## Conversation So Far',
      '## Your Artifacts',
    ]);
  });

  it('differs between modes by exactly the interview scaffolding', () => {
    const interview = assembleClaudeMd(claudeMdSources(), budgets, 'interview');
    const freeForm = assembleClaudeMd(claudeMdSources(), budgets, 'free-form');
    expect(interview.markdown.replace(`${INTERVIEW_SCAFFOLDING}\n\n`, '')).toBe(freeForm.markdown);
    expect(freeForm.markdown).not.toContain('## How This Interview Runs');
    expect(interview.telemetry.mode).toBe('interview');
    expect(freeForm.telemetry.mode).toBe('free-form');
  });

  it('drops a memory the core profile already states, case-insensitively', () => {
    const result = assembleClaudeMd(claudeMdSources(), budgets, 'interview');
    expect(result.markdown).not.toContain('- Values honesty over comfort');
    expect(result.usedMemoryIds).not.toContain('m1');
  });

  it('keeps sensitive memories out unless the health module is on', () => {
    expect(assembleClaudeMd(claudeMdSources(), budgets, 'interview').markdown).not.toContain(
      'asthma',
    );
    const on = assembleClaudeMd(
      claudeMdSources({ healthModuleOn: true, medicationsModuleOn: true }),
      budgets,
      'interview',
    );
    expect(on.markdown).toContain('- Has asthma and carries an inhaler on long runs.');
    expect(on.usedMemoryIds).toContain('m7');
  });

  it('considers only the most recent memories up to the limit', () => {
    const result = assembleClaudeMd(claudeMdSources(), { ...budgets, memoryLimit: 2 }, 'interview');
    // m7 (sensitive, filtered first) aside, the two newest are m6 and m5.
    expect(result.usedMemoryIds).toEqual(['m6', 'm5']);
  });

  it('omits Personal Context entirely when every memory is in the profile', () => {
    const result = assembleClaudeMd(
      claudeMdSources({ memories: [itemAt(MEMORIES, 0)] }),
      budgets,
      'interview',
    );
    expect(result.markdown).not.toContain('#### Personal Context');
    expect(result.telemetry).toMatchObject({ memoryCount: 0, memoryChars: 0 });
    expect(result.usedMemoryIds).toEqual([]);
  });

  it('omits every empty section, heading and all', () => {
    const result = assembleClaudeMd(
      claudeMdSources({
        memories: [],
        bookmarks: [],
        insights: [],
        goals: [],
        pinnedArtifacts: [],
        conversationSoFar: null,
      }),
      budgets,
      'free-form',
    );
    for (const heading of [
      'Personal Context',
      'Key Moments',
      'Pinned',
      'Cross-Artifact Insights',
      'Goals',
      'Conversation So Far',
    ]) {
      expect(result.markdown).not.toMatch(new RegExp(`^#+ ${heading}`, 'm'));
    }
  });

  it('serves the conversation summary only when the session resumes', () => {
    const fresh = claudeMdSources({
      session: { id: 's', source: 'ai-coaching:x', resuming: false },
    });
    expect(assembleClaudeMd(fresh, budgets, 'interview').markdown).not.toContain(
      '## Conversation So Far',
    );
    expect(assembleClaudeMd(claudeMdSources(), budgets, 'interview').markdown).toContain(
      'through segment 2',
    );
  });

  it('greedy-packs insights: a long one is skipped and a shorter one behind it still fits', () => {
    const [first, second] = firstItems(claudeMdSources().insights ?? [], 2);
    const long = {
      ...second,
      id: 'i-long',
      createdAt: '2026-09-09T00:00:00Z',
      text: 'y'.repeat(300),
    };
    const result = assembleClaudeMd(
      claudeMdSources({ insights: [first, long] }),
      { ...budgets, insightChars: 200 },
      'interview',
    );
    expect(result.markdown).toContain('*(Core Values ↔ Weekly Review)*');
    expect(result.markdown).not.toContain('yyyy');
    expect(result.telemetry.insightCount).toBe(1);
    expect(result.telemetry.insightChars).toBeLessThanOrEqual(200);
  });

  it('serves the rest when sources fail, and says the artifact list is unavailable', () => {
    const sources = claudeMdSources({
      memories: undefined,
      artifacts: undefined,
      insights: undefined,
      failedSources: ['memories', 'artifacts', 'insights'],
    });
    const result = assembleClaudeMd(sources, budgets, 'interview');
    expect(result.markdown).toContain(PREAMBLE_ARTIFACTS_UNAVAILABLE);
    expect(result.markdown).not.toContain('#### Personal Context');
    expect(result.markdown).toContain('#### Key Moments');
    expect(result.markdown).toContain('#### Pinned: Core Values');
    expect(result.telemetry.failedSources).toEqual(['memories', 'artifacts', 'insights']);
  });

  it('says this is a first conversation only when the artifact list loaded empty', () => {
    const empty = assembleClaudeMd(
      claudeMdSources({ artifacts: [], pinnedArtifacts: [] }),
      budgets,
      'free-form',
    );
    expect(empty.markdown).toContain(PREAMBLE_FIRST_CONVERSATION);
    // Memories can exist before any artifact: nothing may then claim there is no prior context.
    expect(empty.markdown).toContain('#### Personal Context');
    expect(empty.markdown).not.toMatch(
      /no prior context|not meeting this person for the first time/i,
    );
    expect(assembleClaudeMd(claudeMdSources(), budgets, 'free-form').markdown).not.toContain(
      PREAMBLE_FIRST_CONVERSATION,
    );
  });

  it('never renders memories or plans of another account, and counts them', () => {
    const foreignMemory = {
      ...itemAt(MEMORIES, 2),
      id: 'mx',
      accountId: 'acct-other',
      content: 'Belongs to someone else.',
    };
    const foreignPlan = {
      ...itemAt(claudeMdSources().goals ?? [], 0),
      id: 'px',
      accountId: 'acct-other',
      title: 'Other plan',
    };
    const result = assembleClaudeMd(
      claudeMdSources({ memories: [...MEMORIES, foreignMemory], goals: [foreignPlan] }),
      budgets,
      'interview',
    );
    expect(result.markdown).not.toContain('someone else');
    expect(result.markdown).not.toContain('Other plan');
    expect(result.telemetry.foreignItemsDropped).toBe(2);
  });

  it('reports telemetry for a full build', () => {
    const result = assembleClaudeMd(
      claudeMdSources({
        session: { id: 'sess-42', source: 'ai-coaching:x', resuming: true, isRedo: true },
      }),
      budgets,
      'interview',
    );
    expect(result.telemetry).toEqual({
      action: 'memory_context_built',
      accountId: ACCOUNT,
      sessionId: 'sess-42',
      mode: 'interview',
      isRedo: true,
      artifactCount: 3,
      coreProfilePresent: true,
      bookmarkCount: 2,
      memoryCount: 5,
      memoryChars: expect.any(Number),
      insightCount: 2,
      insightChars: expect.any(Number),
      claudeMdChars: result.markdown.length,
      pinnedCount: 1,
      indexCount: 2,
      spilledCount: 0,
      budgetExceeded: false,
      budgetOverageChars: 0,
      failedSources: [],
      foreignItemsDropped: 0,
    });
    expect(result.usedMemoryIds).toEqual(['m6', 'm5', 'm4', 'm3', 'm2']);
  });

  it('counts what spilled and by how much the budget was exceeded', () => {
    const sources = claudeMdSources({
      pinnedArtifacts: [{ id: 'art-values', title: 'Core Values', content: 'x'.repeat(5_000) }],
    });
    const full = assembleClaudeMd(sources, budgets, 'interview');
    const tight = assembleClaudeMd(
      sources,
      { ...budgets, totalChars: full.markdown.length - 1 },
      'interview',
    );
    expect(tight.spilled).toEqual([{ kind: 'pinned', id: 'art-values' }]);
    expect(tight.telemetry).toMatchObject({
      spilledCount: 1,
      pinnedCount: 0,
      budgetExceeded: true,
      budgetOverageChars: 1,
    });
    expect(tight.markdown.length).toBeLessThanOrEqual(full.markdown.length - 1);
    expect(tight.markdown).toContain(
      'pinned for this session, but too long to include in full here',
    );
  });

  it('is deterministic: the same sources give the same bytes', () => {
    const a = assembleClaudeMd(claudeMdSources(), budgets, 'interview');
    const b = assembleClaudeMd(
      claudeMdSources({ memories: [...MEMORIES].reverse() }),
      budgets,
      'interview',
    );
    expect(b.markdown).toBe(a.markdown);
  });
});
