import type { ZodType } from 'zod';

export type ParsedList<T> =
  { ok: true; items: T[]; dropped: number } | { ok: false; message: string };
export type ParsedObject<T> = { ok: true; value: T } | { ok: false; message: string };

const FENCE = /```(?:json|JSON)?\s*\n?([\s\S]*?)```/g;

/** Index just past the bracket that closes the one at `start`, skipping brackets inside strings; -1 if unbalanced. */
function closingIndex(text: string, start: number): number {
  const stack: string[] = [];
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') stack.push(ch === '{' ? '}' : ']');
    else if (ch === '}' || ch === ']') {
      if (stack.pop() !== ch) return -1;
      if (stack.length === 0) return i + 1;
    }
  }
  return -1;
}

function tryParse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * Finds the JSON a model meant: fenced blocks first, then the whole text, then the first balanced
 * object or array after leading prose. Models wrap answers in all three ways.
 */
export function extractJson(text: string): { ok: true; value: unknown } | { ok: false } {
  const candidates: string[] = [];
  for (const [, fenced] of text.matchAll(FENCE)) if (fenced !== undefined) candidates.push(fenced);
  candidates.push(text);
  for (const candidate of candidates) {
    const whole = tryParse(candidate.trim());
    if (whole.ok && typeof whole.value === 'object' && whole.value !== null) return whole;
    for (let i = 0; i < candidate.length; i++) {
      if (candidate[i] !== '{' && candidate[i] !== '[') continue;
      const end = closingIndex(candidate, i);
      if (end < 0) continue;
      const inner = tryParse(candidate.slice(i, end));
      if (inner.ok) return inner;
    }
  }
  return { ok: false };
}

function listOf(value: unknown, listKey: string): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  if (Array.isArray(record[listKey])) return record[listKey] as unknown[];
  // A model that renamed the key but kept one list still said what we asked for.
  const arrays = Object.values(record).filter(Array.isArray);
  return arrays.length === 1 ? arrays[0] : undefined;
}

/**
 * Parses a list answer: `{ [listKey]: [...] }` or a bare array, fenced or after prose. Each item is
 * validated alone, so one bad item is dropped and counted instead of sinking the rest.
 */
export function parseModelJson<T>(
  text: string,
  itemSchema: ZodType<T>,
  listKey: string,
): ParsedList<T> {
  const json = extractJson(text);
  if (!json.ok) return { ok: false, message: 'the answer holds no JSON object or array' };
  const raw = listOf(json.value, listKey);
  if (!raw)
    return { ok: false, message: `the answer is neither a list nor an object with "${listKey}"` };
  const items: T[] = [];
  for (const candidate of raw) {
    const parsed = itemSchema.safeParse(candidate);
    if (parsed.success) items.push(parsed.data);
  }
  return { ok: true, items, dropped: raw.length - items.length };
}

/** Parses a single-object answer and validates it whole. */
export function parseModelObject<T>(text: string, schema: ZodType<T>): ParsedObject<T> {
  const json = extractJson(text);
  if (!json.ok) return { ok: false, message: 'the answer holds no JSON object' };
  const parsed = schema.safeParse(json.value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join('.') || '(root)';
    return {
      ok: false,
      message: `the answer failed validation at ${where}: ${issue?.message ?? 'no issue named'}`,
    };
  }
  return { ok: true, value: parsed.data };
}
