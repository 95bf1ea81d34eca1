import type { LlmJsonMode } from '../llm.port';

/** Appended to the system prompt when the caller wants structured output. */
export function jsonInstruction(mode: LlmJsonMode): string {
  if (typeof mode === 'object') {
    const lists = [mode.listKey, ...(mode.alsoLists ?? [])].map((key) => `"${key}": [ ... ]`);
    return `Answer with one JSON object only, of the form {${lists.join(', ')}}. No prose before or after it, no code fence.`;
  }
  return 'Answer with one JSON object only. No prose before or after it, no code fence.';
}
