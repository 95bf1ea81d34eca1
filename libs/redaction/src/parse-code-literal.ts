import { codeUnitTable } from './code-unit-table';
import type { KeywordSite } from './keyword-sites';
import { hideQuoted, quotedValue, type ValueSpan } from './parse-assigned-value';
import { isReference } from './references';

/**
 * A string literal that code gives a secret-named variable without `=` or `:`: compared with it
 * (`password == "…"`, `"…" !== secret`, `strcmp(passwd, "…")`), passed to its setter or constructor
 * (`secret.assign("…")`, `std::string secret("…")`, `password.equals("…")`), or declared in a form
 * the assignment parser does not read (`char password[25] = "…"`, `var token string = "…"`,
 * `#define API_SECRET "…"`). Only a literal counts: `password == null` or `secret(argv[1])` is code.
 */
export function codeLiteralValue(text: string, site: KeywordSite): ValueSpan | null {
  // The line before the name, at most 200 characters of it (a search back to the line's start could read the whole text).
  const window = text.slice(Math.max(0, site.start - 200), site.start);
  const before = window.slice(window.lastIndexOf('\n') + 1);
  const after = text.slice(site.end, site.end + 80);
  // Each form is tried only where its cheapest sign is there: this runs for every name without a value.
  const next = after.charCodeAt(0);
  const follows = FOLLOWING_FORMS_START[next] === 1 ? FOLLOWING_FORMS.exec(after) : null;
  if (follows !== null && (follows[1] === undefined || DECLARED_BY.test(before)))
    return literalAt(text, site.end + follows[0].length);
  const tail = before.slice(-48);
  if (next === 40 && CONSTRUCTED_AS.test(tail))
    return literalAt(text, site.end + /^\(\s*/.exec(after)![0].length);
  const argument = /^\s*,\s*/.exec(after);
  if (argument !== null && tail.includes('(') && COMPARE_CALL.test(tail))
    return literalAt(text, site.end + argument[0].length);
  if ((next === 32 || next === 9) && before.length < 40) {
    if (DEFINED_BY.test(before))
      return literalAt(text, site.end + /^[ \t]+/.exec(after)![0].length);
    if (SET_BY.test(before)) return setValue(after, site.end);
  }
  return /=\s*$/.test(tail) ? comparedBefore(text, before, site.start) : null;
}

/** `set password S3cr3tValue`: a word after a space is a value only when it looks generated. */
function setValue(after: string, at: number): ValueSpan | null {
  const word = /^[ \t]+([^\s"'`]{8,128})(?=\s|$)/.exec(after);
  if (word === null || !/\d/.test(word[1]) || !/[A-Za-z]/.test(word[1]) || isReference(word[1]))
    return null;
  const start = at + word[0].length - word[1].length;
  return { start, end: start + word[1].length };
}

/**
 * After the name: a comparison, a setter or comparing method, an array size before `=`, or (group 1,
 * only after `var`/`const`) a Go type before `=`.
 */
const FOLLOWING_FORMS =
  /^(?:\s*(?:===|!==|==|!=)\s*|\.(?:equals|equalsIgnoreCase|contentEquals|Equals|assign|compare|compareTo|localeCompare|eq)\(\s*|\[\d*\]\s*=(?!=)\s*|([ \t]+\*?[A-Za-z_][\w.]*(?:\[\])?[ \t]*=(?!=)[ \t]*))/;
/** What FOLLOWING_FORMS can start with: space, `=`, `!`, `.`, `[`. */
const FOLLOWING_FORMS_START = codeUnitTable(/[\s=!.[]/);
const DECLARED_BY = /\b(?:var|const)[ \t]+$/;
/** A string type just before the name, as in `std::string secret("…")` or `QString token("…")`. */
const CONSTRUCTED_AS = /(?:\b(?:std::)?w?string|\bString|\bQString|\bCString|\bauto)[ \t]+&?$/;
/** A call that compares its two arguments, the name being the first: `strcmp(passwd, "…")`. */
const COMPARE_CALL =
  /\b(?:strn?cmp|strn?casecmp|memcmp|wcscmp|_?stricmp|hash_equals|compare_digest|secure_compare|constant_time_compare|timingSafeEqual|assertEquals?|assert_eq!?|isEqual|Equal)\s*\(\s*[&*]?$/;
const DEFINED_BY = /^[ \t]*#[ \t]*define[ \t]+$/;
const SET_BY = /^[ \t]*set[ \t]+$/i;
/** `"…" == password`: a literal, a comparison, then the name. */
const LITERAL_BEFORE = /(["'`])((?:(?!\1)[^\\\n]|\\.){1,190})\1\s*(?:===|!==|==|!=)\s*$/;

/** Shorter literals in code are sentinels and test stubs (`password == "x"`), not secrets. */
const MIN_LITERAL = 4;

function literalAt(text: string, at: number): ValueSpan | null {
  const quoted = quotedValue(text, at);
  if (!quoted || quoted.end - quoted.start < MIN_LITERAL) return null;
  return hideQuoted(text, quoted);
}

function comparedBefore(text: string, before: string, siteStart: number): ValueSpan | null {
  if (!before.includes('=')) return null;
  const m = LITERAL_BEFORE.exec(before);
  if (m === null || m[2].length < MIN_LITERAL || isReference(m[2])) return null;
  const start = siteStart - before.length + m.index + 1;
  return hideQuoted(text, { start, end: start + m[2].length });
}
