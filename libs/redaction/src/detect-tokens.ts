import { literalTrie } from './literal-trie';
import { TOKEN_RULES } from './token-rules';
import { B, type TokenRule } from './rules/token-rule';
import { type Candidate, RANK_SHAPE } from './secret-kind';

interface CompiledRule {
  readonly rule: TokenRule;
  /** Sticky, with indices: tried only at a position a scan stopped at, never searched forward. */
  readonly regex: RegExp;
  /** The trigger, sticky: which of the triggered shapes a hit belongs to. */
  readonly trigger?: RegExp;
  /** The shape begins with B, so it can only start where a word starts. */
  readonly startsWord: boolean;
}

const compile = (rule: TokenRule): CompiledRule => ({
  rule,
  regex: new RegExp(rule.pattern, 'yd'),
  ...(rule.trigger ? { trigger: new RegExp(rule.trigger, 'y') } : {}),
  startsWord: rule.pattern.startsWith(B),
});

/** Every literal prefix, with the rules of every prefix it starts with (`API-` also tries the `AP…` rule). */
const BY_PREFIX = new Map<string, CompiledRule[]>();
const LITERALS = [...new Set(TOKEN_RULES.flatMap((r) => r.prefixes ?? []))];
for (const literal of LITERALS) {
  const rules = TOKEN_RULES.filter((r) => (r.prefixes ?? []).some((p) => literal.startsWith(p)));
  BY_PREFIX.set(literal, rules.map(compile));
}
const TRIGGERED = TOKEN_RULES.filter((r) => r.trigger !== undefined).map(compile);
/** Trigger shapes that start where their trigger does, at a word start (Discord's `M…`): tried there only. */
const atStart = (c: CompiledRule): boolean => c.rule.back === undefined && c.rule.pattern.startsWith(B);
const BY_TRIGGER = TRIGGERED.filter((c) => !atStart(c));
const WORD_START_TRIGGERED = TRIGGERED.filter(atStart);

/** Literal prefixes with a space (`Bearer `, `Token token=`): they sit just before a run, not inside one. */
const SPACED = LITERALS.filter((literal) => /[ \t]/.test(literal));
const SPACED_BEFORE = new RegExp(`(?:${literalTrie(SPACED)})[ \\t]*$`);
const IN_RUN = LITERALS.filter((l) => !SPACED.includes(l));
/**
 * Almost every shape begins with the left boundary B (it cannot continue a word), so its prefix is
 * only looked for where a word starts: a few positions of a run, not every one. The rest (`sig=`,
 * `hooks.slack.com/`, digit-led triggers) keep a scan of the whole run.
 */
const bounded = (literal: string): boolean => BY_PREFIX.get(literal)!.every((c) => c.rule.pattern.startsWith(B));
/** One search, over the whole text, for shapes that start a word: B, then a literal prefix or a word-start trigger. */
const WORD_START = new RegExp(
  `${B}(?:${[literalTrie(IN_RUN.filter(bounded)), ...WORD_START_TRIGGERED.map((c) => `(?:${c.rule.trigger})`)].join('|')})`,
  'g',
);
const ANYWHERE = new RegExp(
  [literalTrie(IN_RUN.filter((l) => !bounded(l))), ...BY_TRIGGER.map((c) => `(?:${c.rule.trigger})`)].join('|'),
  'g',
);

/**
 * Every token this detector knows is a run of at least 14 characters without spaces, quotes or
 * brackets. The run scan starts only where a run starts (the lookbehind fails at once inside a
 * word), so a short word costs one step per character instead of up to fourteen.
 */
const RUN_CLASS = String.raw`[^\s"'\`<>()[\]{},;]`;
const RUN = new RegExp(`(?<!${RUN_CLASS})${RUN_CLASS}{14,}`, 'g');
/** A run resumed in its middle, after a token that ended inside it. */
const RUN_FROM = new RegExp(`${RUN_CLASS}{14,}|${RUN_CLASS}*`, 'y');
const HASHLIKE = /^[0-9a-f-]+$/;

/** Provider-shaped tokens (prefix keys, JWTs, Bearer/Basic credentials, webhook URLs). */
export function detectTokens(text: string): Candidate[] {
  const found: Candidate[] = [];
  const runs = RUN;
  runs.lastIndex = 0;
  const starts = new WordStarts(text);
  let doneUntil = 0;
  let run: RegExpExecArray | null;
  while ((run = nextRun(text, runs)) !== null) {
    const runStart = run.index;
    const runEnd = runStart + run[0].length;
    // Hashes and UUIDs fill transcripts; of all the shapes only ClickHouse's keys can be plain hex.
    if (HASHLIKE.test(run[0]) && !run[0].startsWith('4b1d')) continue;
    if (runStart >= doneUntil) doneUntil = spacedPrefix(text, runStart, found);
    doneUntil = Math.max(doneUntil, scanRun(text, run[0], runStart, doneUntil, starts, found));
    runs.lastIndex = Math.max(runEnd, doneUntil);
  }
  return found;
}

/** The next run at or after `runs.lastIndex`, including the rest of a run a token ended inside. */
function nextRun(text: string, runs: RegExp): RegExpExecArray | null {
  const from = runs.lastIndex;
  if (from > 0 && from < text.length && isRunChar(text.charCodeAt(from - 1)) && isRunChar(text.charCodeAt(from))) {
    RUN_FROM.lastIndex = from;
    const rest = RUN_FROM.exec(text)!;
    if (rest[0].length >= 14) {
      runs.lastIndex = from + rest[0].length;
      return rest;
    }
    runs.lastIndex = from + rest[0].length;
  }
  return runs.exec(text);
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

/**
 * Word-start hits of the whole text, searched once and handed out in order: a search that runs past
 * one run keeps its hit for the runs after it, so the text is scanned once however many runs it has.
 */
class WordStarts {
  private hit: RegExpExecArray | null = null;
  /** The search has looked at everything before this. */
  private searched = 0;

  constructor(private readonly text: string) {}

  /** The first hit at or after `from`, or null. */
  next(from: number): RegExpExecArray | null {
    if (this.hit !== null && this.hit.index >= from) return this.hit;
    if (this.hit === null && this.searched > from && this.searched === Infinity) return null;
    WORD_START.lastIndex = from;
    this.hit = WORD_START.exec(this.text);
    this.searched = this.hit === null ? Infinity : this.hit.index;
    return this.hit;
  }
}

/**
 * Prefix and trigger hits inside one run, in order of position; each hit is matched against the whole
 * text. At one position the word-start prefix is tried before the trigger found there.
 */
function scanRun(text: string, run: string, runStart: number, doneUntil: number, starts: WordStarts, found: Candidate[]): number {
  const runEnd = runStart + run.length;
  let at = Math.max(runStart, doneUntil);
  let resumeAt = doneUntil;
  // One shared regex: detectTokens never re-enters itself, and a regex per run costs more than the scan.
  const anywhere = ANYWHERE;
  anywhere.lastIndex = at - runStart;
  let other = anywhere.exec(run);
  let start = starts.next(at);
  while (at < runEnd) {
    const otherAt = other === null ? Infinity : runStart + other.index;
    const startAt = start === null ? Infinity : start.index;
    const hitAt = Math.min(otherAt, startAt);
    if (hitAt >= runEnd) break;
    let end: number | null = null;
    if (startAt === hitAt) {
      const literal = BY_PREFIX.get(start![0]);
      end = (literal ? tryRules(text, hitAt, literal, found) : null) ?? tryRules(text, hitAt, WORD_START_TRIGGERED, found);
    }
    if (end === null && otherAt === hitAt) end = tryRules(text, hitAt, BY_PREFIX.get(other![0]) ?? triggeredAt(text, hitAt), found);
    at = end === null ? hitAt + 1 : Math.max(hitAt + 1, end);
    if (end !== null) resumeAt = Math.max(resumeAt, end);
    if (start !== null && start.index < at) start = starts.next(at);
    if (other !== null && runStart + other.index < at) {
      anywhere.lastIndex = at - runStart;
      other = at < runEnd ? anywhere.exec(run) : null;
    }
  }
  return resumeAt;
}

/** The first rule whose shape matches at `at`: recorded, and where it ends; null when none does. */
function tryRules(text: string, at: number, rules: readonly CompiledRule[], found: Candidate[]): number | null {
  for (const compiled of rules) {
    const span = matchAt(text, at, compiled);
    if (span === null) continue;
    found.push({ kind: compiled.rule.kind, start: span[0], end: span[1], rank: RANK_SHAPE });
    return span[2];
  }
  return null;
}

/** The triggered shapes whose own trigger is at `at` (one hit never pays for every triggered shape). */
function triggeredAt(text: string, at: number): CompiledRule[] {
  return BY_TRIGGER.filter((c) => {
    c.trigger!.lastIndex = at;
    return c.trigger!.test(text);
  });
}

/** [start, end, matchEnd] of the rule's secret at `at` (or, with `back`, starting up to `back` before it), or null. */
function matchAt(text: string, at: number, { rule, regex, startsWord }: CompiledRule): [number, number, number] | null {
  // A shape with `back` starts up to `back` before its trigger: try each start (only word starts, for a B shape).
  for (let start = rule.back ? Math.max(0, at - rule.back) : at; start <= at; start++) {
    if (rule.back && startsWord && start > 0 && continuesWord(text, start)) continue;
    regex.lastIndex = start;
    const m = regex.exec(text);
    // The shape must cover the trigger: a shorter one belongs to some other place.
    if (m === null || (rule.back && m.index + m[0].length <= at)) continue;
    const [s, e] = m.indices?.groups?.secret ?? [m.index, m.index + m[0].length];
    if (rule.accept && !rule.accept(text.slice(s, e))) continue;
    return [s, e, m.index + m[0].length];
  }
  return null;
}

/** B fails here for certain: the previous character continues a word and is not an escape's letter. */
function continuesWord(text: string, at: number): boolean {
  const c = text.charCodeAt(at - 1);
  const word = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 93;
  return word && text.charCodeAt(at - 2) !== 92;
}

function isRunChar(code: number): boolean {
  // \s, quotes, backquote, <>, ()[]{}, comma, semicolon end a run.
  if (code === 32 || (code >= 9 && code <= 13) || code === 160 || code === 0xfeff || (code >= 0x2000 && code <= 0x200a)) return false;
  if (code === 0x1680 || code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000) return false;
  return !(code === 34 || code === 39 || code === 96 || code === 60 || code === 62 || code === 40 || code === 41 || code === 91 || code === 93 || code === 123 || code === 125 || code === 44 || code === 59);
}
