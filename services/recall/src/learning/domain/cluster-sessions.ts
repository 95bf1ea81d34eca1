import { agnes } from 'ml-hclust';

/** A session as a bag of weighted terms (task words, files, tools, commands, error templates). */
export type TermBag = Map<string, number>;

/**
 * tf-idf vectors of the bags (a bag's value is the term's weight in its session), L2-normalised,
 * with a smoothed idf (ln(1 + n/df)) so a term every session shares still counts: three attempts at
 * one task in a small project share most of their terms, and that sharing is the point.
 */
export function tfIdf(
  bags: readonly TermBag[],
  corpus: readonly TermBag[] = bags,
): Array<Map<string, number>> {
  const df = new Map<string, number>();
  for (const bag of corpus) for (const term of bag.keys()) df.set(term, (df.get(term) ?? 0) + 1);
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

export function cosine(a: Map<string, number>, b: Map<string, number>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [term, weight] of small) dot += weight * (large.get(term) ?? 0);
  return dot;
}

/**
 * Agglomerative clustering (average linkage, ml-hclust's agnes) over cosine distance of the tf-idf
 * vectors (document frequencies from `corpus`: all of a project's sessions, not only those clustered), cut where clusters are further apart than `maxDistance`. Answers groups of indices into
 * `bags`, two or more members each, in order of their first member; singletons are left out.
 */
export function clusterBags(
  bags: readonly TermBag[],
  maxDistance: number,
  corpus: readonly TermBag[] = bags,
): { groups: number[][]; vectors: Array<Map<string, number>> } {
  const vectors = tfIdf(bags, corpus);
  if (bags.length < 2) return { groups: [], vectors };
  const distances = vectors.map((a, i) =>
    vectors.map((b, j) => (i === j ? 0 : Math.max(0, 1 - cosine(a, b)))),
  );
  const tree = agnes(distances, { method: 'average', isDistanceMatrix: true });
  const groups = tree
    .cut(maxDistance)
    .map((cluster) => cluster.indices().sort((x, y) => x - y))
    .filter((group) => group.length >= 2)
    .sort((x, y) => x[0] - y[0]);
  return { groups, vectors };
}
