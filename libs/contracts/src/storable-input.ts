import type { FieldIssue } from './parse-event';

/** Deeper than this, input is refused before anything recurses into it (JSON.stringify, jsonb, zod). */
export const MAX_INPUT_DEPTH = 64;
const MAX_ISSUES = 20;

/**
 * NUL, which Postgres stores in neither text nor jsonb, and a surrogate without its pair, which is no
 * Unicode character (UTF-8 has no form for it; jsonb refuses its JSON escape).
 */
// eslint-disable-next-line no-control-regex -- NUL is one of the characters it looks for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function textProblem(text: string): string | null {
  const match = UNSTORABLE.exec(text);
  if (!match) return null;
  if (match[0] === '\u0000') return 'contains U+0000 (NUL), which cannot be stored';
  return `contains a lone surrogate (U+${match[0].charCodeAt(0).toString(16).toUpperCase()}), which is not valid Unicode`;
}

/**
 * What in a request's input no table can hold: text with NUL or a lone surrogate (in values and keys),
 * or nesting deeper than MAX_INPUT_DEPTH. Iterative, so a hostile depth cannot overflow the stack.
 * Paths as zodIssues writes them: `body.events.0.payload.text`.
 */
export function unstorableInputIssues(input: unknown, prefix: string): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const stack: Array<{ value: unknown; path: string; depth: number; badKey?: string }> = [
    { value: input, path: prefix, depth: 0 },
  ];
  while (stack.length > 0 && issues.length < MAX_ISSUES) {
    const { value, path, depth, badKey } = stack.pop()!;
    if (badKey) {
      issues.push({ path, reason: `its key ${badKey}` });
      continue;
    }
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) issues.push({ path, reason: problem });
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) {
      issues.push({ path, reason: `nested deeper than ${MAX_INPUT_DEPTH} levels` });
      continue;
    }
    const entries = Array.isArray(value)
      ? value.map((item, i) => [String(i), item] as const)
      : Object.entries(value);
    for (const [key, item] of [...entries].reverse()) {
      const at = path ? `${path}.${key}` : key;
      const badKey = Array.isArray(value) ? null : textProblem(key);
      stack.push({ value: item, path: at, depth: depth + 1, ...(badKey ? { badKey } : {}) });
    }
  }
  return issues;
}
