import fc from 'fast-check';
import {
  buildPersonalContext,
  groupOf,
  PERSONAL_CONTEXT_HEADING,
  renderPersonalContext,
} from './personal-context';
import { ACCOUNT, CORE_PROFILE, MEMORIES } from './context-sources.fixture';
import { memoryArb } from './context-sources.arbitrary';
import { itemAt } from '@mnemo/testing';

const input = {
  accountId: ACCOUNT,
  memories: MEMORIES,
  coreProfile: CORE_PROFILE,
  healthModuleOn: false,
  limit: 20,
  budgetChars: 2_000,
};

describe('buildPersonalContext', () => {
  it('groups memories as Facts / Goals / Preferences / Decisions / Relationships', () => {
    expect(
      ['value', 'event', 'insight', 'goal', 'preference', 'decision', 'relationship'].map((t) =>
        groupOf(t as never),
      ),
    ).toEqual(['Facts', 'Facts', 'Facts', 'Goals', 'Preferences', 'Decisions', 'Relationships']);
    const text = buildPersonalContext(input).text!;
    const order = [
      '**Facts**',
      '**Goals**',
      '**Preferences**',
      '**Decisions**',
      '**Relationships**',
    ].map((h) => text.indexOf(h));
    expect(order.every((at, i) => at > 0 && (i === 0 || at > itemAt(order, i - 1)))).toBe(true);
  });

  it('stays within its budget, heading included, keeping the newest memories it can', () => {
    const result = buildPersonalContext({ ...input, budgetChars: 120 });
    expect(result.text!.length).toBeLessThanOrEqual(120);
    expect(result.text!.startsWith(PERSONAL_CONTEXT_HEADING)).toBe(true);
    expect(result.used[0]?.id).toBe('m6');
  });

  it('never shows an unconfirmed sensitive fact, whatever the health module says', () => {
    const memories = [
      {
        ...itemAt(MEMORIES, 0),
        id: 'u',
        content: 'Takes metformin every day.',
        sensitive: true,
        confirmed: false,
      },
      {
        ...itemAt(MEMORIES, 0),
        id: 'w',
        content: 'Was diagnosed with asthma as a child.',
        sensitive: false,
        confirmed: false,
      },
      {
        ...itemAt(MEMORIES, 0),
        id: 'c',
        content: 'Uses an inhaler before runs.',
        sensitive: true,
        confirmed: true,
      },
    ];
    const on = buildPersonalContext({
      ...input,
      memories,
      coreProfile: null,
      healthModuleOn: true,
      medicationsModuleOn: true,
    });
    expect(on.used.map((m) => m.id)).toEqual(['c']);
    expect(
      buildPersonalContext({ ...input, memories, coreProfile: null, healthModuleOn: false }),
    ).toEqual({ text: null, used: [] });
  });

  it('returns no section when nothing fits or nothing is left', () => {
    expect(buildPersonalContext({ ...input, budgetChars: 30 })).toEqual({ text: null, used: [] });
    expect(buildPersonalContext({ ...input, memories: [] })).toEqual({ text: null, used: [] });
  });

  it('takes, for any budget, exactly the memories a greedy pass rendering each candidate would take', () => {
    const memories = fc
      .nat(25)
      .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => memoryArb(`m${i}`))));
    fc.assert(
      fc.property(memories, fc.integer({ min: 0, max: 2_500 }), (list, budgetChars) => {
        const result = buildPersonalContext({
          ...input,
          memories: list,
          coreProfile: null,
          healthModuleOn: true,
          medicationsModuleOn: true,
          budgetChars,
        });
        expect(result.text).toBe(
          result.used.length === 0 ? null : renderPersonalContext(result.used),
        );
        if (result.text !== null) expect(result.text.length).toBeLessThanOrEqual(budgetChars);
        // nothing skipped would have fitted beside what was taken before it
        const taken = new Set(result.used.map((m) => m.id));
        const before: typeof list = [];
        const eligible = buildPersonalContext({
          ...input,
          memories: list,
          coreProfile: null,
          healthModuleOn: true,
          medicationsModuleOn: true,
          budgetChars: Infinity,
        }).used;
        for (const memory of eligible) {
          const fits = renderPersonalContext([...before, memory]).length <= budgetChars;
          expect(taken.has(memory.id)).toBe(fits);
          if (fits) before.push(memory);
        }
      }),
    );
  });

  it('renders a multi-line memory as one bullet', () => {
    expect(buildPersonalContext(input).text).toContain(
      '- Moved from Hamburg to Berlin in March 2026.',
    );
  });
});
