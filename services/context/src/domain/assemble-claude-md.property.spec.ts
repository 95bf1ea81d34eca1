import fc from 'fast-check';
import { assembleClaudeMd } from './assemble-claude-md';
import { claudeMdSourcesArb, marker, OTHER_ACCOUNT } from './context-sources.arbitrary';
import { type ClaudeMdSources, contextModeFor, DEFAULT_CONTEXT_BUDGETS } from './context-sources';

const budgetsArb = fc.record({
  // Above what the always-served blocks can take here (instructions, scaffolding, a ≤1,500-char profile, index header).
  totalChars: fc.integer({ min: 7_000, max: 12_000 }),
  personalContextChars: fc.integer({ min: 0, max: 3_000 }),
  insightChars: fc.integer({ min: 0, max: 3_000 }),
  memoryBlockChars: fc.constant(1_500),
  memoryLimit: fc.integer({ min: 0, max: 30 }),
});

/** Splits a CLAUDE.md at its `##` and `####` headings (pinned content is nested deeper, instructions use `###`). */
function sections(markdown: string): Map<string, string> {
  const out = new Map<string, string>();
  let key = '(top)';
  for (const line of markdown.split('\n')) {
    if (/^(##|####) /.test(line)) key = line;
    out.set(key, `${out.get(key) ?? ''}${line}\n`);
  }
  return out;
}

const OWNED: Record<string, (heading: string) => boolean> = {
  memories: (h) => h === '#### Personal Context',
  bookmarks: (h) => h === '#### Key Moments',
  pinnedArtifacts: (h) =>
    h.startsWith('#### Pinned: ') || h === '## Your Artifacts' || h === '## What You Already Know',
  insights: (h) => h === '#### Cross-Artifact Insights',
  goals: (h) => h === '#### Goals',
  conversationSoFar: (h) => h === '## Conversation So Far',
  artifacts: (h) => h === '## Your Artifacts' || h === '## What You Already Know',
  coreProfile: (h) => h === '#### Core Profile' || h === '#### Personal Context',
};

describe('assembleClaudeMd properties', () => {
  it('never exceeds the total, Personal Context or insight budget', () => {
    fc.assert(
      fc.property(claudeMdSourcesArb, budgetsArb, (sources, budgets) => {
        const { markdown, telemetry, spilled } = assembleClaudeMd(
          sources,
          budgets,
          contextModeFor(sources.session),
        );
        expect(markdown.length).toBeLessThanOrEqual(budgets.totalChars);
        expect(telemetry.memoryChars).toBeLessThanOrEqual(budgets.personalContextChars);
        expect(telemetry.insightChars).toBeLessThanOrEqual(budgets.insightChars);
        expect(telemetry.memoryCount).toBeLessThanOrEqual(budgets.memoryLimit);
        expect(telemetry.claudeMdChars).toBe(markdown.length);
        expect(telemetry.spilledCount).toBe(spilled.length);
        expect(telemetry.budgetExceeded).toBe(
          spilled.length > 0 || telemetry.budgetOverageChars > 0,
        );
      }),
      { numRuns: 150 },
    );
  });

  it('renders only memories of the account, and reports exactly those it rendered', () => {
    fc.assert(
      fc.property(claudeMdSourcesArb, (sources) => {
        const { markdown, usedMemoryIds } = assembleClaudeMd(
          sources,
          DEFAULT_CONTEXT_BUDGETS,
          'free-form',
        );
        for (const memory of sources.memories ?? []) {
          const shown = markdown.includes(marker(memory.id));
          expect(shown).toBe(usedMemoryIds.includes(memory.id));
          if (shown) {
            expect(memory.accountId).toBe(sources.accountId);
            if (!sources.healthModuleOn) expect(memory.sensitive).toBe(false);
          }
        }
        for (const plan of sources.goals ?? []) {
          if (plan.accountId === OTHER_ACCOUNT) expect(markdown).not.toContain(marker(plan.id));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('removing a source removes only its section', () => {
    const keys = Object.keys(OWNED) as (keyof ClaudeMdSources)[];
    fc.assert(
      fc.property(claudeMdSourcesArb, fc.constantFrom(...keys), (sources, key) => {
        const mode = contextModeFor(sources.session);
        const before = assembleClaudeMd(sources, DEFAULT_CONTEXT_BUDGETS, mode);
        fc.pre(before.spilled.length === 0); // with spill, freed room may let another block in
        const after = sections(
          assembleClaudeMd(
            { ...sources, [key]: undefined, failedSources: [String(key)] },
            DEFAULT_CONTEXT_BUDGETS,
            mode,
          ).markdown,
        );
        const owned = OWNED[key as string] ?? (() => false);
        for (const [heading, text] of sections(before.markdown)) {
          if (!owned(heading)) expect(after.get(heading)).toBe(text);
        }
        for (const heading of after.keys()) {
          if (!owned(heading)) expect(sections(before.markdown).has(heading)).toBe(true);
        }
        const own: Record<string, string> = {
          memories: '#### Personal Context',
          bookmarks: '#### Key Moments',
          insights: '#### Cross-Artifact Insights',
          goals: '#### Goals',
          conversationSoFar: '## Conversation So Far',
          coreProfile: '#### Core Profile',
        };
        const heading = own[key as string];
        if (heading !== undefined) expect(after.has(heading)).toBe(false);
        if (key === 'pinnedArtifacts')
          expect([...after.keys()].some((h) => h.startsWith('#### Pinned: '))).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  it('gives the same bytes for the same sources, whatever order the lists arrive in', () => {
    fc.assert(
      fc.property(claudeMdSourcesArb, (sources) => {
        const reversed = {
          ...sources,
          memories: [...(sources.memories ?? [])].reverse(),
          bookmarks: [...(sources.bookmarks ?? [])].reverse(),
          insights: [...(sources.insights ?? [])].reverse(),
          goals: [...(sources.goals ?? [])].reverse(),
        };
        expect(assembleClaudeMd(reversed, DEFAULT_CONTEXT_BUDGETS, 'interview').markdown).toBe(
          assembleClaudeMd(sources, DEFAULT_CONTEXT_BUDGETS, 'interview').markdown,
        );
      }),
      { numRuns: 100 },
    );
  });
});
