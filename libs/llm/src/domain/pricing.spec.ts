import fc from 'fast-check';
import { estimateCostUsd, FALLBACK_PRICE, isPriced, priceFor, priceTable } from './pricing';

describe('priceFor', () => {
  it('prices a dated snapshot as its family', () => {
    expect(priceFor('claude-haiku-4-5-20251001')).toEqual({ inputPerMTok: 1, outputPerMTok: 5 });
  });

  it('prefers the longest matching prefix', () => {
    expect(priceFor('claude-opus-4-5-20251101').outputPerMTok).toBe(25);
    expect(priceFor('claude-opus-4-20250514').outputPerMTok).toBe(75);
  });

  it('prices an unknown model as the dearest known one', () => {
    expect(priceFor('gpt-something')).toBe(FALLBACK_PRICE);
    expect(FALLBACK_PRICE.outputPerMTok).toBe(75);
  });

  it('does not match a prefix that only shares characters', () => {
    expect(priceFor('claude-haiku-4-50')).toBe(FALLBACK_PRICE);
  });
});

describe('price overrides', () => {
  it('prices a model the table does not know from the override, leaving the rest alone', () => {
    const table = priceTable({ 'claude-haiku-5-5': { inputPerMTok: 3, outputPerMTok: 15 } });
    expect(isPriced('claude-haiku-5-5')).toBe(false);
    expect(isPriced('claude-haiku-5-5', table)).toBe(true);
    expect(estimateCostUsd('claude-haiku-5-5', 1_000, 1_000, table)).toBe(0.018);
    expect(estimateCostUsd('claude-haiku-5-5', 1_000, 1_000)).toBe(0.09);
    expect(estimateCostUsd('claude-haiku-4-5', 1_000, 1_000, table)).toBe(0.006);
  });
});

describe('estimateCostUsd', () => {
  it('turns usage into dollars at the model price', () => {
    expect(estimateCostUsd('claude-haiku-4-5', 1_000_000, 0)).toBe(1);
    expect(estimateCostUsd('claude-haiku-4-5', 2_000, 1_000)).toBe(0.007);
  });

  it('charges nothing offline', () => {
    expect(estimateCostUsd('offline', 10_000, 10_000)).toBe(0);
  });

  it('never decreases when either token count grows', () => {
    fc.assert(
      fc.property(fc.nat(1e7), fc.nat(1e7), fc.nat(1e5), (input, output, more) => {
        const base = estimateCostUsd('claude-haiku-4-5', input, output);
        expect(estimateCostUsd('claude-haiku-4-5', input + more, output)).toBeGreaterThanOrEqual(
          base,
        );
        expect(estimateCostUsd('claude-haiku-4-5', input, output + more)).toBeGreaterThanOrEqual(
          base,
        );
      }),
    );
  });
});
