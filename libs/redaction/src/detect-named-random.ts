import { codeUnitTable } from './code-unit-table';
import { shannonEntropy, UUID } from './entropy';
import { isSequence } from './example-values';
import { type Candidate, RANK_ENTROPY } from './secret-kind';

/**
 * A generated value under a name that ends in a weak secret word: `SONAR_LOGIN=…`, `<oktaKey>…</oktaKey>`,
 * `var twilioSid string = "…"`, `GH_PAT ?= …`. `key`, `login`, `sid` and `pat` name plenty that is no
 * secret (`sort_key: name`, `login: alice`), so they are not words the keyword walk looks for, and the
 * value must look generated: long, letters and digits, random. Read off the token scan's runs, which
 * every such value is one of (or ends one, as in `NAME=…`).
 */
const MIN_VALUE = 20;
const MAX_VALUE = 256;
const LOOK_BACK = 64;

/**
 * The name and operator before a value, at the end of the text before it: a weak word ending the name
 * (after a separator, or as a capitalised part: `oktaKey`), maybe a closing quote or `>`, then an
 * assignment or comparison operator, a call's paren or nothing but a space, then maybe an opening quote.
 */
const WEAK_WORD =
  '(?:(?<=[_.-]|^|[^A-Za-z0-9])(?:key|login|sid|pat|KEY|LOGIN|SID|PAT|Key|Login|Sid|Pat)|(?<=[a-z0-9])(?:Key|Login|Sid|Pat))';
const WEAK_WORDS = new RegExp(WEAK_WORD, 'g');
/**
 * What may stand between the weak word and the value, all of it: `[41]`, a Go or Kotlin type
 * (` string`, `: String`), a setter or comparing method, a closing quote or `>`, an operator, a
 * call's paren, an opening quote.
 */
const GLUE = new RegExp(
  String.raw`^(?:\[\d*\]|[ \t]+[A-Za-z_][\w.]*(?=[ \t]*=)|:[ \t]*[A-Za-z_][\w.]*\??(?=[ \t]*=)|\.(?:assign|equals|eq|compare)(?=\())?` +
    String.raw`["'\]>]?[ \t]*(?:=|:=|::=|:::=|\?=|:|=>|<-|==|===|!=|!==|\(|,)?[ \t]*(?:\\?["'\x60]{1,3}|\(\s*["'\x60])?$`,
);
/** `"…" != twilioSid`: a comparison, then the name, after the value. */
const NAMED_AFTER = new RegExp(
  String.raw`^["'\x60]?[ \t]*(?:===|!==|==|!=)[ \t]*([A-Za-z0-9_.]*?)` +
    WEAK_WORD +
    '(?![A-Za-z0-9])',
);

/**
 * The name before a value when it ends in a weak word and only GLUE follows it, else null. Found
 * from the words' places, not by a regex anchored at the end, which V8 would try at every start.
 */
function nameBefore(line: string): string | null {
  WEAK_WORDS.lastIndex = 0;
  let last: RegExpExecArray | null = null;
  for (let m = WEAK_WORDS.exec(line); m !== null; m = WEAK_WORDS.exec(line)) last = m;
  if (last === null || !GLUE.test(line.slice(last.index + last[0].length))) return null;
  // `[REDACTED:stripe_key] …`: the redactor's word for a secret already hidden names nothing after it.
  if (IN_PLACEHOLDER.test(line.slice(Math.max(0, last.index - 40), last.index))) return null;
  let k = last.index;
  while (k > 0 && /[A-Za-z0-9_.-]/.test(line.charAt(k - 1))) k--;
  return line.slice(k, last.index);
}
const IN_PLACEHOLDER = /\[REDACTED:[a-z0-9_]*$/;
/** A name part that makes the value public or an id: `public_key`, `primary_key`, `keyId`. */
const NOT_SECRET_NAME =
  /(?:^|[^a-z])(?:public|pub|primary|foreign|sort|partition|cache|idempotency|lookup|hash|row|map|dict|index)/i;

/**
 * Where the weak words are in one text, asked in order of place: one forward search serves every run
 * after the last answer, so a text is read about once however many runs ask (a search per run from its
 * own place could read on to the text's end each time).
 */
export class WeakWords {
  private from = -1;
  private at = -1;
  private readonly search = /key|login|sid|pat/gi;

  constructor(private readonly text: string) {}

  /** Whether a weak word starts in [from, to); `from` must not go back between calls. */
  within(from: number, to: number): boolean {
    if (this.at !== Infinity && this.at < from) {
      this.search.lastIndex = Math.max(from, this.from);
      const m = this.search.exec(this.text);
      this.at = m === null ? Infinity : m.index;
      this.from = from;
    }
    return this.at < to;
  }
}

export function namedRandomAt(
  text: string,
  runStart: number,
  runEnd: number,
  words: WeakWords,
): Candidate | null {
  const from = Math.max(0, runStart - LOOK_BACK);
  // Most runs have no weak word near them, and are done with after this.
  if (!words.within(from, runEnd + 24)) return null;
  const head = text.slice(from, Math.min(runEnd, runStart + LOOK_BACK));
  // `SONAR_LOGIN=…` is one run: the value starts after its operator.
  let start = runStart;
  const op = /^[A-Za-z0-9_.-]{1,64}(?::{0,3}=|\?=|:)["'`]?/.exec(head.slice(runStart - from));
  if (op !== null) start = runStart + op[0].length;
  let end = runEnd;
  // A closing quote, paren, full stop or JSON escape glued to the value is not part of it.
  while (end > start && CLOSES[text.charCodeAt(end - 1)] === 1) end--;
  if (end - start < MIN_VALUE || end - start > MAX_VALUE) return null;
  // The line before the value, read back no further than LOOK_BACK.
  const before = text.slice(from, start);
  const name =
    nameBefore(before.slice(before.lastIndexOf('\n') + 1)) ??
    NAMED_AFTER.exec(text.slice(end, end + LOOK_BACK))?.[1];
  if (name === undefined || name === null || NOT_SECRET_NAME.test(name)) return null;
  if (!looksGenerated(text.slice(start, end))) return null;
  return { kind: 'secret', start, end, rank: RANK_ENTROPY };
}

const CLOSES = codeUnitTable(/["'`;,).\\]/);

/** Letters and digits in a random mix: a generated credential, not a word, a path or an id. */
function looksGenerated(value: string): boolean {
  if (!/^[A-Za-z0-9_+/=-]+$/.test(value) || UUID.test(value)) return false;
  if (!/\d/.test(value) || !/[A-Za-z]/.test(value) || isSequence(value)) return false;
  const parts = value.split(/[-_]/);
  if (
    parts.length >= 3 &&
    parts.every((p) => /^(?:[a-z]+\d*|[A-Z][a-z]+\d*|[A-Z]+\d*|\d+)$/.test(p))
  )
    return false;
  const hex = /^[0-9a-fA-F]+$/.test(value);
  return shannonEntropy(value) >= (hex ? 3 : 3.5);
}
