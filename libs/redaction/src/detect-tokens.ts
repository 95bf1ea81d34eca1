import { codeUnitTable } from './code-unit-table';
import { namedRandomAt, WeakWords } from './detect-named-random';
import { quotedRandomAt } from './detect-quoted-random';
import { LiteralMatcher } from './literal-matcher';
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
const TRIGGERED = TOKEN_RULES.filter((r) => r.trigger !== undefined && r.reach === undefined).map(
  compile,
);
/** Trigger shapes that start where their trigger does, at a word start (Discord's `M…`): tried there only. */
const atStart = (c: CompiledRule): boolean =>
  c.rule.back === undefined && c.rule.pattern.startsWith(B);
const BY_TRIGGER = TRIGGERED.filter((c) => !atStart(c));
/**
 * The literal trigger whose shape's end must be in reach (Entra ID's `Q~`), searched apart: see
 * TriggerInReach. One at most: a second would have to keep its order with the first at a shared position.
 */
const IN_REACH_RULES = TOKEN_RULES.filter((r) => r.reach !== undefined);
if (IN_REACH_RULES.length > 1) throw new Error('one token rule with a reach at most');
const IN_REACH =
  IN_REACH_RULES.map((r) => {
    if (!r.trigger || r.back === undefined || /[\\^$.*+?()[\]{}|]/.test(r.trigger))
      throw new Error(`reach needs a literal trigger and back: ${r.kind}`);
    return {
      compiled: [compile(r)],
      continues: codeUnitTable(new RegExp(`[${r.reach!.continuedBy}]`)),
    };
  })[0] ?? null;
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
const bounded = (literal: string): boolean =>
  BY_PREFIX.get(literal)!.every((c) => c.rule.pattern.startsWith(B));
/**
 * Shapes that start a word: B, then a literal prefix or a word-start trigger. Looked for by hand inside
 * runs only (every token is inside one), at positions whose character can begin one and where B holds.
 */
const WORD_START_LITERALS = new LiteralMatcher(IN_RUN.filter(bounded));
const WORD_START_TRIGGER =
  WORD_START_TRIGGERED.length === 0
    ? null
    : new RegExp(WORD_START_TRIGGERED.map((c) => `(?:${c.rule.trigger})`).join('|'), 'y');
/** Characters a word-start trigger can begin with (Discord's M, N, O). */
const TRIGGER_FIRST = new Uint8Array(128);
for (const c of WORD_START_TRIGGERED)
  for (const code of firstCodes(c.rule.trigger!)) TRIGGER_FIRST[code] = 1;

/** ASCII codes a pattern's first atom matches: a class or one character, which every word-start trigger starts with. */
function firstCodes(source: string): number[] {
  const atom = /^(?:\[(?!\^)[^\]]*\]|\\[^A-Za-z0-9]|[^\\()[\]|*+?{}.^$])(?![*?]|\{0)/.exec(source);
  if (atom === null)
    throw new Error(`a word-start trigger must begin with a class or a character: ${source}`);
  const first = new RegExp(`^${atom[0]}$`);
  return Array.from({ length: 128 }, (_, c) => c).filter((c) => first.test(String.fromCharCode(c)));
}
const ANYWHERE = new RegExp(
  [
    literalTrie(IN_RUN.filter((l) => !bounded(l))),
    ...BY_TRIGGER.map((c) => `(?:${c.rule.trigger})`),
  ].join('|'),
  'g',
);

/**
 * Every token this detector knows is a run of at least 14 characters without spaces, quotes or
 * brackets (`[^\s"'\`<>()[\]{},;]`). Runs are found by a walk over character codes with a table:
 * the regex it replaces paid a lookbehind at every position of the text.
 */
const MIN_RUN = 14;
/** The shortest quoted random string detect-quoted-random takes (a run, plus a JSON escape's backslash). */
const MIN_QUOTED = 20;
const RUN_CHAR = new Uint8Array(65536);
for (let c = 0; c < 65536; c++) RUN_CHAR[c] = isRunChar(c) ? 1 : 0;

/**
 * The hits of one literal trigger with a `reach`, in order, for one text. A shape that starts up to
 * `back` before a hit at h is `min` to `max` long and ends where no `continuedBy` character follows
 * (or at the text's end), so some such end lies in [max(0, h - back) + min, h + max]. With the first
 * end at or after that window's start known, every hit up to that end less `max` is passed over at
 * once: a text of triggers without an end costs one walk, not a regex at every trigger. Both searches
 * remember their last answer, so the text is read about once however the runs ask.
 */
class TriggerInReach {
  // Nothing asked yet: the first question of each searches.
  private hitFrom = Infinity;
  private hitAt = -1;
  private endFrom = Infinity;
  private endAt = -1;

  constructor(
    private readonly text: string,
    readonly rules: readonly CompiledRule[],
    private readonly continues: Uint8Array,
  ) {}

  /** The first hit at or after `from` that can start a shape, or Infinity. */
  next(from: number): number {
    const first = this.rules[0];
    if (first === undefined) return Infinity;
    const { back, trigger, reach } = first.rule;
    for (let at = from; ;) {
      const hit = this.find(at, trigger!);
      if (hit === -1) return Infinity;
      const end = this.end(Math.max(0, hit - back!) + reach!.min);
      if (end <= hit + reach!.max) return hit;
      at = Math.max(hit + 1, end - reach!.max);
    }
  }

  private find(from: number, trigger: string): number {
    if (from < this.hitFrom || (this.hitAt !== -1 && from > this.hitAt)) {
      this.hitFrom = from;
      this.hitAt = this.text.indexOf(trigger, from);
    }
    return this.hitAt;
  }

  private end(from: number): number {
    if (from < this.endFrom || from > this.endAt) {
      const { text, continues } = this;
      let at = from;
      while (at < text.length && continues[text.charCodeAt(at)] === 1) at++;
      this.endFrom = from;
      this.endAt = at;
    }
    return this.endAt;
  }
}

/** Provider-shaped tokens (prefix keys, JWTs, Bearer/Basic credentials, webhook URLs). */
export function detectTokens(text: string): Candidate[] {
  const found: Candidate[] = [];
  const inReach =
    IN_REACH === null ? null : new TriggerInReach(text, IN_REACH.compiled, IN_REACH.continues);
  const words = new WeakWords(text);
  let doneUntil = 0;
  let from = 0;
  let run: Run | null;
  while ((run = nextRun(text, from)) !== null) {
    const { start: runStart, end: runEnd } = run;
    from = runEnd;
    // Before the hash skip: a quoted random string with no name beside it may be hex.
    let quoted = runEnd - runStart >= MIN_QUOTED ? quotedRandomAt(text, runStart, runEnd) : null;
    // Delimited by a tag or a line rather than quotes, a value may have a weak name, which says more.
    if (quoted !== null && !QUOTE[text.charCodeAt(runStart - 1)])
      quoted = namedRandomAt(text, runStart, runEnd, words) ?? quoted;
    if (quoted !== null) found.push(quoted);
    const before = found.length;
    // Hashes and UUIDs fill transcripts; of all the shapes only ClickHouse's keys can be plain hex.
    if (isHashLike(text, runStart, runEnd) && !text.startsWith('4b1d', runStart)) {
      if (quoted === null) namedRandom(text, runStart, runEnd, words, found);
      continue;
    }
    if (runStart >= doneUntil) doneUntil = spacedPrefix(text, runStart, found);
    doneUntil = Math.max(
      doneUntil,
      scanRun(text, text.slice(runStart, runEnd), runStart, doneUntil, inReach, found),
    );
    // A run that held no token may be a generated value under a weak name (detect-named-random).
    if (found.length === before && quoted === null)
      namedRandom(text, runStart, runEnd, words, found);
    from = Math.max(runEnd, doneUntil);
  }
  return found;
}

function namedRandom(
  text: string,
  runStart: number,
  runEnd: number,
  words: WeakWords,
  found: Candidate[],
): void {
  if (runEnd - runStart < MIN_QUOTED) return;
  const named = namedRandomAt(text, runStart, runEnd, words);
  if (named !== null) found.push(named);
}

const QUOTE = codeUnitTable(/["'`]/);

interface Run {
  readonly start: number;
  readonly end: number;
}

/**
 * The next run of MIN_RUN or more at or after `from`. A `from` inside a run (a token ended there)
 * starts a run of its own with the rest, when the rest is long enough.
 */
function nextRun(text: string, from: number): Run | null {
  const length = text.length;
  let at = from;
  if (
    at > 0 &&
    at < length &&
    RUN_CHAR[text.charCodeAt(at - 1)] === 1 &&
    RUN_CHAR[text.charCodeAt(at)] === 1
  ) {
    let end = at;
    while (end < length && RUN_CHAR[text.charCodeAt(end)] === 1) end++;
    if (end - at >= MIN_RUN) return { start: at, end };
    at = end;
  }
  // A run of MIN_RUN or more that starts at or after `at` covers at + MIN_RUN - 1: look there first, and
  // back only as far as that character's run goes. Prose is passed over reading about one character in three.
  while (true) {
    const last = at + MIN_RUN - 1;
    if (last >= length) return null;
    if (RUN_CHAR[text.charCodeAt(last)] === 0) {
      at = last + 1;
      continue;
    }
    let start = last;
    while (start > at && RUN_CHAR[text.charCodeAt(start - 1)] === 1) start--;
    if (start > at) {
      at = start;
      continue;
    }
    // text[at..last] is all run, and at starts a run (at is 0, or follows a character outside runs).
    let end = last + 1;
    while (end < length && RUN_CHAR[text.charCodeAt(end)] === 1) end++;
    return { start: at, end };
  }
}

/** `^[0-9a-f-]+$` over text[start, end). */
function isHashLike(text: string, start: number, end: number): boolean {
  for (let k = start; k < end; k++) {
    const c = text.charCodeAt(k);
    if (!((c >= 48 && c <= 57) || (c >= 97 && c <= 102) || c === 45)) return false;
  }
  return true;
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

interface WordStart {
  readonly index: number;
  /** The literal prefix found there, or null for a trigger alone. */
  readonly literal: string | null;
}

/** The first word-start hit in [from, limit): a literal prefix or a trigger where B holds, as the regex `B(?:prefixes|triggers)` would find it. */
function nextWordStart(text: string, from: number, limit: number): WordStart | null {
  const literals = WORD_START_LITERALS;
  // B, by the two characters before: not a word character, or one an escape's backslash precedes
  // (or a URL-encoded character's `%`, read only where a shape may start).
  let before = from > 0 ? text.charCodeAt(from - 1) : -1;
  let beforeThat = from > 1 ? text.charCodeAt(from - 2) : -1;
  for (let at = from; at < limit; at++) {
    const c = text.charCodeAt(at);
    const boundary =
      before < 0 ||
      CONTINUES_WORD[before] === 0 ||
      beforeThat === 92 ||
      beforeThat === 37 ||
      (text.charCodeAt(at - 3) === 37 && HEX_DIGIT[beforeThat] === 1);
    beforeThat = before;
    before = c;
    if (!boundary || c >= 128 || (literals.first[c] === 0 && TRIGGER_FIRST[c] === 0)) continue;
    const word = literals.mayStartAt(text, at) ? literals.longestAt(text, at) : -1;
    const literal = word === -1 ? undefined : literals.words[word];
    if (literal !== undefined) return { index: at, literal };
    if (TRIGGER_FIRST[c] === 1 && WORD_START_TRIGGER !== null) {
      WORD_START_TRIGGER.lastIndex = at;
      if (WORD_START_TRIGGER.test(text)) return { index: at, literal: null };
    }
  }
  return null;
}

/** The digits of a URL-encoded character (`%3DeyJ…`), which B does not read as a word. */
const HEX_DIGIT = codeUnitTable(/[0-9A-Fa-f]/);

/** `[A-Za-z0-9_\]]`: a character B does not start a shape after (unless a backslash makes it an escape's letter). */
const CONTINUES_WORD = codeUnitTable(/[A-Za-z0-9_\]]/);

/**
 * Prefix and trigger hits inside one run, in order of position; each hit is matched against the whole
 * text. At one position the word-start prefix is tried before the trigger found there. No other
 * trigger or prefix starts with a trigger in reach (`Q~`), so those hits never share a position with
 * ANYWHERE's, and at one of them only its own rules are tried, as triggeredAt would pick them.
 */
function scanRun(
  text: string,
  run: string,
  runStart: number,
  doneUntil: number,
  inReach: TriggerInReach | null,
  found: Candidate[],
): number {
  const runEnd = runStart + run.length;
  let at = Math.max(runStart, doneUntil);
  let resumeAt = doneUntil;
  // One shared regex: detectTokens never re-enters itself, and a regex per run costs more than the scan.
  const anywhere = ANYWHERE;
  anywhere.lastIndex = at - runStart;
  let other = anywhere.exec(run);
  let start = nextWordStart(text, at, runEnd);
  let reachAt = inReach === null ? Infinity : inReach.next(at);
  while (at < runEnd) {
    const otherAt = other === null ? Infinity : runStart + other.index;
    const startAt = start === null ? Infinity : start.index;
    const hitAt = Math.min(otherAt, startAt, reachAt);
    if (hitAt >= runEnd) break;
    let end: number | null = null;
    if (startAt === hitAt) {
      const literal = start!.literal === null ? undefined : BY_PREFIX.get(start!.literal);
      end =
        (literal ? tryRules(text, hitAt, literal, found) : null) ??
        tryRules(text, hitAt, WORD_START_TRIGGERED, found);
    }
    if (end === null && otherAt === hitAt)
      end = tryRules(text, hitAt, BY_PREFIX.get(other![0]) ?? triggeredAt(text, hitAt), found);
    if (end === null && reachAt === hitAt) end = tryRules(text, hitAt, inReach!.rules, found);
    at = end === null ? hitAt + 1 : Math.max(hitAt + 1, end);
    if (end !== null) resumeAt = Math.max(resumeAt, end);
    if (start !== null && start.index < at) start = nextWordStart(text, at, runEnd);
    if (other !== null && runStart + other.index < at) {
      anywhere.lastIndex = at - runStart;
      other = at < runEnd ? anywhere.exec(run) : null;
    }
    if (reachAt < at) reachAt = inReach!.next(at);
  }
  return resumeAt;
}

/** The first rule whose shape matches at `at`: recorded, and where it ends; null when none does. */
function tryRules(
  text: string,
  at: number,
  rules: readonly CompiledRule[],
  found: Candidate[],
): number | null {
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
function matchAt(
  text: string,
  at: number,
  { rule, regex, startsWord }: CompiledRule,
): [number, number, number] | null {
  // A shape with `back` starts up to `back` before its trigger: try each start (only word starts, for a B shape).
  for (let start = rule.back ? Math.max(0, at - rule.back) : at; start <= at; start++) {
    if (rule.back && startsWord && start > 0 && continuesWord(text, start)) continue;
    regex.lastIndex = start;
    const m = regex.exec(text);
    // The shape must cover the trigger: a shorter one belongs to some other place.
    if (m === null || (rule.back && m.index + m[0].length <= at)) continue;
    const [s, e] = m.indices?.groups?.secret ?? [m.index, m.index + m[0].length];
    if (rule.accept && !rule.accept(text.slice(s, e)) && !isFilledAfterPrefix(rule, text, s, e))
      continue;
    return [s, e, m.index + m[0].length];
  }
  return null;
}

/**
 * A known prefix names a secret whatever its entropy: `sk-proj-aaaa…` fails a rule's randomness
 * test only because its body is one to four characters over and over. Documentation's fillers
 * (`xxxx`, `0000`, `****`) are kept visible afterwards, as every stand-in is (example-values).
 */
function isFilledAfterPrefix(rule: TokenRule, text: string, start: number, end: number): boolean {
  const prefix = rule.prefixes?.find((p) => text.startsWith(p, start));
  if (prefix === undefined) return false;
  // The body's longest part (`proj-` of `sk-proj-…` is a part of its own) carries the fill.
  const parts = text.slice(start + prefix.length, end).split(/[-_]/);
  const longest = parts.reduce((a, b) => (b.length > a.length ? b : a), '');
  return longest.length >= MIN_FILL && (new Set(longest).size <= 2 || hasShortPeriod(longest));
}
const MIN_FILL = 16;

/** `abcabcabc…`, `abcdabcd…`: three or four characters over and over, a fill as `aaaa…` is. */
function hasShortPeriod(s: string): boolean {
  for (let period = 3; period <= 4; period++) {
    let k = period;
    while (k < s.length && s.charCodeAt(k) === s.charCodeAt(k - period)) k++;
    if (k === s.length) return true;
  }
  return false;
}

/** B fails here for certain: the previous character continues a word and is not an escape's letter. */
function continuesWord(text: string, at: number): boolean {
  return CONTINUES_WORD[text.charCodeAt(at - 1)] === 1 && text.charCodeAt(at - 2) !== 92;
}

function isRunChar(code: number): boolean {
  // \s, quotes, backquote, <>, ()[]{}, comma, semicolon end a run.
  if (
    code === 32 ||
    (code >= 9 && code <= 13) ||
    code === 160 ||
    code === 0xfeff ||
    (code >= 0x2000 && code <= 0x200a)
  )
    return false;
  if (
    code === 0x1680 ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000
  )
    return false;
  return !(
    code === 34 ||
    code === 39 ||
    code === 96 ||
    code === 60 ||
    code === 62 ||
    code === 40 ||
    code === 41 ||
    code === 91 ||
    code === 93 ||
    code === 123 ||
    code === 125 ||
    code === 44 ||
    code === 59
  );
}
