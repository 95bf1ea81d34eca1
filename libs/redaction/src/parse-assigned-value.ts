import type { KeywordSite } from './keyword-sites';

export interface ValueSpan {
  readonly start: number;
  readonly end: number;
}

const QUOTES = `"'\``;
/** Characters that end an unquoted value in the middle of a line. */
const INLINE_END = /[\s,;&)}\]"'`<>(\\]/;
/** Characters that end an unquoted value on a `.env`/YAML line. */
const LINE_END = /[\r\n\\"'`]/;
const MAX_QUOTED = 8192;
const LINE_PREFIX = /^[ \t]*(?:(?:export|set|setx|declare|local|readonly|ENV|-)[ \t]+)?$/;
const AUTH_SCHEME = /^(?:Bearer|Basic|Token|Digest)[ \t]+/i;

/** Values that say what a thing is, not what it holds. */
const NOT_VALUES = new Set([
  'true', 'false', 'null', 'none', 'nil', 'undefined', 'yes', 'no', 'on', 'off', 'string', 'str',
  'number', 'int', 'integer', 'float', 'bool', 'boolean', 'any', 'unknown', 'object', 'bytes',
  'optional', 'required', 'void', 'never', 'redacted', 'hidden', 'masked',
]);

/** References and stand-ins: `$TOKEN`, `${X}`, `%X%`, `<your-token>`, `{{ secret }}`, `****`, `xxx`. */
const REFERENCE = /^(?:\$|%[A-Za-z_]+%$|<|\{\{|\[REDACTED:|\*+$|x{3,}$|\.\.\.$|…|[|>][-+]?$)/i;
const IDENTIFIER_PATH = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/;
const CALL = /^(?:(?:await|new|yield|return)\s+)?[A-Za-z_$][\w$.]*[([]/;

/** The span of the value assigned to a secret-naming key, or null when there is none worth hiding. */
export function parseAssignedValue(text: string, site: KeywordSite): ValueSpan | null {
  let j = site.end;
  const before = text[site.start - 1];
  if (before !== undefined && QUOTES.includes(before) && text[j] === before) j++;
  else if (text.startsWith('\\"', j) && before === '"') j += 2;

  const gapStart = j;
  while (text[j] === ' ' || text[j] === '\t') j++;
  const spacedBefore = j > gapStart;
  let sep: string;
  if (text.startsWith(':=', j) || text.startsWith('=>', j)) sep = text.slice(j, j + 2);
  else if (text[j] === '=' && text[j + 1] !== '=' && text[j + 1] !== '~') sep = '=';
  else if (text[j] === ':' && text[j + 1] !== ':' && text[j + 1] !== '/') sep = ':';
  else if (site.isFlag && spacedBefore && j < text.length && text[j] !== '\n') sep = ' ';
  else return null;
  j += sep === ' ' ? 0 : sep.length;
  const afterSep = j;
  while (text[j] === ' ' || text[j] === '\t') j++;
  const spaced = spacedBefore || j > afterSep;
  if (sep === ' ' && text[j] === '-') return null;

  const lineForm = sep !== ' ' && startsLine(text, site.start);
  const quoted = quotedValue(text, j);
  if (quoted !== undefined) return quoted === null ? null : hideQuoted(text, quoted);
  return unquotedValue(text, j, { lineForm, spaced, sep });
}

function startsLine(text: string, keyStart: number): boolean {
  let k = keyStart;
  if (k > 0 && QUOTES.includes(text[k - 1]!)) k--;
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
function quotedValue(text: string, at: number): ValueSpan | null | undefined {
  const escaped = text.startsWith('\\"', at);
  const quote = escaped ? '\\"' : text[at];
  if (!escaped && (quote === undefined || !QUOTES.includes(quote))) return undefined;
  const start = at + quote!.length;
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

function hideQuoted(text: string, span: ValueSpan): ValueSpan | null {
  let { start } = span;
  const scheme = AUTH_SCHEME.exec(text.slice(start, Math.min(span.end, start + 16)));
  if (scheme) start += scheme[0].length;
  const value = text.slice(start, span.end);
  if (value.length === 0 || REFERENCE.test(value) || value.startsWith('${')) return null;
  return { start, end: span.end };
}

interface UnquotedContext {
  readonly lineForm: boolean;
  readonly spaced: boolean;
  readonly sep: string;
}

function unquotedValue(text: string, at: number, ctx: UnquotedContext): ValueSpan | null {
  const stop = ctx.lineForm ? LINE_END : INLINE_END;
  let end = at;
  while (end < text.length && !stop.test(text[end]!)) end++;
  let start = at;
  if (ctx.lineForm) {
    const comment = text.slice(at, end).search(/\s#/);
    if (comment !== -1) end = at + comment;
    while (end > start && /\s/.test(text[end - 1]!)) end--;
  }
  let value = text.slice(start, end);
  const scheme = AUTH_SCHEME.exec(value);
  if (scheme) {
    start += scheme[0].length;
    if (!ctx.lineForm) {
      end = start;
      while (end < text.length && !INLINE_END.test(text[end]!)) end++;
    }
    value = text.slice(start, end);
  }
  let trailingPunctuation = false;
  if (ctx.lineForm && /[;,]$/.test(value)) {
    trailingPunctuation = true;
    value = value.slice(0, -1);
    end--;
  }
  if (value.length === 0 || REFERENCE.test(value) || NOT_VALUES.has(value.toLowerCase())) return null;
  if (/^\d{1,5}$/.test(value) || /^[{[(]/.test(value) || CALL.test(value)) return null;
  if (looksLikeCodeReference(value, text[end], ctx, trailingPunctuation)) return null;
  return { start, end };
}

/** `token = accessToken`, `password: config.db.password`, `secret: getSecret()` are code, not secrets. */
function looksLikeCodeReference(
  value: string,
  next: string | undefined,
  ctx: UnquotedContext,
  trailingPunctuation: boolean,
): boolean {
  if (!IDENTIFIER_PATH.test(value)) return false;
  if (value.includes('.') || next === '(' || next === '[') return true;
  if (/\d/.test(value)) return false;
  if (!ctx.lineForm) return true;
  // On its own line: `.env`/YAML assignments are values, spaced `=` or a trailing `;` is code.
  return trailingPunctuation || (ctx.sep === '=' && ctx.spaced);
}
