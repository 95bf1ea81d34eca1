import { estimateCostUsd, PRICE_TABLE, type ModelPrice } from './pricing';

/**
 * Rough token count: about four characters a token for English prose, rounded up. Good enough for
 * budgets and caps; the API's reported usage is what gets billed.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/**
 * Input tokens for a reservation. Code, non-English text and JSON tokenise denser than prose, so the
 * worst case counts three characters a token plus a small per-message framing overhead.
 */
export function worstCaseInputTokens(inputChars: number, messageCount: number): number {
  return Math.ceil(inputChars / 3) + 8 * (messageCount + 1);
}

/** The most a call can cost: every output token the caller allowed, at the model's price. */
export function estimateWorstCaseUsd(
  model: string,
  inputChars: number,
  messageCount: number,
  maxOutputTokens: number,
  table: Readonly<Record<string, ModelPrice>> = PRICE_TABLE,
): number {
  return estimateCostUsd(
    model,
    worstCaseInputTokens(inputChars, messageCount),
    maxOutputTokens,
    table,
  );
}
