import { looksRandom, UUID } from './entropy';
import type { KeywordSite } from './keyword-sites';
import { type Candidate, RANK_ENTROPY, RANK_SHAPE, type SecretKind } from './secret-kind';

/** Starts on a letter, digit, + or / (not the n of an escaped \\n) so the `=` of `KEY=value` is never swallowed; base64 padding may end it. */
const CANDIDATE = /(?<!\\)[A-Za-z0-9+/][A-Za-z0-9+/_.-]{19,}={0,2}/g;
const PLACEHOLDER_START = '[REDACTED:';
const AFTER_CHARS = 160;
const AFTER_WORDS = 4;
const BEFORE_CHARS = 80;
const BEFORE_WORDS = 2;
/** Same line only: reaching into the next line caught unrelated ids (a JSON "id" after a heroku note). */
const PROVIDER_CHARS = 240;
const PROVIDER_WORDS = 8;

/**
 * Random-looking strings next to a word that names a secret ("my token is …"),
 * and provider-shaped values near the provider's name (a UUID near "heroku",
 * 32 hex near "twilio", 40 base64 near "aws").
 *
 * Windows stop at a placeholder so a second pass never sees more than the first
 * (idempotency): the text up to the first placeholder is unchanged.
 */
export function detectHighEntropy(text: string, sites: readonly KeywordSite[]): Candidate[] {
  const found: Candidate[] = [];
  for (const site of sites) {
    if (site.nameKind !== null) {
      scan(text, after(text, site.end, AFTER_CHARS, AFTER_WORDS), (c) => (looksRandom(c) ? 'high_entropy' : null), RANK_ENTROPY, found);
      scan(text, before(text, site.start), (c) => (looksRandom(c) ? 'high_entropy' : null), RANK_ENTROPY, found);
    }
    if (site.provider !== null) {
      const provider = site.provider;
      const window = after(text, site.end, PROVIDER_CHARS, PROVIDER_WORDS);
      scan(text, window, (c) => providerKind(provider, c), RANK_SHAPE, found);
    }
  }
  return found;
}

function providerKind(provider: 'aws' | 'heroku' | 'twilio', c: string): SecretKind | null {
  switch (provider) {
    case 'heroku':
      return UUID.test(c) ? 'heroku_api_key' : null;
    case 'twilio':
      return /^[0-9a-f]{32}$/.test(c) ? 'twilio_auth_token' : null;
    case 'aws':
      return /^[A-Za-z0-9/+]{40}$/.test(c) && /\d/.test(c) && /[a-z]/.test(c) && /[A-Z]/.test(c)
        ? 'aws_secret_key'
        : null;
    default: {
      const _never: never = provider;
      return _never;
    }
  }
}

interface Window {
  readonly start: number;
  readonly end: number;
}

function scan(
  text: string,
  window: Window,
  classify: (candidate: string) => SecretKind | null,
  rank: Candidate['rank'],
  out: Candidate[],
): void {
  if (window.end - window.start < 20) return;
  const slice = text.slice(window.start, window.end);
  const candidate = new RegExp(CANDIDATE);
  let m: RegExpExecArray | null;
  while ((m = candidate.exec(slice)) !== null) {
    // The slice hides a backslash just before the window: `\nabc…` must not start at the n.
    const skip = m.index === 0 && text[window.start - 1] === '\\' && /[nrt]/.test(m[0][0]!) ? 1 : 0;
    // A full stop (or dash) closing a sentence is not part of the value: "…key is 9aeb…48c."
    const value = m[0].slice(skip).replace(/[._-]+$/, '');
    const kind = classify(value);
    const start = window.start + m.index + skip;
    if (kind !== null) out.push({ kind, start, end: start + value.length, rank });
  }
}

/** Up to `words` words after `from` on the same line, within `chars`, not past a placeholder. */
function after(text: string, from: number, chars: number, words: number): Window {
  let end = Math.min(text.length, from + chars);
  // Search only the window: an unbounded indexOf per site would make long texts quadratic.
  const placeholder = text.slice(from, end).indexOf(PLACEHOLDER_START);
  if (placeholder !== -1) end = from + placeholder;
  let seen = 0;
  let inWord = false;
  for (let k = from; k < end; k++) {
    const c = text[k]!;
    if (c === '\n') return { start: from, end: k };
    const space = c === ' ' || c === '\t' || c === '\r';
    if (!space && !inWord && ++seen > words) return { start: from, end: k };
    inWord = !space;
  }
  return { start: from, end };
}

/** Up to two words before `to` on the same line, not reaching back past a placeholder. */
function before(text: string, to: number): Window {
  const from = Math.max(0, to - BEFORE_CHARS);
  let start = to;
  let seen = 0;
  let inWord = false;
  for (let k = to - 1; k >= from; k--) {
    const c = text[k]!;
    if (c === '\n' || c === ']') break;
    const space = c === ' ' || c === '\t' || c === '\r';
    if (!space && !inWord && ++seen > BEFORE_WORDS) break;
    inWord = !space;
    start = k;
  }
  return { start, end: to };
}
