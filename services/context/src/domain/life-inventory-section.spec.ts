import type { CompletedTake } from '@mnemo/life-inventory';
import { assembleClaudeMd } from './assemble-claude-md';
import { LIFE_INVENTORY_HEADING } from './claude-md-blocks';
import { claudeMdSources } from './context-sources.fixture';
import { DEFAULT_CONTEXT_BUDGETS } from './context-sources';

const take = (completedAt: string, scores: Record<string, number>): CompletedTake => ({
  inventoryType: 'life-wheel',
  title: 'Life satisfaction wheel',
  completedAt,
  scores,
});
/** Two takes of the wheel, newest first: career up by 3, finances down by 2, health moved by 1 only. */
const TWO_TAKES: CompletedTake[][] = [
  [
    take('2026-11-20T10:00:00.000Z', {
      'Career satisfaction': 8,
      'Financial stability': 4,
      'Health and energy': 6,
    }),
    take('2026-10-01T10:00:00.000Z', {
      'Career satisfaction': 5,
      'Financial stability': 6,
      'Health and energy': 5,
    }),
  ],
];
const interview = claudeMdSources({
  session: { id: 's', source: 'ai-coaching:values', resuming: false },
  lifeInventory: TWO_TAKES,
});
const section = (markdown: string): string | null => {
  const start = markdown.indexOf(`${LIFE_INVENTORY_HEADING}\n`);
  if (start < 0) return null;
  const next = markdown.indexOf('\n#', start + LIFE_INVENTORY_HEADING.length);
  return markdown.slice(start, next < 0 ? undefined : next).trim();
};

describe('the life inventory section of CLAUDE.md', () => {
  it('shows an interview the latest scores and the trend since the last take, under its own heading', () => {
    expect(
      section(assembleClaudeMd(interview, DEFAULT_CONTEXT_BUDGETS, 'interview').markdown),
    ).toBe(
      [
        LIFE_INVENTORY_HEADING,
        '',
        'Life satisfaction wheel (2026-11-20): Career satisfaction 8, Financial stability 4, Health and energy 6',
        'Trends since last take: Career satisfaction improved; Financial stability worsened',
      ].join('\n'),
    );
  });

  it('leaves it out of a free-form session, and out of an interview with no completed take or a failed source', () => {
    expect(
      section(assembleClaudeMd(interview, DEFAULT_CONTEXT_BUDGETS, 'free-form').markdown),
    ).toBeNull();
    expect(
      section(
        assembleClaudeMd({ ...interview, lifeInventory: [] }, DEFAULT_CONTEXT_BUDGETS, 'interview')
          .markdown,
      ),
    ).toBeNull();
    const failed = { ...interview, lifeInventory: undefined, failedSources: ['lifeInventory'] };
    const result = assembleClaudeMd(failed, DEFAULT_CONTEXT_BUDGETS, 'interview');
    expect(section(result.markdown)).toBeNull();
    expect(result.telemetry.failedSources).toEqual(['lifeInventory']);
  });

  it('keeps the summary within its 800 characters, the trend line dropped first', () => {
    const long = (i: number) => `A rather long category name number ${i} about life`;
    const scores = (value: number) =>
      Object.fromEntries(Array.from({ length: 14 }, (_, i) => [long(i), value]));
    const sources = {
      ...interview,
      lifeInventory: [
        [take('2026-11-20T10:00:00.000Z', scores(9)), take('2026-10-01T10:00:00.000Z', scores(2))],
      ],
    };
    const shown = section(
      assembleClaudeMd(sources, DEFAULT_CONTEXT_BUDGETS, 'interview').markdown,
    )!;
    const summary = shown.slice(LIFE_INVENTORY_HEADING.length + 2);
    expect(summary.length).toBeLessThanOrEqual(800);
    expect(summary).not.toContain('Trends since last take');
    expect(summary).toContain(`${long(0)} 9`);
  });

  it('counts against the total budget: it spills as a section when it does not fit, named in telemetry', () => {
    // Only the always-served blocks besides it, so nothing of lower priority can spill to make room.
    const bare = {
      ...interview,
      memories: [],
      bookmarks: [],
      pinnedArtifacts: [],
      insights: [],
      goals: [],
      artifacts: [],
    };
    const without = assembleClaudeMd(
      { ...bare, lifeInventory: [] },
      DEFAULT_CONTEXT_BUDGETS,
      'interview',
    );
    const tight = { ...DEFAULT_CONTEXT_BUDGETS, totalChars: without.markdown.length + 20 };
    const result = assembleClaudeMd(bare, tight, 'interview');
    expect(section(result.markdown)).toBeNull();
    expect(result.spilled).toContainEqual({ kind: 'section', id: 'lifeInventory' });
    expect(result.telemetry.budgetExceeded).toBe(true);
    expect(result.markdown.length).toBeLessThanOrEqual(tight.totalChars);
  });
});
