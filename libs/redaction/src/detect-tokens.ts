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

/** Literal prefixes with a space (`Bearer `, `Token token=`): they sit just before a run, not inside one. */
const SPACED = LITERALS.filter((literal) => /[ \t]/.test(literal));
const SPACED_BEFORE = new RegExp(`(?:${literalTrie(SPACED)})[ \\t]*$`);
const TRIGGER = new RegExp(
  [literalTrie(LITERALS.filter((l) => !SPACED.includes(l))), ...BY_TRIGGER.map((c) => `(?:${c.rule.trigger})`)].join('|'),
  'g',
);
/**
 * Every token this detector knows is a run of at least 14 characters without
 * spaces, quotes or brackets; one class scan finds the runs (as cheap as any
 * scan), and only runs get the prefix scan.
 */
const RUN = /[^\s"'`<>()[\]{},;]{14,}/g;
const MAX_TOKEN = 4096;
const HASHLIKE = /^[0-9a-f-]+$/;

/** Provider-shaped tokens (prefix keys, JWTs, Bearer/Basic credentials, webhook URLs). */
export function detectTokens(text: string): Candidate[] {
  const found: Candidate[] = [];
  const runs = new RegExp(RUN);
  let run: RegExpExecArray | null;
  let doneUntil = 0;
  while ((run = runs.exec(text)) !== null) {
    const runStart = run.index;
    const runEnd = runStart + run[0].length;
    // Hashes and UUIDs fill transcripts; of all the shapes only ClickHouse's keys can be plain hex.
    if (HASHLIKE.test(run[0]) && !run[0].startsWith('4b1d')) continue;
    if (runStart >= doneUntil) doneUntil = spacedPrefix(text, runStart, found);
    doneUntil = Math.max(doneUntil, scanRun(text, run[0], runStart, doneUntil, found));
    runs.lastIndex = Math.max(runEnd, doneUntil);
  }
  return found;
}

/** `Bearer <run>`, `Basic <run>`: the scheme word just before the run. Returns where matching may go on. */
function spacedPrefix(text: string, runStart: number, found: Candidate[]): number {
  const gap = text[runStart - 1];
  if (gap !== ' ' && gap !== '\t' && gap !== '=' && gap !== '"') return runStart;
  const from = Math.max(0, runStart - 24);
  const before = SPACED_BEFORE.exec(text.slice(from, runStart));
  if (before === null) return runStart;
  const at = from + before.index;
  const literal = SPACED.find((l) => text.startsWith(l, at)) ?? '';
  for (const compiled of BY_PREFIX.get(literal) ?? []) {
    const span = matchAt(text, at, compiled);
    if (span === null) continue;
    found.push({ kind: compiled.rule.kind, start: span[0], end: span[1], rank: RANK_SHAPE });
    return span[2];
  }
  return runStart;
}

/** Prefix and trigger hits inside one run; each hit is matched against the whole text. */
function scanRun(text: string, run: string, runStart: number, doneUntil: number, found: Candidate[]): number {
  // One shared regex: detectTokens never re-enters itself, and a regex per run costs more than the scan.
  const trigger = TRIGGER;
  trigger.lastIndex = Math.max(0, doneUntil - runStart);
  let resumeAt = doneUntil;
  let hit: RegExpExecArray | null;
  while ((hit = trigger.exec(run)) !== null) {
    const at = runStart + hit.index;
    const rules = BY_PREFIX.get(hit[0]) ?? BY_TRIGGER;
    let next = hit.index + 1;
    for (const compiled of rules) {
      const span = matchAt(text, at, compiled);
      if (span === null) continue;
      found.push({ kind: compiled.rule.kind, start: span[0], end: span[1], rank: RANK_SHAPE });
      next = Math.max(next, span[2] - runStart);
      resumeAt = Math.max(resumeAt, span[2]);
      break;
    }
    trigger.lastIndex = next;
  }
  return resumeAt;
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
