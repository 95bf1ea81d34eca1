import { agnes } from 'ml-hclust';

/** A bag of weighted terms (task words, files, commands, error templates). */
export type TermBag = Map<string, number>;

/**
 * A session's terms by kind (learning-session.ts's `sessionTerms`): each kind is weighed on its own,
 * so a long session's forty reads and commands do not drown what the person asked, and a terse one's
 * three words are not all it is (docs/learning.md).
 */
export type TermChannels<K extends string = string> = Record<K, TermBag>;

/** How much each kind of term counts toward the similarity of two sessions. */
export type ChannelWeights<K extends string = string> = Record<K, number>;

/**
 * tf-idf vectors of the bags (a bag's value is the term's weight in its session), L2-normalised,
 * with a smoothed idf (ln(1 + n/df)) so a term every session shares still counts: three attempts at
 * one task in a small project share most of their terms, and that sharing is the point.
 */
export function tfIdf(
  bags: readonly TermBag[],
  corpus: readonly TermBag[] = bags,
): Array<Map<string, number>> {
  const df = documentFrequencies(corpus);
  const n = corpus.length;
  return bags.map((bag) => {
    const vector = new Map<string, number>();
    let norm = 0;
    for (const [term, tf] of bag) {
      const weight = tf * Math.log(1 + n / (df.get(term) ?? 1));
      vector.set(term, weight);
      norm += weight * weight;
    }
    norm = Math.sqrt(norm) || 1;
    for (const [term, weight] of vector) vector.set(term, weight / norm);
    return vector;
  });
}

/**
 * How specific each term is within the corpus: its idf (as `tfIdf` weighs it) over the idf of a
 * term no other session has. A generic assertion failure or the project's test command, met in
 * most of its sessions, is low (ln 2 / ln(1 + n)); an error only one task hits is near 1.
 */
function specificities(df: ReadonlyMap<string, number>, n: number): Map<string, number> {
  return new Map([...df].map(([term, count]) => [term, Math.log(1 + n / count) / Math.log(1 + n)]));
}

const documentFrequencies = (corpus: readonly TermBag[]): Map<string, number> => {
  const df = new Map<string, number>();
  for (const bag of corpus) for (const term of bag.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  return df;
};

/** The cosine with each shared term's part in it scaled by its specificity (to `power`). */
function specificCosine(
  a: Map<string, number>,
  b: Map<string, number>,
  specificity: ReadonlyMap<string, number>,
  power: number,
): number {
  let dot = 0;
  for (const [term, weight] of a) {
    const other = b.get(term);
    if (other) dot += weight * other * (specificity.get(term) ?? 1) ** power;
  }
  return dot;
}

export function cosine(a: Map<string, number>, b: Map<string, number>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [term, weight] of small) dot += weight * (large.get(term) ?? 0);
  return dot;
}

/**
 * Pairwise similarity of sessions: per kind of term, the cosine of the tf-idf vectors (document
 * frequencies from `corpus`: all of a project's sessions, not only those compared); then the
 * weighted mean over the kinds both sessions have terms of. A kind one session lacks says nothing
 * either way (an attempt that never reached a test has no error to share), except the `strict`
 * kinds, where one session having terms and the other none counts as nothing alike (a repeat of
 * "add one more screen" made new files; a session that only edited the screens did other work).
 * In the `specific` kinds, a shared term adds to the cosine by how specific it is within the
 * corpus (`specificities`, to the given power): two unrelated failures that hit the same generic
 * assertion error, or ran the project's one test command, share nothing of their task
 * (docs/learning.md).
 */
export function similarities<K extends string>(
  sessions: ReadonlyArray<TermChannels<K>>,
  weights: ChannelWeights<K>,
  corpus: ReadonlyArray<TermChannels<K>> = sessions,
  strict: readonly K[] = [],
  specific: Partial<Record<K, number>> = {},
): number[][] {
  const kinds = (Object.keys(weights) as K[])
    .filter((kind) => weights[kind] > 0)
    .map((kind) => {
      const bags = corpus.map((s) => s[kind]);
      const power = specific[kind];
      return {
        kind,
        weight: weights[kind],
        vectors: tfIdf(
          sessions.map((s) => s[kind]),
          bags,
        ),
        power,
        specificity:
          power === undefined ? undefined : specificities(documentFrequencies(bags), bags.length),
      };
    });
  return sessions.map((_, i) =>
    sessions.map((__, j) => {
      if (i === j) return 1;
      let sum = 0;
      let weight = 0;
      for (const kind of kinds) {
        const [a, b] = [kind.vectors[i], kind.vectors[j]];
        if (!a?.size || !b?.size) {
          if (strict.includes(kind.kind) && (a?.size || b?.size)) weight += kind.weight;
          continue;
        }
        sum +=
          kind.weight *
          (kind.specificity
            ? specificCosine(a, b, kind.specificity, kind.power ?? 1)
            : cosine(a, b));
        weight += kind.weight;
      }
      return weight ? sum / weight : 0;
    }),
  );
}

/**
 * Agglomerative clustering (average linkage, ml-hclust's agnes) of `items` over `1 - similarity`
 * (a matrix in the items' order), cut where clusters are further apart than `maxDistance`. Answers
 * groups of two or more items, each in the items' order, in order of their first; singletons are
 * left out.
 */
export function clusterBySimilarity<T>(
  items: readonly T[],
  similarity: number[][],
  maxDistance: number,
): Array<[T, T, ...T[]]> {
  if (items.length < 2) return [];
  const distances = similarity.map((row, i) =>
    row.map((s, j) => (i === j ? 0 : Math.min(1, Math.max(0, 1 - s)))),
  );
  const tree = agnes(distances, { method: 'average', isDistanceMatrix: true });
  return tree
    .cut(maxDistance)
    .map((cluster) => cluster.indices().sort((x, y) => x - y))
    .sort((x, y) => (x[0] ?? 0) - (y[0] ?? 0))
    .flatMap((indices) => {
      const [first, second, ...rest] = indices.flatMap((i) => {
        const item = items[i];
        return item === undefined ? [] : [item];
      });
      return first === undefined || second === undefined ? [] : [[first, second, ...rest]];
    });
}
