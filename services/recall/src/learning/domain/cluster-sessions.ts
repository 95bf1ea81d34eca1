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

/**
 * Some kinds count only as far as two sessions agree on another beyond the places both worked in:
 * two failed attempts that changed the same file agree on where they worked, which says they are
 * one task's only when what was asked agrees too, and not through the words of that file's name
 * ("reconcile" in a speed-up of `reconcile.py` and in a fix to its double posting) nor through
 * words neither person said (the "error" of two unrelated error messages; docs/learning.md).
 */
export interface Gate<K extends string = string> {
  /** The kind to agree on (the task). */
  on: K;
  /** The kinds that count only with that agreement (the files, the steps). */
  kinds: readonly K[];
  /** The agreement (a cosine of `on`) from which they count in full; below it, in proportion. */
  full: number;
  /** Per session (aligned with those compared): each place it worked in, and the terms of `on` its name gives. */
  places: ReadonlyArray<ReadonlyMap<string, readonly string[]>>;
  /** Per session, the terms of `on` it said itself; a shared term counts when one of the two said it. */
  said?: ReadonlyArray<ReadonlySet<string>>;
}

/**
 * The cosine of two sessions' `on` vectors over the terms one of them said that are not the names
 * of places both worked in, scaled to [0, 1] by `full`.
 */
function agreementBeyond<K extends string>(
  vectors: ReadonlyArray<Map<string, number>>,
  gate: Gate<K>,
  i: number,
  j: number,
): number {
  const [a, b] = [vectors[i], vectors[j]];
  const [mine, theirs] = [gate.places[i], gate.places[j]];
  if (!a || !b) return 1;
  const named = new Set<string>();
  for (const [place, terms] of mine ?? [])
    if (theirs?.has(place)) for (const term of terms) named.add(term);
  const [saidA, saidB] = [gate.said?.[i], gate.said?.[j]];
  const spoken = (term: string) => !gate.said || saidA?.has(term) || saidB?.has(term);
  let dot = 0;
  for (const [term, weight] of a)
    if (!named.has(term) && spoken(term)) dot += weight * (b.get(term) ?? 0);
  return Math.min(1, dot / gate.full);
}

/** Whether a vector has a term beyond those its places' names give. */
function saysMore(
  vector: ReadonlyMap<string, number>,
  places: ReadonlyMap<string, readonly string[]> | undefined,
): boolean {
  const named = new Set([...(places?.values() ?? [])].flat());
  return [...vector.keys()].some((term) => !named.has(term));
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
 * assertion error, or ran the project's one test command, share nothing of their task. With a
 * `gate`, some kinds count only as far as the two sessions agree on another (`Gate`)
 * (docs/learning.md).
 */
export function similarities<K extends string>(
  sessions: ReadonlyArray<TermChannels<K>>,
  weights: ChannelWeights<K>,
  corpus: ReadonlyArray<TermChannels<K>> = sessions,
  strict: readonly K[] = [],
  specific: Partial<Record<K, number>> = {},
  gate?: Gate<K>,
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
  const on = gate && kinds.find((kind) => kind.kind === gate.on);
  const says = sessions.map((_, i) => {
    const vector = on?.vectors[i];
    return vector ? saysMore(vector, gate?.places[i]) : false;
  });
  return sessions.map((_, i) =>
    sessions.map((__, j) => {
      if (i === j) return 1;
      // a session with no term of that kind but its files' names (an attempt opened by a bare
      // slash command) says nothing either way
      const agreement =
        on && gate && says[i] && says[j] ? agreementBeyond(on.vectors, gate, i, j) : 1;
      let sum = 0;
      let weight = 0;
      for (const kind of kinds) {
        const [a, b] = [kind.vectors[i], kind.vectors[j]];
        if (!a?.size || !b?.size) {
          if (strict.includes(kind.kind) && (a?.size || b?.size)) weight += kind.weight;
          continue;
        }
        sum +=
          (gate?.kinds.includes(kind.kind) ? agreement : 1) *
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
