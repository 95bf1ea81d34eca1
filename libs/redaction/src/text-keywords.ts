import { entry } from './indexed';
import { KeywordAutomaton } from './keyword-automaton';
import { CONTEXT_RULES } from './rules/context.rules';
import { overlapsAny, type Span } from './spans';

/** Provider names whose keys carry no prefix (context rules), lower case. */
export const PROVIDER_NAMES: readonly string[] = [
  ...new Set(CONTEXT_RULES.flatMap((r) => r.keywords)),
];

/**
 * Words that may name a secret, wherever they sit in an identifier; the segment rules in
 * secret-names decide. Bare `key` is left out on purpose: it is everywhere in code and only
 * names a secret in a pair (api_key, api key, apiKey…).
 */
const SECRET_WORDS: readonly string[] = [
  'pass',
  'pwd',
  'pw',
  'psw',
  'pword',
  'contrase',
  'senha',
  'cred',
  'secret',
  'token',
  'auth',
  'credential',
  'bearer',
  'cookie',
  'salt',
  ...[
    'api',
    'access',
    'private',
    'priv',
    'signing',
    'encryption',
    'master',
    'account',
    'session',
    'service',
    'client',
    'db',
    'database',
    'storage',
  ].flatMap((w) => ['', ' ', '_', '-'].map((gap) => `${w}${gap}key`)),
];

/**
 * Commands and statements that take a password where no key names it (detect-admin-credentials,
 * detect-cookies): found by the same walk, so their regexes run only on text that holds one.
 */
export const COMMAND_WORDS: readonly string[] = [
  'htpasswd',
  'identified',
  'mysqladmin',
  'lftp',
  'sqlplus',
  'rman ',
  'expdp',
  'impdp',
  'sqlldr',
  'set password',
  'changeuserpassword',
  'setuser',
  'net use',
  'smb',
  'rpcclient',
  'winexe',
  'net rpc',
  'net ads',
  'curl',
  'insert',
  'freerdp',
  'nmcli',
  'wpa_passphrase',
  'stdin',
  'chpasswd',
  'sudo',
  'with-token',
  'default',
  'rabbitmqctl',
  'sshpass',
];
const FIRST_COMMAND = PROVIDER_NAMES.length + SECRET_WORDS.length;

const AUTOMATON = new KeywordAutomaton([...PROVIDER_NAMES, ...SECRET_WORDS, ...COMMAND_WORDS]);

export interface KeywordHits {
  /** [start, index in PROVIDER_NAMES, …]: the longest name at each start, in order of start. */
  readonly providers: readonly number[];
  /** [start, end, …] of secret words, in order of start (at most one starts at a place). */
  readonly secrets: readonly number[];
  /** The COMMAND_WORDS that occur, by their index there: a bit each. */
  readonly commands: number;
}

/** Whether a command word (as written in COMMAND_WORDS) occurs among the hits. */
export const hasCommand = (keywords: KeywordHits, word: string): boolean =>
  (keywords.commands & (1 << COMMAND_BITS.get(word)!)) !== 0;
const COMMAND_BITS = new Map(COMMAND_WORDS.map((w, i) => [w, i]));
if (COMMAND_WORDS.length > 31) throw new Error('at most 31 command words: one bit each');

/** Provider names and secret words in `text`, case-insensitively, from one walk over it. */
export const findKeywords = (text: string): KeywordHits =>
  keywordHits(keywordOccurrences(text), 0, text.length);

/**
 * Every occurrence of every word, flat [end, word, …] in order of end (longest first at one end).
 * A function of the text alone, occurrence by occurrence: one that lies in a stretch of the text is
 * found by a walk over that stretch alone, and a walk over the whole finds it too.
 */
export const keywordOccurrences = (text: string): number[] => AUTOMATON.scan(text);

/** The hits among `occurrences` that lie within [from, to), counted from `from`. */
export function keywordHits(occurrences: readonly number[], from: number, to: number): KeywordHits {
  if (occurrences.length === 0) return NONE;
  const providers: number[] = [];
  const secrets: number[] = [];
  // Hits come in order of end, so in order of start unless one word holds another (x-rapidapi holds
  // rapidapi; sumologic starts where sumo does): rare, and then sorted.
  let providersSorted = true;
  let secretsSorted = true;
  let commands = 0;
  for (let k = 0; k < occurrences.length; k += 2) {
    const end = entry(occurrences, k);
    if (end > to) break;
    const word = entry(occurrences, k + 1);
    const start = end - entry(AUTOMATON.words, word).length;
    if (start < from) continue;
    if (word >= FIRST_COMMAND) commands |= 1 << (word - FIRST_COMMAND);
    else if (word < PROVIDER_NAMES.length) {
      if (providers.length > 0 && entry(providers, providers.length - 2) >= start - from)
        providersSorted = false;
      providers.push(start - from, word);
    } else {
      if (secrets.length > 0 && entry(secrets, secrets.length - 2) >= start - from)
        secretsSorted = false;
      secrets.push(start - from, end - from);
    }
  }
  if (providers.length === 0 && secrets.length === 0 && commands === 0) return NONE;
  return {
    commands,
    providers: providersSorted
      ? providers
      : longestByStart(providers, (w) => entry(PROVIDER_NAMES, w).length),
    secrets: secretsSorted ? secrets : longestByStart(secrets, (end) => end),
  };
}

/**
 * The occurrences in `text` once each [start, end) of `replaced` (in order, apart) holds its
 * replacement instead, from the occurrences in `text`, without a walk over the new text: those
 * that touch no replaced span stay, moved, and each replacement brings its own. None can reach
 * across an edge, since every replacement here starts with '[' and ends with ']', which no word
 * holds (see replacementOccurrences).
 */
export function keywordOccurrencesAfter(
  occurrences: readonly number[],
  replaced: readonly Span[],
  replacement: (index: number) => string,
): number[] {
  const out: number[] = [];
  // Spans before `next` have their replacement's occurrences out, and `shift` moves what follows them.
  let next = 0;
  let shift = 0;
  const passSpansEndingBy = (at: number): void => {
    for (let span = replaced[next]; span !== undefined && span.end <= at; span = replaced[++next]) {
      const { start, end } = span;
      const text = replacement(next);
      const own = replacementOccurrences(text);
      for (let j = 0; j < own.length; j += 2)
        out.push(entry(own, j) + start + shift, entry(own, j + 1));
      shift += text.length - (end - start);
    }
  };
  for (let k = 0; k < occurrences.length; k += 2) {
    const end = entry(occurrences, k);
    const word = entry(occurrences, k + 1);
    const start = end - entry(AUTOMATON.words, word).length;
    if (overlapsAny(replaced, start, end)) continue;
    // In order of end, a kept occurrence lies after every span that ends by its start, and before the rest.
    passSpansEndingBy(start);
    out.push(end + shift, word);
  }
  passSpansEndingBy(Infinity);
  return out;
}

/** A replacement's own occurrences; a few placeholders recur, so remembered. */
function replacementOccurrences(text: string): readonly number[] {
  let own = REPLACEMENTS.get(text);
  if (own === undefined) {
    if (text.charCodeAt(0) !== 91 || text.charCodeAt(text.length - 1) !== 93)
      throw new Error(`a replacement between '[' and ']': ${text}`);
    own = AUTOMATON.scan(text);
    if (REPLACEMENTS.size >= 1024) REPLACEMENTS.clear();
    REPLACEMENTS.set(text, own);
  }
  return own;
}
const REPLACEMENTS = new Map<string, readonly number[]>();

const NONE: KeywordHits = { providers: [], secrets: [], commands: 0 };

/** Flat [start, value, …] in order of start, keeping the longest at each start. */
function longestByStart(flat: readonly number[], size: (value: number) => number): number[] {
  const hits = Array.from({ length: flat.length / 2 }, (_, k): [number, number] => [
    entry(flat, 2 * k),
    entry(flat, 2 * k + 1),
  ]);
  hits.sort((a, b) => a[0] - b[0] || size(b[1]) - size(a[1]));
  const out: number[] = [];
  for (const [start, value] of hits)
    if (out.length === 0 || out[out.length - 2] !== start) out.push(start, value);
  return out;
}
