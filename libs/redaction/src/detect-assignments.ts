import { COOKIE_HEADER_NAME } from './detect-cookies';
import { classChangeRate, looksRandom } from './entropy';
import type { KeywordSite } from './keyword-sites';
import { type Candidate, RANK_ASSIGNMENT } from './secret-kind';
import { parseAssignedValue } from './parse-assigned-value';
import { codeLiteralValue } from './parse-code-literal';
import { isReference } from './references';

/**
 * `key=value`, `key: value`, `"key": "value"`, `key='value'`, `--password value`,
 * `.env` lines: the key stays, only the value is replaced, so a reader still
 * knows which setting was there.
 */
export function detectAssignments(text: string, sites: readonly KeywordSite[]): Candidate[] {
  const found: Candidate[] = [];
  for (const site of sites) {
    if (site.isProse) {
      const said = saidValue(text, site.end);
      if (said !== null)
        found.push({
          kind: site.nameKind,
          start: said.start,
          end: said.end,
          rank: RANK_ASSIGNMENT,
        });
      continue;
    }
    if (insideArn(text, site.start)) continue;
    // A cookie header holds many cookies, judged one by one (detect-cookies).
    if (site.end - site.start <= 10 && COOKIE_HEADER_NAME.test(text.slice(site.start, site.end)))
      continue;
    const value =
      parseAssignedValue(text, site) ??
      codeLiteralValue(text, site) ??
      saidValue(text, site.end) ??
      firstArmValue(text, site);
    if (value === null) continue;
    found.push({ kind: site.nameKind, start: value.start, end: value.end, rank: RANK_ASSIGNMENT });
  }
  return found;
}

/** `arn:aws:secretsmanager:…:secret:prod/db`: a part of a resource name, not a key. */
const insideArn = (text: string, at: number): boolean =>
  text.charCodeAt(at - 1) === 58 &&
  /\barn:[\w-]+:[^\s"']*$/.test(text.slice(Math.max(0, at - 100), at));

/** After a name in a sentence: `is`, `was`, `is now`, `changed to`, then maybe a quote. */
const SAID =
  /^[ \t]+(?:is|was|is now|now is|(?:has been |was )?(?:changed|reset|set|rotated) to)[ \t]+(["'`]?)/;
/** The word said, up to a space, a quote or a sentence's last punctuation. */
const SAID_WORD = /^[^\s"'`]{8,128}?(?=[.,;:!?)]*(?:[\s"'`]|$))/;

/**
 * `the staging password is SCpKd!axUW!Auv, rotate it`: a value a person gives a name in a sentence.
 * Only a word that reads as generated (three kinds of character that change often) is one, so `the
 * token is expired` and `the password is JWT-based` stay; a longer random one is detect-high-entropy's.
 */
function saidValue(text: string, at: number): { start: number; end: number } | null {
  const c = text.charCodeAt(at);
  if (c !== 32 && c !== 9) return null;
  const said = SAID.exec(text.slice(at, at + 40));
  if (said === null) return null;
  const start = at + said[0].length;
  const word = SAID_WORD.exec(text.slice(start, start + 140))?.[0];
  if (word === undefined || !readsGenerated(word)) return null;
  return { start, end: start + word.length };
}

function readsGenerated(word: string): boolean {
  // A random word there is the high-entropy detector's, under its own kind.
  if (looksRandom(word) || isReference(word) || word.includes('://') || /^[/~.$]/.test(word))
    return false;
  const kinds =
    Number(/[a-z]/.test(word)) +
    Number(/[A-Z]/.test(word)) +
    Number(/\d/.test(word)) +
    Number(/[^A-Za-z0-9]/.test(word));
  return kinds >= 3 && /[A-Za-z]/.test(word) && classChangeRate(word) >= 0.3;
}

/** `switch (token) {`, Ruby's `case password`: code that picks by the name's value. */
const SWITCH_BEFORE = /\b(?:switch[ \t]*\(|case)[ \t]*$/;
const SWITCH_AFTER = /^[ \t]*\)?[ \t]*\{?[ \t]*\r?\n/;
/** The first arm's literal: C's and JS's `case "…":`, Ruby's `when "…"`. */
const FIRST_ARM =
  /^[ \t]*(?:case[ \t]+|when[ \t]+)?(["'])([^"'\\\n]{4,190})\1[ \t]*(?::|=>|then\b|,|\r?\n)/;

/** `switch (token) {⏎  case "…":`: the literal an arm compares the name's value with. */
function firstArmValue(text: string, site: KeywordSite): { start: number; end: number } | null {
  const c = text.charCodeAt(site.end);
  // `)`, a blank, a line's end or `{` after the name.
  if (c !== 41 && c !== 32 && c !== 9 && c !== 10 && c !== 13 && c !== 123) return null;
  const before = text.slice(Math.max(0, site.start - 24), site.start);
  if (!SWITCH_BEFORE.test(before.slice(before.lastIndexOf('\n') + 1))) return null;
  const after = text.slice(site.end, site.end + 240);
  const head = SWITCH_AFTER.exec(after);
  if (head === null) return null;
  const arm = FIRST_ARM.exec(after.slice(head[0].length));
  const literal = arm?.[2];
  if (
    arm === null ||
    literal === undefined ||
    isReference(literal) ||
    /^[A-Za-z]{1,12}$/.test(literal)
  )
    return null;
  const start = site.end + head[0].length + arm[0].indexOf(literal);
  return { start, end: start + literal.length };
}
