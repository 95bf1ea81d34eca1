/** What a recall question asks for, lexically and in time. */
export interface QueryPlan {
  /** The words left for the full-text match, lowercased, in order, deduplicated. */
  words: string[];
  /** A time the question names ("in March", "last week", "in 2025"): chunks inside it rank first. */
  window?: { from: string; to: string };
  /** Words written with a capital inside the question (names of people, places, tools), lowercased. */
  names: string[];
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const MONTH_ABBREVIATIONS = new Map(MONTHS.map((name, i) => [name.slice(0, 3), i]));
const DAY_MS = 86_400_000;

/** Words that frame a question about the past rather than name its subject. */
const FRAMING = new Set([
  'remember',
  'recall',
  'mention',
  'mentioned',
  'talk',
  'talked',
  'discuss',
  'discussed',
  'said',
  'say',
  'tell',
  'told',
  'ago',
  'earlier',
  'previously',
  'last',
  'ever',
  'again',
]);

const SEASONS: Record<string, number> = { spring: 2, summer: 5, autumn: 8, fall: 8, winter: 11 };
/** Capitalised for a reason other than being a name. */
const NOT_NAMES = new Set([
  'i',
  'what',
  'when',
  'where',
  'who',
  'why',
  'how',
  'which',
  'did',
  'do',
  'does',
  'is',
  'was',
]);

const iso = (ms: number) => new Date(ms).toISOString();
const monthWindow = (year: number, month: number) => ({
  from: iso(Date.UTC(year, month, 1)),
  to: iso(Date.UTC(year, month + 1, 1)),
});

/**
 * Splits a question into the words to match and the time it names, relative to `now` (passed in:
 * the domain has no clock). A month without a year is its latest occurrence up to now.
 */
/**
 * The parts of the question's identifiers: a file, package, symbol or flag (`useFilters.ts`,
 * `node:test`, `for_each`, `PricingService`, `--verbose`) names a thing in a project as a
 * capitalised word names a person, and counts as a name (a coding question's tool, package, file
 * and symbol names weigh most).
 */
function identifierParts(query: string): string[] {
  return query
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}_-]+|[^\p{L}\p{N}_]+$/gu, ''))
    .filter(
      (word) =>
        /\p{Ll}\p{Lu}/u.test(word) ||
        /[\p{L}\p{N}]_[\p{L}\p{N}]/u.test(word) ||
        /[\p{L}\p{N}][./:][\p{L}]/u.test(word) ||
        /^--?\p{L}/u.test(word),
    )
    .flatMap((word) => word.toLowerCase().match(/[\p{L}\p{N}_]+(?:[.'-][\p{L}\p{N}_]+)*/gu) ?? [])
    .filter((part) => part.length > 2);
}

/**
 * A contraction's word without its clitic ("didn't" → nothing, "I'll" → "i", "Theo's" → "theo"):
 * the stemmer splits a contraction into fragments ("didn", "ll", "ve") that are in no stop list,
 * rare in an account and so weighed above the question's subject (docs/recall.md).
 */
const withoutClitic = (token: string): string =>
  /n't$/.test(token) ? '' : token.replace(/'(?:ll|ve|re|d|m|s)$/, '');

export function planQuery(query: string, now: Date): QueryPlan {
  const tokens = (
    query
      .toLowerCase()
      .replace(/[\u2018\u2019]/g, "'")
      .match(/[\p{L}\p{N}_]+(?:[.'-][\p{L}\p{N}_]+)*/gu) ?? []
  ).map(withoutClitic);
  let window: QueryPlan['window'];
  const timeWords = new Set<number>();
  const year = (i: number) =>
    /^(19|20)\d\d$/.test(tokens[i] ?? '') ? Number(tokens[i]) : undefined;
  tokens.forEach((token, i) => {
    if (window) return;
    const month = MONTHS.includes(token)
      ? MONTHS.indexOf(token)
      : token.length === 3
        ? MONTH_ABBREVIATIONS.get(token)
        : undefined;
    // "may" is more often the verb: a month only after "in" / "during" / "of" / "since" or before a year
    const isMonth =
      month !== undefined &&
      (token !== 'may' ||
        ['in', 'during', 'of', 'since'].includes(tokens[i - 1] ?? '') ||
        year(i + 1) !== undefined);
    if (month !== undefined && isMonth) {
      const named = year(i + 1);
      let y = named ?? now.getUTCFullYear();
      if (named === undefined && Date.UTC(y, month, 1) > now.getTime()) y -= 1;
      window = monthWindow(y, month);
      timeWords.add(i);
      if (named !== undefined) timeWords.add(i + 1);
      return;
    }
    if (
      (token === 'last' || token === 'past' || token === 'this') &&
      ['week', 'month', 'year'].includes(tokens[i + 1] ?? '')
    ) {
      const unit = tokens[i + 1];
      const days = unit === 'week' ? 7 : unit === 'month' ? 31 : 366;
      window = { from: iso(now.getTime() - days * DAY_MS), to: iso(now.getTime() + DAY_MS) };
      timeWords.add(i).add(i + 1);
      return;
    }
    if (token === 'yesterday' || token === 'today') {
      const start =
        Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) -
        (token === 'yesterday' ? DAY_MS : 0);
      window = { from: iso(start), to: iso(start + DAY_MS) };
      timeWords.add(i);
      return;
    }
    if (SEASONS[token] !== undefined) {
      // a season: the named year's, "last" the latest one over, else the latest one begun
      const first = SEASONS[token];
      const named = year(i + 1);
      let y = named ?? now.getUTCFullYear();
      const begun = (yy: number) => Date.UTC(yy, first, 1) <= now.getTime();
      const over = (yy: number) => Date.UTC(yy, first + 3, 1) <= now.getTime();
      if (named === undefined) while (!(tokens[i - 1] === 'last' ? over(y) : begun(y))) y -= 1;
      window = { from: iso(Date.UTC(y, first, 1)), to: iso(Date.UTC(y, first + 3, 1)) };
      timeWords.add(i);
      if (named !== undefined) timeWords.add(i + 1);
      return;
    }
    const y = year(i);
    if (y !== undefined && ['in', 'during', 'of'].includes(tokens[i - 1] ?? '')) {
      window = { from: iso(Date.UTC(y, 0, 1)), to: iso(Date.UTC(y + 1, 0, 1)) };
      timeWords.add(i);
    }
  });
  const words = [
    ...new Set([
      ...tokens.filter((token, i) => !timeWords.has(i) && !FRAMING.has(token) && token.length > 1),
      // the stemmer keeps "gorilla/mux" or "src/app.ts" whole in a turn: the whole joins its parts
      ...(query.toLowerCase().match(/[\p{L}\p{N}_.-]+(?:\/[\p{L}\p{N}_.-]+)+/gu) ?? []).map(
        (path) => path.replace(/^[.-]+|[.-]+$/g, ''),
      ),
    ]),
  ];
  const names = [
    ...new Set([
      ...(query.match(/[\p{L}\p{N}_]+/gu) ?? [])
        .slice(1)
        .filter((word) => /^\p{Lu}/u.test(word))
        .map((word) => word.toLowerCase())
        .filter((word) => !NOT_NAMES.has(word) && !MONTHS.includes(word) && !(word in SEASONS)),
      ...identifierParts(query),
    ]),
  ];
  return window ? { words, window, names } : { words, names };
}
