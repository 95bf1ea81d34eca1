import { codeUnitTable } from './code-unit-table';
import type { KeywordSite } from './keyword-sites';

export interface ValueSpan {
  readonly start: number;
  readonly end: number;
}

const QUOTES = `"'\``;
/** Characters that end an unquoted value in the middle of a line. */
const INLINE_END = /[\s,;&)}\]"'`<>(\\]/;
/** Both sets as tables over UTF-16 code units (what the regexes test one character at a time), 1 = ends a value. */
const ENDS_INLINE = codeUnitTable(INLINE_END);
/** Characters that end an unquoted value on a `.env`/YAML line. */
const LINE_END = /[\r\n\\"'`]/;
const ENDS_LINE = codeUnitTable(LINE_END);
const MAX_QUOTED = 8192;
/** What may begin a line before its key: indentation, a diff's `+`/`-`, a shell's declaring word, a list's dash. */
const LINE_PREFIX = /^[+-]?[ \t]*(?:(?:export|set|setx|declare|local|readonly|ENV|-)[ \t]+)?$/;
const AUTH_SCHEME = /^(?:Bearer|Basic|Token|Digest)[ \t]+/i;
const SCHEME_PARAMETER = /^[A-Za-z_][\w-]*=/;
/** What follows a one-command environment value: a known client, or a word and then a flag. */
const COMMAND_AFTER =
  /^[ \t]+(?:[A-Z_][A-Z0-9_]*=\S*[ \t]+)*(?:(?:sudo|exec|env)[ \t]+)?(?:(?:psql|pg_dump\w*|pg_restore|pg_basebackup|mysql\w*|mongo\w*|redis-cli|sqlcmd|docker|npm|npx|node|yarn|pnpm|python3?|ruby|go|cargo|make|bash|sh|\.?\/\S+)(?:[ \t]|$)|\S+(?:[ \t]+[^\s-]\S*)*[ \t]+--?[A-Za-z])/;

/** Values that say what a thing is, not what it holds. */
const NOT_VALUES = new Set([
  'true',
  'false',
  'null',
  'none',
  'nil',
  'undefined',
  'yes',
  'no',
  'on',
  'off',
  'string',
  'str',
  'number',
  'int',
  'integer',
  'float',
  'bool',
  'boolean',
  'any',
  'unknown',
  'object',
  'bytes',
  'optional',
  'required',
  'void',
  'never',
  'redacted',
  'hidden',
  'masked',
]);

/** References and stand-ins: `$TOKEN`, `${X}`, `%X%`, `<your-token>`, `{{ secret }}`, `****`, `xxx`. */
const REFERENCE =
  /^(?:\$|%[A-Za-z_]+%$|%~?\d$|%env\(|ENC[[(]|@(?:[\w.-]*\/)*[\w-]+\.[A-Za-z]{1,5}$|<|\{\{|\[REDACTED:|\*+$|x{3,}$|\.\.\.$|…|[|>][-+]?$|process\.env\.|os\.environ|System\.getenv|[#%@]\{|%\(|@(?:android:)?[a-z]+\/[\w.]+$|@[A-Za-z_]\w*$)/i;
/** `config.db.password`, and paths with `::` (Rust's `std::env::var`, C++'s `std::getenv`, PHP's `Config::get`). */
const IDENTIFIER_PATH = /^[A-Za-z_$][\w$]*(?:(?:\.|::)[A-Za-z_$][\w$]*)*$/;
const CALL = /^(?:(?:await|new|yield|return)\s+)?[A-Za-z_$](?:::|[\w$.])*[([]/;
/** A prompt, a read or a conversion, not a value: PowerShell's `Read-Host`, `Get-Secret`, `ConvertTo-SecureString`… */
const PROMPT_OR_READ =
  /^(?:Read-Host|(?:Get|ConvertTo|ConvertFrom|New|Import)-[A-Z][A-Za-z]*)(?![\w-])/;
/**
 * A file path given as the value (`--from-file=password=./db.txt`, `secret: /run/secrets/app`): where the
 * secret lives. An absolute one needs two segments of words (a capital only first: `/Users/dev`), which a
 * random value that starts with `/` (base64 does) almost never has.
 */
const PATH_VALUE = /^(?:(?:~|\.{1,2})\/[\w.-]+(?:\/[\w.-]+)*|(?:\/[A-Z]?[a-z0-9._-]+){2,})\/?$/;
/**
 * A type between a name and its value (`: str =`, `: String? =`, `: &'static str =`), or a nullable or
 * generic type with no value after it (`: String?`, `: Option<String>,`): group 1 is the `=`.
 */
const TYPE_ANNOTATION =
  /&?(?:'[a-z]+[ \t]+)?[A-Za-z_][\w.]*(?:<[^>\n]{0,40}>|\[\])?(?:\?(?=[ \t]*(?:=|[,;)\n]|$))|(?=[ \t]*=(?!=)))[ \t]*(=(?!=))?/y;
/** Tags whose value names where the secret lives: CloudFormation's, Home Assistant's `!secret`, `!env_var`. */
const REFERENCE_TAG =
  /^!(?:Ref|GetAtt|ImportValue|FindInMap|Sub|Join|Select|If|Base64|secret|env_var|include|vault)\b/;
const TYPE_DECLARATION = /\b(?:type|interface|enum|class|struct)[ \t]+$/;
/** A YAML tag before a value (`!!str`, `!secret`): the value is what follows it. */
const YAML_TAG = /^!!?[A-Za-z][\w.-]*[ \t]+/;

/** The span of the value assigned to a secret-naming key, or null when there is none worth hiding. */
export function parseAssignedValue(text: string, site: KeywordSite): ValueSpan | null {
  // `type Auth = 'account' | 'none'`, `enum Token {`: a type's name, not a variable's.
  if (TYPE_DECLARATION.test(text.slice(Math.max(0, site.start - 12), site.start))) return null;
  let j = site.end;
  // `<ns:password>`: a namespace prefix is not part of the element's name.
  const before =
    text[site.start - 1] === ':' &&
    XML_PREFIX.test(text.slice(Math.max(0, site.start - 40), site.start))
      ? '<'
      : text[site.start - 1];
  if (before === '<' && text[j] === '>') return xmlElementValue(text, j + 1);
  // `<clientSecret encrypted="false">…</clientSecret>`: attributes before the element's text.
  if (before === '<' && (text[j] === ' ' || text[j] === '\t')) {
    const attributes = XML_ATTRIBUTES.exec(text.slice(j, j + 200));
    return attributes === null ? null : xmlElementValue(text, j + attributes[0].length);
  }
  const encodedQuote = encodedQuoteBefore(text, site.start);
  const quotedName =
    (encodedQuote !== undefined && text.startsWith(encodedQuote, j)) ||
    (before !== undefined && QUOTES.includes(before) && text[j] === before);
  if (encodedQuote !== undefined && text.startsWith(encodedQuote, j)) j += encodedQuote.length;
  else if (before !== undefined && QUOTES.includes(before) && text[j] === before) {
    j++;
    const pairedValue = pairedQuotedValue(text, site.start - 1, j, site.isFlag);
    if (pairedValue !== undefined) return pairedValue;
    // `ENV["TOKEN"] = …`, `os.environ['API_KEY'] = …`, Perl's `$ENV{'TOKEN'} = …`
    if (text[j] === ']' || (text[j] === '}' && perlSubscript(text, site.start - 1))) j++;
  } else if (text.startsWith('\\"', j) && before === '"') j += 2;
  // Perl's hash subscript without quotes: `$ENV{DB_PASSWORD} = …`, `$conf{token} = …`.
  else if (before === '{' && text[j] === '}' && perlSubscript(text, site.start)) j++;

  const gapStart = j;
  while (text[j] === ' ' || text[j] === '\t') j++;
  // Pretty-printed JSON that puts the colon under its key: `"client_secret"⏎  : "…"`.
  if (quotedName && (text[j] === '\n' || text[j] === '\r')) {
    let k = j;
    while (
      k - j < MAX_INDENT &&
      (text[k] === '\n' || text[k] === '\r' || text[k] === ' ' || text[k] === '\t')
    )
      k++;
    if (text[k] === ':') j = k;
  }
  // C#'s auto-property with an initializer: `string Token { get; set; } = "…";`.
  if (text[j] === '{') j += ACCESSORS.exec(text.slice(j, j + 64))?.[0].length ?? 0;
  const spacedBefore = j > gapStart;
  let sep = OPERATORS.find((op) => text.startsWith(op, j));
  if (sep === undefined) {
    // `client_secret%3D…` in a URL-encoded query or form (a redirect's, a log's).
    const encodedEquals = text[j] === '%' ? ENCODED_EQUALS.exec(text.slice(j, j + 16)) : null;
    // An encoded `:` only after an encoded quote: URL-encoded JSON (`%22token%22%3A%22…%22`).
    if (encodedEquals !== null && (encodedEquals[1] === undefined || quotedName))
      return urlEncodedValue(text, j + encodedEquals[0].length);
    if (text[j] === '=' && text[j + 1] !== '=' && (text[j + 1] !== '~' || tildeValue(text, j)))
      sep = '=';
    else if (text[j] === ':' && text[j + 1] !== ':' && text[j + 1] !== '/') sep = ':';
    else if (
      spacedBefore &&
      (site.isFlag || isSetx(text, site.start)) &&
      j < text.length &&
      text[j] !== '\n'
    )
      sep = ' ';
    else if (text[j] === '|') return tableCellValue(text, site.start, j);
    else return namedValue(text, j);
  }
  j += sep === ' ' ? 0 : sep.length;
  const afterSep = j;
  while (text[j] === ' ' || text[j] === '\t') j++;
  const spaced = spacedBefore || j > afterSep;
  // A flag's value on the continued line: `--password \⏎  …`.
  if (sep === ' ' && text[j] === '\\' && (text[j + 1] === '\n' || text[j + 1] === '\r')) {
    j += text[j + 1] === '\r' && text[j + 2] === '\n' ? 3 : 2;
    while (text[j] === ' ' || text[j] === '\t') j++;
  }
  if (sep === ' ' && text[j] === '-') return null;
  // `wget --ask-password https://…`: a flag that takes no value, before the command's URL.
  if (sep === ' ' && URL_START.test(text.slice(j, j + 24))) return null;
  // `https://$GITHUB_TOKEN:x-oauth-basic@…`, `-u $USER:$PASSWORD`: a shell variable used, not a key set.
  if (sep === ':' && text[site.start - 1] === '$') return null;
  if (sep === ':' && text[j] === '!') {
    // `!Ref DbPassword`, `!secret db_password`: the value names where the secret lives.
    if (REFERENCE_TAG.test(text.slice(j, j + 16))) return null;
    j += YAML_TAG.exec(text.slice(j, j + 40))?.[0].length ?? 0;
  }
  if (sep === ':') {
    // A typed declaration (`password: str = "…"`, `val apiKey: String = "…"`): the value follows the type.
    TYPE_ANNOTATION.lastIndex = j;
    const typed = TYPE_ANNOTATION.exec(text);
    if (typed !== null) {
      if (typed[1] === undefined) return null;
      j += typed[0].length;
      while (text[j] === ' ' || text[j] === '\t') j++;
    }
  }
  const openQuote = encodedQuoteAt(text, j);
  if (openQuote !== undefined) return encodedQuoted(text, j, openQuote);
  // An INI or shell value under its key, on an indented line of its own: `password =⏎  …`,
  // `export API_TOKEN=\⏎  …`. A continued line is the shell's wherever the key is; a bare break
  // counts under a key that starts its line, or before a quoted literal (`$password =⏎    '…';`).
  // Makefile's operators continue the same way (`TOKEN := \⏎  …`).
  if (sep === '=' || sep === ':=' || sep === '?=' || sep === '::=') {
    const continued = text[j] === '\\' && (text[j + 1] === '\n' || text[j + 1] === '\r');
    const lineBreak = continued ? j + 1 : j;
    const broken =
      text[lineBreak] === '\n' || text[lineBreak] === '\r' || text.startsWith('\\n', lineBreak);
    if (
      broken &&
      (continued ||
        (sep === '=' &&
          (startsLine(text, site.start) ||
            QUOTED_NEXT_LINE.test(text.slice(lineBreak, lineBreak + 100)))))
    )
      return nextLineValue(text, lineBreak, site.start);
  }
  // C#'s verbatim string: `@"…"`.
  if (text[j] === '@' && text[j + 1] === '"') {
    const verbatim = verbatimValue(text, j + 1);
    return verbatim === null ? null : hideQuoted(text, verbatim);
  }

  if (
    sep === ':' &&
    (text[j] === '\n' ||
      text[j] === '\r' ||
      text[j] === '|' ||
      text[j] === '>' ||
      (text[j] === '\\' && text[j + 1] === 'n'))
  )
    return nextLineValue(text, j, site.start);
  const lineForm = sep !== ' ' && startsLine(text, site.start);
  // Python's and TOML's triple quotes: `'''…'''`, `"""…"""`.
  if (text.startsWith("'''", j) || text.startsWith('"""', j)) return tripleQuoted(text, j);
  // `SET password = crypt('…', gen_salt('bf'))`, `password_hash('…', PASSWORD_DEFAULT)`: what a hash
  // function is given under a secret name is the password in clear.
  if (text[j] === '(' && sep !== ' ') {
    // Python's value wrapped across lines: `password = (⏎    "…"⏎)`.
    const wrapped = /^\([ \t\r\n]{0,80}(?=["'])/.exec(text.slice(j, j + 84));
    if (wrapped !== null) {
      const inside = quotedValue(text, j + wrapped[0].length);
      if (inside) return hideQuoted(text, inside);
    }
  }
  // A heredoc: `password = <<EOF⏎…⏎EOF` (HCL, Ruby, a shell's).
  if (text[j] === '<' && text[j + 1] === '<') return heredocValue(text, j);
  // A literal's prefix: SQL Server's `N'…'`, Python's `b'…'` and `r"…"`.
  const prefix = LITERAL_PREFIX.exec(text.slice(j, j + 3));
  if (prefix !== null) j += prefix[0].length;
  LITERAL_CALL.lastIndex = j;
  const call = LITERAL_CALL.exec(text);
  if (call !== null) {
    const argument = quotedValue(text, j + call[0].length);
    return argument ? hideQuoted(text, argument) : null;
  }
  // Lua's long string: `password = [[…]]`, `[==[…]==]`.
  if (text[j] === '[' && (text[j + 1] === '[' || text[j + 1] === '=')) {
    const long = longBracketValue(text, j);
    if (long !== undefined) return long;
  }
  // A list of one literal: `"password": ["…"]`, not of a module's path (`PASSWORD_HASHERS = ['a.b.C']`).
  if (text[j] === '[') {
    const open = /^\[[ \t]*(?=["'])/.exec(text.slice(j, j + 8));
    const item = open === null ? undefined : quotedValue(text, j + open[0].length);
    if (item && /^[ \t]*\]/.test(text.slice(item.end + 1, item.end + 8))) {
      const value = text.slice(item.start, item.end);
      return value.includes('.') && IDENTIFIER_PATH.test(value) ? null : hideQuoted(text, item);
    }
  }
  const quoted = quotedValue(text, j);
  if (quoted !== undefined) return quoted === null ? null : hideQuoted(text, quoted);
  return unquotedValue(text, j, { lineForm, spaced, sep });
}

function tripleQuoted(text: string, at: number): ValueSpan | null {
  const start = at + 3;
  const end = text.indexOf(text.slice(at, start), start);
  if (end === -1 || end - start > MAX_QUOTED) return null;
  const value = text.slice(start, end).trim();
  if (value.length === 0 || /\s/.test(value)) return null;
  const from = text.indexOf(value, start);
  return hideQuoted(text, { start: from, end: from + value.length });
}

/**
 * Lua's long bracket from its `[`: `[[…]]` or `[==[…]==]` with one word inside (a password, a key), not
 * a nested array (`[[1, 2], [3]]`, whose body holds brackets and commas). undefined when it is no long
 * bracket; null when it holds no such word.
 */
function longBracketValue(text: string, at: number): ValueSpan | null | undefined {
  const open = /^\[(=*)\[/.exec(text.slice(at, at + 16));
  if (open === null) return undefined;
  const start = at + open[0].length;
  // Searched in a bounded stretch: many unclosed brackets on one long line would each read to its end.
  const close = text.slice(start, start + MAX_QUOTED).indexOf(`]${open[1]}]`);
  if (close === -1) return undefined;
  const end = start + close;
  const body = text.slice(start, end);
  if (/[[\],"']/.test(body)) return undefined;
  const value = body.trim();
  if (value.length === 0 || /\s/.test(value)) return null;
  const from = start + body.indexOf(value);
  return hideQuoted(text, { start: from, end: from + value.length });
}

/** Perl's hash subscript (`$ENV{…}`, `$conf{…}`): the `{` at `open` follows a word, as no template's slot does. */
const perlSubscript = (text: string, name: number): boolean =>
  text[name - 1] === '{' && /\w/.test(text[name - 2] ?? '');

/**
 * `--api-secret=~Ux3w…`: a value that starts with `~`, glued to the `=` and going on with a letter or
 * digit, not Perl's or Ruby's match (`$token =~ /…/`) nor a home path (`=~/x`).
 */
const tildeValue = (text: string, eq: number): boolean =>
  /[\w-]/.test(text[eq - 1] ?? '') && /^[A-Za-z0-9]/.test(text.slice(eq + 2, eq + 3));

/** A YAML block scalar's indicator (`|`, `>-`, `|2`) or nothing, to the line's end. */
const BLOCK_OPENER = /^([|>][-+]?\d?)?[ \t]*(?:\r?\n|\\n)(?:[ \t]*\r?\n)?/;
/** The next line holds a quoted literal, indented. */
const QUOTED_NEXT_LINE = /^(?:\r?\n|\\n)[ \t]+["'`]/;
const MAX_INDENT = 80;

/**
 * YAML's value on the line under its key: `password:⏎  …`, a block scalar `token: |⏎  …`. The line must
 * be indented deeper than the key's, and hold no key of its own (`auth:⏎  token: …` is a mapping) nor a
 * list item.
 */
function nextLineValue(text: string, at: number, keyStart: number): ValueSpan | null {
  const opener = BLOCK_OPENER.exec(text.slice(at, at + 8));
  if (opener === null) return null;
  const lineStart = at + opener[0].length;
  let indent = 0;
  while (
    indent < MAX_INDENT &&
    (text[lineStart + indent] === ' ' || text[lineStart + indent] === '\t')
  )
    indent++;
  // The key's line's own indent (a real or a JSON-escaped line break before it).
  const keyLine = lineBefore(text, keyStart);
  const keyIndent = /^[ \t]*/.exec(keyLine)![0].length;
  if (indent <= keyIndent) return null;
  const start = lineStart + indent;
  const first = text[start];
  if (first === undefined || first === '-' || first === '#' || first === '\n' || first === '\r')
    return null;
  let end = start;
  while (end < text.length && text[end] !== '\n' && !(text[end] === '\\' && text[end + 1] === 'n'))
    end++;
  const quoted = quotedValue(text, start);
  if (quoted !== undefined) return quoted === null ? null : hideQuoted(text, quoted);
  // A mapping under the key whose one field holds it: `password:⏎  value: …` (Helm's, Kubernetes-style).
  if (opener[1] === undefined) {
    const field = VALUE_FIELD.exec(text.slice(start, Math.min(end, start + 200)));
    if (field !== null) {
      const at = start + field[0].length;
      const inner = quotedValue(text, at);
      if (inner !== undefined) return inner === null ? null : hideQuoted(text, inner);
      return unquotedValue(text, at, { lineForm: true, spaced: true, sep: ':' });
    }
  }
  // One token (up to a quote that closes the string the YAML is in): a line of words under the key
  // is prose (`api_key: >⏎  see the vault entry`).
  const line = (text.slice(start, end).split(/\\?"/)[0] ?? '').trim();
  if (opener[1] === undefined && line.endsWith(':')) return null;
  if (/\s/.test(line)) {
    // Words after the value: only a first word that looks generated is taken (`…⏎    Xk29…q for deploy`).
    const first = /^\S{8,128}/.exec(line)?.[0];
    if (
      first === undefined ||
      !/\d/.test(first) ||
      !/[A-Za-z]/.test(first) ||
      REFERENCE.test(first)
    )
      return null;
    return { start, end: start + first.length };
  }
  return unquotedValue(text, start, { lineForm: true, spaced: true, sep: ':' });
}

const VALUE_FIELD = /^(?:value|plain|plaintext|raw|current)[ \t]*:[ \t]+/;

/** The text of the line before `at` (after a real or a JSON-escaped break), at most MAX_INDENT + 80 of it. */
function lineBefore(text: string, at: number): string {
  const window = text.slice(Math.max(0, at - MAX_INDENT - 80), at);
  const escaped = window.lastIndexOf('\\n');
  return window.slice(Math.max(window.lastIndexOf('\n') + 1, escaped === -1 ? 0 : escaped + 2));
}

/**
 * Windows `setx NAME value`, a Dockerfile's `ENV NAME value`, git's `git config NAME value`, and a tool's `config set NAME value` (`aws configure set`, `npm config set
 * //host/:_authToken …`, `dotnet user-secrets set "Api:Token" …`).
 */
function isSetx(text: string, keyStart: number): boolean {
  const before = text.slice(Math.max(0, keyStart - 64), keyStart);
  // A Dockerfile's `ENV NAME value` (its older form, without `=`).
  if (before.includes('ENV') && /(?:^|\n)[ \t]*ENV[ \t]+$/.test(before)) return true;
  // Most names have no `set` before them: one search, not a regex tried at every character.
  return (
    (before.includes('set') || before.includes('SET') || before.includes('git')) &&
    SET_COMMAND.test(before)
  );
}
const SET_COMMAND =
  /(?:(?:^|\n)[ \t]*setx|\b(?:config(?:ure)?|user-secrets)[ \t]+set(?:[ \t]+--?[\w-]+)*|\bgit[ \t]+config(?:[ \t]+--?[\w-]+)*)[ \t]+["']?(?:[^\s"']*:)?$/i;

/**
 * A call that is given the value in clear, up to the quote of its first argument: a hash function
 * (SQL's, PHP's, Python's…: `crypt('…', …)`) or a wrapper or conversion (`String::from("…")`,
 * `SecretStr("…")`, `Buffer.from("…")`, `str("…")`).
 */
const LITERAL_CALL =
  /(?:new[ \t]+)?(?:[A-Za-z_]\w*(?:::|\.))*(?:crypt|md5|sha1|sha2|sha256|sha512|password|old_password|encrypt|aes_encrypt|des_encrypt|digest|hash|hashpw|bcrypt|hash_password|password_hash|make_password|generate_password_hash|pgp_sym_encrypt|from|new|of|valueOf|string|str|secret\w*|sensitive\w*|some|bytes)[ \t]*\([ \t]*[bu]?(?=["'])/iy;

const URL_START = /^[A-Za-z][\w+.-]*:\/\//;

const LITERAL_PREFIX = /^(?:[NbBrRuU]|[bB][rR]|[rR][bB])(?=["'])/;
const HEREDOC = /^<<[-~]?[ \t]*(["']?)([A-Za-z_]\w*)\1[ \t]*\r?\n/;

/** A heredoc's body when it is one word: the value; a body of words is text, not a secret. */
function heredocValue(text: string, at: number): ValueSpan | null {
  const opener = HEREDOC.exec(text.slice(at, at + 80));
  if (opener === null) return null;
  const start = at + opener[0].length;
  const close = new RegExp(`\\n[ \\t]*${opener[2]}[ \\t]*(?:\\r?\\n|$)`).exec(
    text.slice(start - 1, start + MAX_QUOTED),
  );
  if (close === null) {
    // Cut before its end (a quoted line, a log's): a first line of one generated-looking word.
    const line = /^[ \t]*(\S{8,128})[ \t]*(?:\r?\n|$)/.exec(text.slice(start, start + 160));
    const word = line?.[1];
    if (word === undefined || !/\d/.test(word) || !/[A-Za-z]/.test(word)) return null;
    const from = start + line![0].indexOf(word);
    return hideQuoted(text, { start: from, end: from + word.length });
  }
  const body = text.slice(start, start - 1 + close.index);
  const value = body.trim();
  if (value.length === 0 || /\s/.test(value)) return null;
  const from = start + body.indexOf(value);
  return hideQuoted(text, { start: from, end: from + value.length });
}

/** A reference written URL-encoded: `%24%7BAPI_KEY%7D` is `${API_KEY}`, `%3Cyour-token%3E` is `<your-token>`. */
function isEncodedReference(value: string): boolean {
  if (!/^%(?:25)?(?:24|3[cC]|7[bB])/.test(value)) return false;
  try {
    const decoded = decodeURIComponent(decodeURIComponent(value));
    return REFERENCE.test(decoded) || decoded.startsWith('${');
  } catch {
    return false;
  }
}

/** `=` (or `:`, group 1) URL-encoded, once or twice, and encoded spaces after it. */
const ENCODED_EQUALS = /^%(?:25)?3(?:[dD]|([aA]))(?:%(?:25)?20)*/;
/** What ends a URL-encoded value: an encoded `&`, space, quote, comma, `;`, line break, bracket or brace. */
const ENCODED_END = /^%(?:25)?(?:2[0267cC]|29|3[bBcCeE]|0[9aAdD]|[57][dD])/;

/** The value after an encoded `=`, up to what ends it encoded or not. */
function urlEncodedValue(text: string, at: number): ValueSpan | null {
  const openQuote = encodedQuoteAt(text, at);
  if (openQuote !== undefined) return encodedQuoted(text, at, openQuote);
  let end = at;
  while (end < text.length && ENDS_INLINE[text.charCodeAt(end)] === 0) {
    if (text.charCodeAt(end) === 37 && ENCODED_END.test(text.slice(end, end + 5))) break;
    end++;
  }
  if (end === at || isEncodedReference(text.slice(at, end))) return null;
  return unquotedValue(text.slice(0, end), at, { lineForm: false, spaced: false, sep: '=' });
}

/**
 * Quotes written as escapes or entities: JSON inside a string (`\u0022`), C's and Python's `\x22`,
 * HTML's `&quot;`, a URL's `%22`, JSON escaped twice (`\\\"`). A name between two of them is a quoted name, and a value between
 * two a quoted value.
 */
const ENCODED_QUOTES = [
  '\\\\\\"',
  '\\u0022',
  '\\u0027',
  '\\x22',
  '\\x27',
  '&quot;',
  '&#34;',
  '&#x22;',
  '&#39;',
  '&#x27;',
  '&apos;',
  '%22',
  '%27',
];

/** The encoded quote that starts at `at`, if one does. */
function encodedQuoteAt(text: string, at: number): string | undefined {
  const c = text.charCodeAt(at);
  if (c !== 92 && c !== 38 && c !== 37) return undefined;
  return ENCODED_QUOTES.find((q) => text.startsWith(q, at));
}

/** The encoded quote that ends just before `at`, if one does. */
function encodedQuoteBefore(text: string, at: number): string | undefined {
  const c = text.charCodeAt(at - 1);
  if (c !== 50 && c !== 55 && c !== 59 && c !== 34) return undefined;
  return ENCODED_QUOTES.find((q) => at >= q.length && text.startsWith(q, at - q.length));
}

/** The text between an encoded quote at `at` and the same quote closing it on its line. */
function encodedQuoted(text: string, at: number, quote: string): ValueSpan | null {
  const start = at + quote.length;
  const end = text.indexOf(quote, start);
  if (end === -1 || end === start || end - start > MAX_QUOTED) return null;
  const newline = text.indexOf('\n', start);
  if (newline !== -1 && newline < end) return null;
  if (quote.startsWith('%') && isEncodedReference(text.slice(start, end))) return null;
  return hideQuoted(text, { start, end });
}

/**
 * A secret name given as the name of a name/value pair: `{"name": "API_TOKEN", "value": "…"}`,
 * `- name: DEPLOY_TOKEN⏎  value: …` (Kubernetes env, CI variables), `variable "db_password" {⏎  default = "…"`,
 * `<name>fs.s3a.secret.key</name><value>…</value>`.
 */
function namedValue(text: string, at: number): ValueSpan | null {
  const rest = text.slice(at, at + 200);
  const sameLine = /^["']?\s*,\s*\\?["']value\\?["']\s*:\s*/.exec(rest);
  if (sameLine) {
    const quoted = quotedValue(text, at + sameLine[0].length);
    return quoted ? hideQuoted(text, quoted) : null;
  }
  // Hadoop's `<name>fs.s3a.secret.key</name><value>…</value>`, a plist's `<key>token</key><string>…</string>`.
  const element = /^<\/(?:name|key)>\s*<(?:value|string)>/.exec(rest);
  if (element) return xmlElementValue(text, at + element[0].length);
  const nextLine =
    /^["']?[ \t]*\{?[ \t]*\r?\n[ \t]*(?:-[ \t]+)?["']?(?:value|default)["']?[ \t]*[:=][ \t]*/.exec(
      rest,
    );
  if (!nextLine) return null;
  const start = at + nextLine[0].length;
  const quoted = quotedValue(text, start);
  if (quoted !== undefined) return quoted === null ? null : hideQuoted(text, quoted);
  return unquotedValue(text, start, { lineForm: true, spaced: false, sep: ':' });
}

const ACCESSORS =
  /^\{[ \t]*(?:(?:private|protected|internal)[ \t]+)?(?:get|set|init)[ \t]*;(?:[ \t]*(?:(?:private|protected|internal)[ \t]+)?(?:get|set|init)[ \t]*;)?[ \t]*\}[ \t]*(?==(?![=>]))/;

/** Assignment operators of common languages beyond `=` and `:` (Makefile, Go, PHP, R, Ruby, Perl, BNF). */
const OPERATORS = [':::=', '::=', ':=', '=>', '?=', '.=', '+=', '||=', '<-'];

const XML_PREFIX = /<[A-Za-z_][\w.-]*:$/;
const XML_ATTRIBUTES = /^(?:[ \t]+[\w:.-]+=(?:"[^"\n]*"|'[^'\n]*'))+[ \t]*>/;

/** `<password>…</password>`: the element's text up to the next tag. */
function xmlElementValue(text: string, start: number): ValueSpan | null {
  // `<password><![CDATA[…]]></password>`: the section's text is the element's.
  if (text.startsWith('<![CDATA[', start)) {
    const from = start + 9;
    const inside = text.slice(from, from + MAX_QUOTED).indexOf(']]>');
    const close = from + inside;
    if (inside === -1 || text[close + 3] !== '<') return null;
    const value = text.slice(from, close);
    if (value.length === 0 || /\s/.test(value) || REFERENCE.test(value)) return null;
    return { start: from, end: close };
  }
  const end = text.indexOf('<', start);
  // Up to its closing tag: `<token>"` in prose is no element.
  if (end === -1 || end - start > MAX_QUOTED || text[end + 1] !== '/') return null;
  const value = text.slice(start, end);
  const trimmed = value.trim();
  if (trimmed.length === 0 || trimmed.includes('\n') || REFERENCE.test(trimmed)) return null;
  // The text on a line of its own between the tags: `<authKey>⏎  …⏎</authKey>`.
  const from = start + value.indexOf(trimmed);
  return { start: from, end: from + trimmed.length };
}

/**
 * A quoted secret name paired with a quoted value: `setProperty("db.password", "…")`,
 * `put('api_key', '…')`, `<add key="ClearTextPassword" value="…" />`, `<entry key="token">…</entry>`.
 * undefined when the name is not in such a pair.
 */
function pairedQuotedValue(
  text: string,
  openQuote: number,
  afterQuote: number,
  isFlag: boolean,
): ValueSpan | null | undefined {
  const rest = text.slice(afterQuote, afterQuote + 24);
  const attribute = /^\s+value\s*=\s*/i.exec(rest);
  if (attribute) {
    const quoted = quotedValue(text, afterQuote + attribute[0].length);
    return quoted ? hideQuoted(text, quoted) : null;
  }
  if (rest.startsWith('>') && text[openQuote - 1] === '=')
    return xmlElementValue(text, afterQuote + 1);
  const argument = /^\s*,\s*/.exec(rest);
  // A flag's value as the next item of an argument list: `["--db-password", "…"]`.
  if (argument && (isFlag || /\(\s*$/.test(text.slice(Math.max(0, openQuote - 8), openQuote)))) {
    const quoted = quotedValue(text, afterQuote + argument[0].length);
    if (quoted === undefined) return undefined;
    return quoted ? hideQuoted(text, quoted) : null;
  }
  return undefined;
}

function startsLine(text: string, keyStart: number): boolean {
  let k = keyStart;
  if (k > 0 && QUOTES.includes(text.charAt(k - 1))) k--;
  const from = Math.max(0, k - 40);
  const window = text.slice(from, k);
  const escapedBreak = window.lastIndexOf('\\n');
  const lineStart = Math.max(
    window.lastIndexOf('\n') + 1,
    window.lastIndexOf('\r') + 1,
    escapedBreak === -1 ? 0 : escapedBreak + 2,
  );
  if (lineStart === 0 && from > 0) return false;
  return LINE_PREFIX.test(window.slice(lineStart));
}

/** undefined: not quoted; null: quoted but empty or unterminated on its line. */
export function quotedValue(text: string, at: number): ValueSpan | null | undefined {
  const escaped = text.startsWith('\\"', at);
  const quote = escaped ? '\\"' : text[at];
  if (quote === undefined || (!escaped && !QUOTES.includes(quote))) return undefined;
  const start = at + quote.length;
  const limit = Math.min(text.length, start + MAX_QUOTED);
  for (let k = start; k < limit; k++) {
    const c = text[k];
    if (c === '\n') return null;
    if (escaped) {
      if (c === '\\' && text[k + 1] === '"') return k === start ? null : { start, end: k };
      if (c === '\\') k++;
      continue;
    }
    if (c === '\\') {
      k++;
      continue;
    }
    if (c === quote) return k === start ? null : { start, end: k };
  }
  return null;
}

export function hideQuoted(text: string, span: ValueSpan): ValueSpan | null {
  let { start } = span;
  const scheme = AUTH_SCHEME.exec(text.slice(start, Math.min(span.end, start + 16)));
  if (scheme) start += scheme[0].length;
  const value = text.slice(start, span.end);
  if (value.length === 0 || REFERENCE.test(value) || value.startsWith('${')) return null;
  // A shell's command substitution in backquotes: `` TOKEN=`cat /run/secrets/token` ``.
  if (text[span.start - 1] === '`' && COMMAND_READ.test(value)) return null;
  if (FORMAT_SLOT.test(value) || isMessage(value)) return null;
  return { start, end: span.end };
}

/** Commands that read a secret from where it lives. */
const COMMAND_READ =
  /^(?:cat|head|echo|printenv|op|pass|gopass|lpass|bw|vault|aws|gcloud|az|kubectl|security|openssl|base64|jq|yq|sops|keyring|secret-tool|gh|doppler)[ \t]/;
/** A format string's slot: `"%s"`, `"{}"`, `"{0}"`, `"((vault-password))"` (Concourse). */
const FORMAT_SLOT = /^(?:%[sdrv]|\{\d*\}|\(\([\w./-]+\)\))$/;
/** Words a sentence has and a passphrase rarely does. */
const MESSAGE_WORDS =
  /(?:^|\s)(?:is|are|was|the|your|a|an|to|for|of|not|please|enter|required|must|invalid|incorrect|wrong|missing|cannot|can't|should|be)(?=\s|$)/i;

/** `"Please enter your password"`, `"Token is invalid."`: a message about a secret, not one. */
function isMessage(value: string): boolean {
  if (value.length > 200 || (value.match(/ /g)?.length ?? 0) < 2) return false;
  if (!/^[A-Za-z][A-Za-z' ,]*[A-Za-z.!?:]$/.test(value) || !MESSAGE_WORDS.test(value)) return false;
  // Said to someone: it ends as a sentence does, or opens as a prompt or an error does.
  return (
    /[.!?:]$/.test(value) ||
    /^(?:please|enter|invalid|incorrect|wrong|missing|your|the)\s/i.test(value)
  );
}

interface UnquotedContext {
  readonly lineForm: boolean;
  readonly spaced: boolean;
  readonly sep: string;
}

function unquotedValue(text: string, at: number, ctx: UnquotedContext): ValueSpan | null {
  const stop = ctx.lineForm ? ENDS_LINE : ENDS_INLINE;
  // `api_key: # fill me in`: after a space, `#` opens a comment, not a value.
  if (ctx.lineForm && ctx.spaced && text[at] === '#' && /[ \t]/.test(text[at + 1] ?? ' '))
    return null;
  let end = at;
  while (end < text.length && stop[text.charCodeAt(end)] === 0) end++;
  let start = at;
  if (ctx.lineForm) {
    const comment = text.slice(at, end).search(/\s#/);
    if (comment !== -1) end = at + comment;
    while (end > start && /\s/.test(text.charAt(end - 1))) end--;
  }
  let value = text.slice(start, end);
  const scheme = AUTH_SCHEME.exec(value);
  if (scheme) {
    start += scheme[0].length;
    // `Token token="…"`, `Digest username="…", response="…"`: the scheme's parameters are assignments of
    // their own, each judged by its name, and a `$X` among them stays visible.
    if (SCHEME_PARAMETER.test(text.slice(start, start + 40))) return null;
    if (!ctx.lineForm) {
      end = start;
      while (end < text.length && ENDS_INLINE[text.charCodeAt(end)] === 0) end++;
    }
    value = text.slice(start, end);
  }
  // `PGPASSWORD=… psql -h db`: a value set for one command ends where the command starts.
  if (ctx.lineForm && ctx.sep === '=' && !ctx.spaced) {
    const gap = value.search(/[ \t]/);
    if (gap > 0 && COMMAND_AFTER.test(value.slice(gap))) {
      end = start + gap;
      value = value.slice(0, gap);
    }
  }
  let trailingPunctuation = false;
  if (ctx.lineForm && /[;,]$/.test(value)) {
    trailingPunctuation = true;
    value = value.slice(0, -1);
    end--;
  }
  if (value.length === 0 || REFERENCE.test(value) || NOT_VALUES.has(value.toLowerCase()))
    return null;
  if (/^\d{1,5}$/.test(value) || /^[{[(]/.test(value) || CALL.test(value)) return null;
  if (PROMPT_OR_READ.test(value) || PATH_VALUE.test(value)) return null;
  if (CODE_EXPRESSION.test(value)) return null;
  if (looksLikeCodeReference(value, text[end], ctx, trailingPunctuation)) return null;
  return { start, end };
}

/**
 * An expression, not a value: `++this.tokens`, `string | null`, `config.key ?? 'none'`,
 * `doc?.auth`, `a ? b : c` (an unquoted secret holds no operator between spaces).
 */
const CODE_EXPRESSION =
  /^(?:\+\+|--|await\s|new\s|typeof\s)|[\w)\]]\?\.[\w(]|\s(?:\?\?|\|\||&&)(?:\s|$)|\s(?:\?|\||===?|!==?)\s+[\w'"(]/;

/** Digits inside letters twice over (`fsPe5k0g0.kKry`): generated, where names have a number at most at a word's end. */
const GENERATED_PART = /[A-Za-z]\d+[A-Za-z]+\d/;
/**
 * A digit a lower-case letter follows, in a value with capitals (`G9i.fCExq_Lg`): generated. A name's
 * digits end a word (`s3Client`, `oauth2Token`, `ec2_host`) or stand in one-case words (`md5sum`).
 */
const GENERATED_MIXED = (value: string): boolean => /\d[a-z]/.test(value) && /[A-Z]/.test(value);

/** `token = accessToken`, `password: config.db.password`, `secret: getSecret()` are code, not secrets. */
function looksLikeCodeReference(
  value: string,
  next: string | undefined,
  ctx: UnquotedContext,
  trailingPunctuation: boolean,
): boolean {
  if (!IDENTIFIER_PATH.test(value) || GENERATED_PART.test(value) || GENERATED_MIXED(value))
    return false;
  if (value.includes('.') || value.includes('::') || next === '(' || next === '[') return true;
  if (/\d/.test(value)) return false;
  if (!ctx.lineForm) return true;
  // On its own line: `.env`/YAML assignments are values, spaced `=` or a trailing `;` is code.
  return trailingPunctuation || (ctx.sep === '=' && ctx.spaced);
}

/** `@"…"` from its quote: `""` is a quote inside it and a backslash is itself; null when empty or not closed on its line. */
function verbatimValue(text: string, quote: number): ValueSpan | null {
  const start = quote + 1;
  const limit = Math.min(text.length, start + MAX_QUOTED);
  for (let k = start; k < limit; k++) {
    const c = text[k];
    if (c === '\n') return null;
    if (c !== '"') continue;
    if (text[k + 1] === '"') {
      k++;
      continue;
    }
    return k === start ? null : { start, end: k };
  }
  return null;
}

/**
 * A Markdown table row: the cell beside the one that names a secret (`| DB_PASSWORD | … |`) holds its
 * value. Not in a header row (the next line is the `|---|` rule), and not a description (words with
 * spaces), a reference or a type.
 */
function tableCellValue(text: string, keyStart: number, bar: number): ValueSpan | null {
  const lineStart = text.lastIndexOf('\n', keyStart - 1) + 1;
  if (!/^[ \t]*\|(?:[^|\n]*\|)*[ \t`]*$/.test(text.slice(lineStart, keyStart))) return null;
  let lineEnd = text.indexOf('\n', bar);
  if (lineEnd === -1) lineEnd = text.length;
  if (TABLE_RULE.test(text.slice(lineEnd + 1, lineEnd + 200))) return null;
  let start = bar + 1;
  let end = text.indexOf('|', start);
  if (end === -1 || end > lineEnd) end = lineEnd;
  while (start < end && (text[start] === ' ' || text[start] === '\t')) start++;
  while (end > start && /\s/.test(text.charAt(end - 1))) end--;
  if (end - start >= 2 && text[start] === '`' && text[end - 1] === '`') {
    start++;
    end--;
  }
  const value = text.slice(start, end);
  if (
    value.length === 0 ||
    /\s/.test(value) ||
    REFERENCE.test(value) ||
    NOT_VALUES.has(value.toLowerCase())
  )
    return null;
  if (
    /^\d{1,5}$/.test(value) ||
    PATH_VALUE.test(value) ||
    looksLikeCodeReference(value, undefined, TABLE_CELL, false)
  )
    return null;
  return { start, end };
}

/** The rule under a Markdown table's header: `|---|:--:|`. */
const TABLE_RULE = /^[ \t]*\|?[ \t]*:?-{3,}/;
const TABLE_CELL: UnquotedContext = { lineForm: false, spaced: true, sep: '|' };
