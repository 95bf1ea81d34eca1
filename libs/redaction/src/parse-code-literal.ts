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
  // This runs for every name without a value: each form is tried only where its cheapest sign is.
  const next = text.charCodeAt(site.end);
  const spaced = next === 32 || next === 9;
  const previous = lastNonBlankBefore(text, site.start);
  if (FORM_SIGN[next] !== 1 && previous !== 61 && previous !== 44) return null;
  const after = text.slice(site.end, site.end + 80);
  // A subscript's key compared: `req.headers['x-client-secret'] === '…'`, `$ENV{TOKEN} eq '…'`.
  const subscript =
    SUBSCRIPT_OPENS[text.charCodeAt(site.start - 1)] === 1 ? SUBSCRIPT.exec(after) : null;
  if (subscript !== null) {
    const compared = SUBSCRIPT_COMPARED.exec(after.slice(subscript[0].length));
    if (compared !== null)
      return literalAt(text, site.end + subscript[0].length + compared[0].length);
  }
  // What a lookup by the name gives, compared: `os.environ.get("API_TOKEN") == "…"`.
  if (previous === 34 || previous === 39 || previous === 40) {
    const lookup = LOOKUP_COMPARED.exec(after);
    if (lookup !== null) return literalAt(text, site.end + lookup[0].length);
  }
  const follows = FOLLOWING_FORMS_START[next] === 1 ? FOLLOWING_FORMS.exec(after) : null;
  if (
    follows !== null &&
    (follows[1] === undefined || DECLARED_BY.test(lineBefore(text, site.start)))
  )
    return literalAt(text, site.end + follows[0].length);
  // A setter given a literal: `user.setPassword("…")`, `client.SetToken("…")`.
  if (next === 40 && SETTER.test(text.slice(site.start, site.end)))
    return literalAt(text, site.end + /^\(\s*/.exec(after)![0].length);
  if ((next === 40 || next === 123) && CONSTRUCTED_AS.test(lineBefore(text, site.start, 48)))
    return literalAt(text, site.end + /^[({]\s*/.exec(after)![0].length);
  // A shell test, `[ "$PASSWORD" = "…" ]`: the variable's closing quote, then `=` or `==`.
  if ((next === 34 || next === 39 || next === 125) && text.charCodeAt(site.start - 1) === 36) {
    const test = /^["'}]*[ \t]+!?==?[ \t]+/.exec(after);
    if (test !== null) return literalAt(text, site.end + test[0].length);
  }
  const argument = next === 44 || spaced ? /^\s*,\s*/.exec(after) : null;
  // A pair's first element, the literal its second: Erlang's `{password, "…"}`, `[:token, "…"]`.
  if (argument !== null && next !== 32 && PAIR_OPENS[pairOpener(text, site.start)] === 1)
    return literalAt(text, site.end + argument[0].length);
  if (argument !== null && COMPARE_CALL.test(lineBefore(text, site.start, 48)))
    return literalAt(text, site.end + argument[0].length);
  if (spaced && amongFirstWords(text, site.start)) {
    const before = lineBefore(text, site.start);
    if (DEFINED_BY.test(before))
      return literalAt(text, site.end + /^[ \t]+/.exec(after)![0].length);
    // Tcl's and expect's `set password "…"` quote it; csh's `set password S3cr3t` may not.
    if (SET_BY.test(before)) {
      const quoted = /^[ \t]+(?=["'])/.exec(after);
      return quoted === null
        ? setValue(after, site.end)
        : literalAt(text, site.end + quoted[0].length);
    }
    // SQL's `WITH PASSWORD '…'`, a config line's `password "…"`: a literal after a space.
    const spacedLiteral = /^[ \t]+(?=["'])/.exec(after);
    if (spacedLiteral !== null) return literalAt(text, site.end + spacedLiteral[0].length);
    // A line of a name and its value apart (ssh_config, .properties, a tab-separated table).
    if (/^[ \t]*$/.test(before) && isNameAndValueLine(text, site.end))
      return setValue(after, site.end);
  }
  // A `.netrc` line, `machine host login user password …`: any word after the name is the password.
  if (
    spaced &&
    site.end - site.start === 8 &&
    text.startsWith('password', site.start) &&
    NETRC_BEFORE.test(lineBefore(text, site.start, 120))
  )
    return netrcValue(after, site.end);
  // A tab between a name and a value is a column's edge (a table, a paste of one): `password⇥…`.
  if (next === 9 || (next === 92 && text.charCodeAt(site.end + 1) === 116))
    return setValue(after.replace(/^\\t/, '\t '), site.end);
  if (previous === 44) return argumentBefore(text, lineBefore(text, site.start), site.start);
  if (previous === 61) return comparedBefore(text, lineBefore(text, site.start), site.start);
  // `"…" == os.environ.get("ADMIN_PASSWORD")`: compared with what a lookup by the name gives.
  return previous === 34 || previous === 39 || previous === 40
    ? comparedBefore(text, lineBefore(text, site.start), site.start, LITERAL_BEFORE_LOOKUP)
    : null;
}

/** What opens a subscript's key: `[`, Perl's `{`, the quote inside them, or Ruby's symbol `[:api_key]`. */
const SUBSCRIPT_OPENS = codeUnitTable(/[[{"':]/);
/** The subscript's close after its key: `']`, `"]`, `]`, `}`, `'}`. */
const SUBSCRIPT = /^["']?[\]}]/;
/** A comparison after the subscript: `===`, `!==`, `==`, `!=`, Perl's `eq`/`ne`. */
const SUBSCRIPT_COMPARED = /^\s*(?:===|!==|==|!=|\beq\b|\bne\b)\s*/;

/** A call's or subscript's close after the name, then a comparison. */
const LOOKUP_COMPARED = /^["']?\s*[)\]]\s*(?:===|!==|==|!=)\s*/;

/** `{` and `[`, which open a pair whose first element is the name. */
const PAIR_OPENS = codeUnitTable(/[{[]/);

/** The code before a name and the atom mark or quote glued to it (`{:password`, `["token"`), past blanks. */
function pairOpener(text: string, start: number): number {
  let k = start - 1;
  if (k >= 0 && /["':]/.test(text.charAt(k))) k--;
  while (k >= 0 && (text.charCodeAt(k) === 32 || text.charCodeAt(k) === 9)) k--;
  return k >= 0 ? text.charCodeAt(k) : -1;
}

/**
 * Whether the name at `at` is among the first words of its line. Counted in words, not characters: a
 * secret before it on the line is one word, and one word still once it is a placeholder, so the
 * verdict does not change when a second pass reads the redacted line (docs/redaction.md).
 */
function amongFirstWords(text: string, at: number): boolean {
  const from = Math.max(0, at - MAX_LINE_HEAD);
  const head = text.slice(from, at);
  const newline = head.lastIndexOf('\n');
  if (newline === -1 && from > 0) return false;
  return (head.slice(newline + 1).match(WORD)?.length ?? 0) <= FIRST_WORDS;
}
const MAX_LINE_HEAD = 240;
const FIRST_WORDS = 6;
const WORD = /\S+/g;

/** What a form after the name starts with: space, `=`, `!`, `.`, `[`, `(`, `,`, `{`, `)`, `}`, `]`, a quote, `\`. */
const FORM_SIGN = codeUnitTable(/[\s=!.[(,{)}\]"'\\]/);

/** The code of the last character before `at` that is not a space or a tab, or -1. */
function lastNonBlankBefore(text: string, at: number): number {
  let k = at - 1;
  while (k >= 0 && (text.charCodeAt(k) === 32 || text.charCodeAt(k) === 9)) k--;
  return k >= 0 ? text.charCodeAt(k) : -1;
}

/** The line before `at`, at most `n` characters of it (a search back to its start could read the whole text). */
function lineBefore(text: string, at: number, n = 200): string {
  const window = text.slice(Math.max(0, at - n), at);
  return window.slice(window.lastIndexOf('\n') + 1);
}

/** The start of a `.netrc` line before its `password`: `machine` (or `default`), then a `login`. */
const NETRC_BEFORE = /\b(?:machine[ \t]+\S+|default)[ \t]+login[ \t]+(?!anonymous\b)\S+[ \t]+$/;

function netrcValue(after: string, at: number): ValueSpan | null {
  const [whole, value] = /^[ \t]+([^\s"'`\\]{4,128})(?=\s|$)/.exec(after) ?? [];
  if (whole === undefined || value === undefined || isReference(value)) return null;
  const start = at + whole.length - value.length;
  return { start, end: start + value.length };
}

/** `set password S3cr3tValue`, `password⇥S3cr3tValue`: a word after a space is a value only when it looks generated. */
function setValue(after: string, at: number): ValueSpan | null {
  const [whole, value] = /^[ \t]+([^\s"'`\\]{8,128})(?=[\s"'`\\]|$)/.exec(after) ?? [];
  if (whole === undefined || value === undefined) return null;
  if (!/\d/.test(value) || !/[A-Za-z]/.test(value) || isReference(value)) return null;
  const start = at + whole.length - value.length;
  return { start, end: start + value.length };
}

/**
 * After the name: a comparison (PowerShell's `-eq`/`-ne` too), a setter or comparing method, an array
 * size before `=`, or (group 1, only after `var`/`const`) a Go type before `=`.
 */
const FOLLOWING_FORMS =
  /^(?:\s*(?:===|!==|==|!=|\|\||\?\?)\s*|[ \t]+or[ \t]+|[ \t]+-[ci]?(?:eq|ne)[ \t]+|\.(?:equals|equalsIgnoreCase|contentEquals|Equals|assign|compare|compareTo|localeCompare|eq|eql\?|equal\?)\(\s*|\[\d*\]\s*=(?!=)\s*|[ \t]+As[ \t]+[A-Za-z_][\w.]*[ \t]*=[ \t]*|[ \t]+isEqual(?:ToString)?:[ \t]*|\)?(?:\.to(?:\.be)?\.(?:equal|eql)\(|\.to\(?[ \t]*(?:eq|eql|equal|be)\b[ \t(]*|\.(?:toEqual|toBe|toStrictEqual|isEqualTo)\(|\.should(?:\.equal\(|[ \t]*(?:==|eq\b|eql\b|equal\b)[ \t(]*))\s*|([ \t]+\*?[A-Za-z_][\w.]*(?:\[\])?[ \t]*=(?!=)[ \t]*))/;
/** What FOLLOWING_FORMS can start with: space, `=`, `!`, `.`, `[`, `)`. */
const FOLLOWING_FORMS_START = codeUnitTable(/[\s=!.[)]/);
/** A setter's name: its last part starts with `set` (`setPassword`, `SetApiKey`, `set_token`). */
/** A setter (Redis's `auth("…")` too), or a hash function given the password in clear (`password_hash('…', …)`, `make_password("…")`). */
const SETTER =
  /(?:^|[.])(?:[Ss]et(?:[A-Z]|_[a-z])[\w]*|password_hash|hash_?[Pp]assword|make_password|generate_password_hash|check_?[Pp]assword|auth)$/;
const DECLARED_BY = /\b(?:var|const)[ \t]+$/;
/** A string type just before the name, as in `std::string secret("…")` or `QString token("…")`. */
const CONSTRUCTED_AS = /(?:\b(?:std::)?w?string|\bString|\bQString|\bCString|\bauto)[ \t]+&?$/;
/** A call that compares (or copies) its two arguments, the name being the first: `strcmp(passwd, "…")`. */
const COMPARE_CALL =
  /\b(?:strn?cpy|strlcpy|wcsn?cpy|strn?cat|memcpy|strn?cmp|strn?casecmp|memcmp|wcscmp|_?stricmp|hash_equals|compare_digest|secure_compare|constant_time_compare|timingSafeEqual|assertEquals?|assert_eq!?|isEqual|Equal|AreEqual|AreNotEqual)\s*\(\s*[&*]?$/;
const DEFINED_BY = /^[ \t]*#[ \t]*define[ \t]+$/;
/**
 * The rest of the line after the name is one word, and nothing else. The word's length is not
 * bounded short: a secret glued inside it (`…"API_KEY=…`) becomes a shorter placeholder, and the
 * verdict must not change with it, or a second redaction finds what the first let through
 * (docs/redaction.md). A longer word than MAX_LINE_WORD is no value.
 */
function isNameAndValueLine(text: string, at: number): boolean {
  let k = at;
  while (text.charCodeAt(k) === 32 || text.charCodeAt(k) === 9) k++;
  const word = k;
  if (word === at) return false;
  const limit = Math.min(text.length, word + MAX_LINE_WORD);
  while (k < limit && WHITESPACE[text.charCodeAt(k)] === 0) k++;
  if (k === word || (k === limit && k < text.length)) return false;
  while (text.charCodeAt(k) === 32 || text.charCodeAt(k) === 9) k++;
  if (text.charCodeAt(k) === 13) k++;
  return k === text.length || text.charCodeAt(k) === 10;
}
const MAX_LINE_WORD = 4096;
const WHITESPACE = codeUnitTable(/\s/);
const SET_BY = /^[ \t]*(?:set|setenv)[ \t]+$/i;
/** `"…" == password`: a literal, a comparison, then the name. */
const LITERAL_BEFORE = /(["'`])((?:(?!\1)[^\\\n]|\\.){1,190})\1\s*(?:===|!==|==|!=)\s*$/;

/**
 * `"…" == headers.get("`, `"…".equals(request.getHeader("`, `['…'].includes(req.headers['`: a literal,
 * a comparison, then a call or subscript given the name.
 */
const LITERAL_BEFORE_LOOKUP =
  /(["'`])((?:(?!\1)[^\\\n]|\\.){1,190})\1\s*(?:(?:===|!==|==|!=)\s*|\.(?:equals|equalsIgnoreCase|Equals)\(\s*|\]\.includes\(\s*)[A-Za-z_$][\w.$]{0,60}[([]\s*["']?$/;

/** Shorter literals in code are sentinels and test stubs (`password == "x"`), not secrets. */
const MIN_LITERAL = 4;

/**
 * A literal code compares a secret-named variable with, or passes with it, that is a word
 * (`token === 'yesterday'`, `auth == "basic"`): a keyword of the program, not a secret.
 */
const PLAIN_WORD = /^[A-Za-z]{1,12}$/;

function literalAt(text: string, at: number): ValueSpan | null {
  // A string literal's prefix: C/C++ `L"…"`, `u8"…"`, Objective-C `@"…"`, Python and Rust `r"…"`, `b"…"`.
  const prefix = /^(?:u8|[LuUr@b])(?=["'])/.exec(text.slice(at, at + 3));
  if (prefix !== null) at += prefix[0].length;
  const quoted = quotedValue(text, at);
  if (!quoted || quoted.end - quoted.start < MIN_LITERAL) return null;
  if (PLAIN_WORD.test(text.slice(quoted.start, quoted.end))) return null;
  return hideQuoted(text, quoted);
}

function comparedBefore(
  text: string,
  before: string,
  siteStart: number,
  form = LITERAL_BEFORE,
): ValueSpan | null {
  if (form === LITERAL_BEFORE && !before.includes('=')) return null;
  const m = form.exec(before);
  const literal = m?.[2];
  if (m === null || literal === undefined) return null;
  if (literal.length < MIN_LITERAL || isReference(literal) || PLAIN_WORD.test(literal)) return null;
  const start = siteStart - before.length + m.index + 1;
  return hideQuoted(text, { start, end: start + literal.length });
}

/** `strcmp("…", secret)`, `assertEquals("…", apiKey)`: a literal as a compare call's first argument. */
const LITERAL_ARGUMENT_BEFORE = new RegExp(
  `${COMPARE_CALL.source.slice(0, -1)}(["'\`])((?:(?!\\1)[^\\\\\\n]|\\\\.){1,190})\\1\\s*,\\s*[&*]?$`,
);

function argumentBefore(text: string, before: string, siteStart: number): ValueSpan | null {
  if (!before.includes('(')) return null;
  const m = LITERAL_ARGUMENT_BEFORE.exec(before);
  const [whole, quote, literal] = m ?? [];
  if (m === null || whole === undefined || quote === undefined || literal === undefined)
    return null;
  if (literal.length < MIN_LITERAL || isReference(literal)) return null;
  const start =
    siteStart - before.length + m.index + whole.lastIndexOf(quote + literal + quote) + 1;
  return hideQuoted(text, { start, end: start + literal.length });
}
