/** Dollars per million tokens. */
export interface ModelPrice {
  inputPerMTok: number;
  outputPerMTok: number;
}

/**
 * Anthropic list prices by model-id prefix (dated snapshots such as `claude-haiku-4-5-20251001`
 * match their family). Longest prefix wins, so `claude-opus-4-5` is not priced as `claude-opus-4`.
 */
export const PRICE_TABLE: Readonly<Record<string, ModelPrice>> = {
  offline: { inputPerMTok: 0, outputPerMTok: 0 },
  'claude-3-haiku': { inputPerMTok: 0.25, outputPerMTok: 1.25 },
  'claude-3-5-haiku': { inputPerMTok: 0.8, outputPerMTok: 4 },
  'claude-haiku-4-5': { inputPerMTok: 1, outputPerMTok: 5 },
  'claude-3-5-sonnet': { inputPerMTok: 3, outputPerMTok: 15 },
  'claude-3-7-sonnet': { inputPerMTok: 3, outputPerMTok: 15 },
  'claude-sonnet-4': { inputPerMTok: 3, outputPerMTok: 15 },
  'claude-sonnet-4-5': { inputPerMTok: 3, outputPerMTok: 15 },
  'claude-opus-4': { inputPerMTok: 15, outputPerMTok: 75 },
  'claude-opus-4-1': { inputPerMTok: 15, outputPerMTok: 75 },
  'claude-opus-4-5': { inputPerMTok: 5, outputPerMTok: 25 },
};

/** An unknown model is priced as the dearest known one: a cap must never be overshot by a guess that was too low. */
export const FALLBACK_PRICE: ModelPrice = Object.values(PRICE_TABLE).reduce((dearest, price) =>
  price.outputPerMTok > dearest.outputPerMTok ? price : dearest,
);

/** The longest table entry the model id is, or starts with followed by `-`; undefined when none. */
function pricedPrefix(
  model: string,
  table: Readonly<Record<string, ModelPrice>>,
): string | undefined {
  let best: string | undefined;
  for (const prefix of Object.keys(table)) {
    if (
      (model === prefix || model.startsWith(`${prefix}-`)) &&
      (!best || prefix.length > best.length)
    )
      best = prefix;
  }
  return best;
}

export function priceFor(
  model: string,
  table: Readonly<Record<string, ModelPrice>> = PRICE_TABLE,
): ModelPrice {
  const prefix = pricedPrefix(model, table);
  return (prefix && table[prefix]) || FALLBACK_PRICE;
}

/** The built-in table with a deployment's own prices laid over it (a model the table does not know yet). */
export function priceTable(
  overrides: Readonly<Record<string, ModelPrice>> = {},
): Readonly<Record<string, ModelPrice>> {
  return { ...PRICE_TABLE, ...overrides };
}

/** False when the model would be priced at the fallback (the dearest known model). */
export function isPriced(
  model: string,
  table: Readonly<Record<string, ModelPrice>> = PRICE_TABLE,
): boolean {
  return pricedPrefix(model, table) !== undefined;
}

export function estimateCostUsd(
  model: string,
  inputTokens: number,
  outputTokens: number,
  table: Readonly<Record<string, ModelPrice>> = PRICE_TABLE,
): number {
  const price = priceFor(model, table);
  const usd = (inputTokens * price.inputPerMTok + outputTokens * price.outputPerMTok) / 1_000_000;
  // Rounded to a micro-dollar so sums across a day do not drift in float noise.
  return Math.round(usd * 1e6) / 1e6;
}
