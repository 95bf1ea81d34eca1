import { literalTrie } from './literal-trie';
import { TOKEN_RULES } from './token-rules';
import type { TokenRule } from './rules/token-rule';
import { type Candidate, RANK_SHAPE } from './secret-kind';

interface CompiledRule {
  readonly rule: TokenRule;
  /** Sticky (or, with `back`, global over a short window), with indices. */
  readonly regex: RegExp;
}

const compile = (rule: TokenRule): CompiledRule => ({ rule, regex: new RegExp(rule.pattern, rule.back ? 'gd' : 'yd') });

/** Every literal prefix, with the rules of every prefix it starts with (`API-` also tries the `AP…` rule). */
const BY_PREFIX = new Map<string, CompiledRule[]>();
const LITERALS = [...new Set(TOKEN_RULES.flatMap((r) => r.prefixes ?? []))];
for (const literal of LITERALS) {
  const rules = TOKEN_RULES.filter((r) => (r.prefixes ?? []).some((p) => literal.startsWith(p)));
  BY_PREFIX.set(literal, rules.map(compile));
}
const BY_TRIGGER = TOKEN_RULES.filter((r) => r.trigger !== undefined).map(compile);

/**
 * One scan with every literal prefix (as a trie) and the few regex triggers,
 * instead of ~200 regexes over the whole text: clean text costs a single pass.
 */
const TRIGGER = new RegExp(
  [literalTrie(LITERALS), ...BY_TRIGGER.map((c) => `(?:${c.rule.trigger})`)].join('|'),
  'g',
);
const MAX_TOKEN = 4096;

/** Provider-shaped tokens (prefix keys, JWTs, Bearer/Basic credentials, webhook URLs). */
export function detectTokens(text: string): Candidate[] {
  const found: Candidate[] = [];
  const trigger = new RegExp(TRIGGER);
  let hit: RegExpExecArray | null;
  while ((hit = trigger.exec(text)) !== null) {
    const at = hit.index;
    const rules = BY_PREFIX.get(hit[0]) ?? BY_TRIGGER;
    let resumeAt = at + 1;
    for (const compiled of rules) {
      const span = matchAt(text, at, compiled);
      if (span === null) continue;
      found.push({ kind: compiled.rule.kind, start: span[0], end: span[1], rank: RANK_SHAPE });
      resumeAt = Math.max(at + 1, span[2]);
      break;
    }
    trigger.lastIndex = resumeAt;
  }
  return found;
}

/** [start, end, matchEnd] of the rule's secret at `at`, or null. */
function matchAt(text: string, at: number, { rule, regex }: CompiledRule): [number, number, number] | null {
  let m: RegExpExecArray | null;
  if (rule.back) {
    const from = Math.max(0, at - rule.back);
    regex.lastIndex = 0;
    const window = text.slice(from, at + MAX_TOKEN);
    m = regex.exec(window);
    // The shape must cover the trigger: another match in the window belongs to its own trigger.
    while (m !== null && !(m.index <= at - from && m.index + m[0].length > at - from)) m = regex.exec(window);
    if (m === null) return null;
    const span = m.indices?.groups?.secret ?? [m.index, m.index + m[0].length];
    if (rule.accept && !rule.accept(window.slice(span[0], span[1]))) return null;
    return [from + span[0], from + span[1], from + m.index + m[0].length];
  }
  regex.lastIndex = at;
  m = regex.exec(text);
  if (m === null) return null;
  const [start, end] = m.indices?.groups?.secret ?? [m.index, m.index + m[0].length];
  if (rule.accept && !rule.accept(text.slice(start, end))) return null;
  return [start, end, m.index + m[0].length];
}
