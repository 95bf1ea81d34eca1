import { KeywordAutomaton } from './keyword-automaton';
import { CONTEXT_RULES } from './rules/context.rules';

/** Provider names whose keys carry no prefix (context rules), lower case. */
export const PROVIDER_NAMES: readonly string[] = [...new Set(CONTEXT_RULES.flatMap((r) => r.keywords))];

/**
 * Words that may name a secret, wherever they sit in an identifier; the segment rules in
 * secret-names decide. Bare `key` is left out on purpose: it is everywhere in code and only
 * names a secret in a pair (api_key, api key, apiKey…).
 */
const SECRET_WORDS: readonly string[] = [
  'pass', 'pwd', 'secret', 'token', 'auth', 'credential', 'bearer', 'cookie',
  ...['api', 'access', 'private', 'signing', 'encryption', 'master', 'account', 'session'].flatMap((w) =>
    ['', ' ', '_', '-'].map((gap) => `${w}${gap}key`),
  ),
];

const AUTOMATON = new KeywordAutomaton([...PROVIDER_NAMES, ...SECRET_WORDS]);

export interface KeywordHits {
  /** [start, index in PROVIDER_NAMES, …]: the longest name at each start, in order of start. */
  readonly providers: readonly number[];
  /** [start, end, …] of secret words, in order of start (at most one starts at a place). */
  readonly secrets: readonly number[];
}

/** Provider names and secret words in `text`, case-insensitively, from one walk over it. */
export function findKeywords(text: string): KeywordHits {
  const raw = AUTOMATON.scan(text);
  if (raw.length === 0) return NONE;
  const providers: number[] = [];
  const secrets: number[] = [];
  // Hits come in order of end, so in order of start unless one word holds another (x-rapidapi holds
  // rapidapi; sumologic starts where sumo does): rare, and then sorted.
  let providersSorted = true;
  let secretsSorted = true;
  for (let k = 0; k < raw.length; k += 2) {
    const end = raw[k]!;
    const word = raw[k + 1]!;
    const start = end - AUTOMATON.words[word]!.length;
    if (word < PROVIDER_NAMES.length) {
      if (providers.length > 0 && providers[providers.length - 2]! >= start) providersSorted = false;
      providers.push(start, word);
    } else {
      if (secrets.length > 0 && secrets[secrets.length - 2]! >= start) secretsSorted = false;
      secrets.push(start, end);
    }
  }
  return {
    providers: providersSorted ? providers : longestByStart(providers, (w) => PROVIDER_NAMES[w]!.length),
    secrets: secretsSorted ? secrets : longestByStart(secrets, (end) => end),
  };
}

const NONE: KeywordHits = { providers: [], secrets: [] };

/** Flat [start, value, …] in order of start, keeping the longest at each start. */
function longestByStart(flat: readonly number[], size: (value: number) => number): number[] {
  const hits = Array.from({ length: flat.length / 2 }, (_, k): [number, number] => [flat[2 * k]!, flat[2 * k + 1]!]);
  hits.sort((a, b) => a[0] - b[0] || size(b[1]) - size(a[1]));
  const out: number[] = [];
  for (const [start, value] of hits) if (out.length === 0 || out[out.length - 2] !== start) out.push(start, value);
  return out;
}
