import fc from 'fast-check';
import { assembleMemoryBlock } from './assemble-memory-block';
import { marker, memoryBlockSourcesArb } from './context-sources.arbitrary';
import { DEFAULT_CONTEXT_BUDGETS, type MemoryBlockSources } from './context-sources';
import { FENCE_CLOSE, FENCE_OPEN } from './data-fence';

const capArb = fc.integer({ min: 0, max: 3_000 });
const withCap = (cap: number) => ({ ...DEFAULT_CONTEXT_BUDGETS, memoryBlockChars: cap });
const planLines = (text: string): string[] => {
  const lines = text.split('\n');
  const start = lines.indexOf('Active plans:');
  if (start < 0) return [];
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((line) => !line.startsWith('- '));
  return end < 0 ? rest : rest.slice(0, end);
};

describe('assembleMemoryBlock properties', () => {
  it('never exceeds its cap and always closes the fence it opens', () => {
    fc.assert(
      fc.property(memoryBlockSourcesArb, capArb, (sources, cap) => {
        const { text, telemetry } = assembleMemoryBlock(sources, withCap(cap));
        expect(text.length).toBeLessThanOrEqual(cap);
        expect(telemetry.chars).toBe(text.length);
        if (text !== '') {
          expect(text.split(FENCE_OPEN)).toHaveLength(2);
          expect(text.split(FENCE_CLOSE)).toHaveLength(2);
          expect(text.endsWith(FENCE_CLOSE)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('shows only facts of the account, sensitive ones only with the health module on, and reports exactly those', () => {
    fc.assert(
      fc.property(memoryBlockSourcesArb, capArb, (sources, cap) => {
        const { text, usedMemoryIds } = assembleMemoryBlock(sources, withCap(cap));
        for (const fact of sources.facts ?? []) {
          const shown = text.includes(marker(fact.id));
          expect(shown).toBe(usedMemoryIds.includes(fact.id));
          if (shown) {
            expect(fact.accountId).toBe(sources.accountId);
            if (!sources.healthModuleOn) expect(fact.sensitive).toBe(false);
          }
        }
        for (const item of [...(sources.plans ?? []), ...(sources.reminders ?? [])]) {
          if (item.accountId !== sources.accountId) expect(text).not.toContain(marker(item.id));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('never trims a plan to make room for facts, reminders or the recall line', () => {
    fc.assert(
      fc.property(memoryBlockSourcesArb, capArb, (sources, cap) => {
        const plansOnly: MemoryBlockSources = {
          ...sources,
          facts: [],
          reminders: [],
          rollingRecall: null,
        };
        expect(planLines(assembleMemoryBlock(sources, withCap(cap)).text)).toEqual(
          planLines(assembleMemoryBlock(plansOnly, withCap(cap)).text),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('removing a source removes only its group when the cap is not binding', () => {
    const group = (text: string, title: string): string[] => {
      const lines = text.split('\n');
      const start = lines.indexOf(title);
      if (start < 0) return [];
      const rest = lines.slice(start + 1);
      const end = rest.findIndex((line) => !line.startsWith('- '));
      return end < 0 ? rest : rest.slice(0, end);
    };
    const titles = { facts: 'Facts:', plans: 'Active plans:', reminders: 'Reminders:' } as const;
    fc.assert(
      fc.property(
        memoryBlockSourcesArb,
        fc.constantFrom<keyof typeof titles | 'rollingRecall'>(
          'facts',
          'plans',
          'reminders',
          'rollingRecall',
        ),
        (sources, key) => {
          const roomy = withCap(100_000);
          const before = assembleMemoryBlock(sources, roomy).text;
          const after = assembleMemoryBlock(
            { ...sources, [key]: undefined, failedSources: [key] },
            roomy,
          ).text;
          for (const [name, title] of Object.entries(titles)) {
            if (name === key) expect(group(after, title)).toEqual([]);
            else expect(group(after, title)).toEqual(group(before, title));
          }
          if (key === 'rollingRecall') expect(after).not.toContain('\nRecently: ');
          else expect(after.includes('\nRecently: ')).toBe(before.includes('\nRecently: '));
        },
      ),
      { numRuns: 200 },
    );
  });
});
