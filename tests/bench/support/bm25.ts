/**
 * The benchmark's baseline: plain Okapi BM25 (k1 1.2, b 0.75) over single turns, with lowercase word
 * tokens, a short English stop list and a trailing-"s" fold — no phrase, time or neighbour knowledge.
 */
export const BM25_STOP = new Set(
  'a an and are as at be but by did do does for from had has have how i in is it its me my of on or our so that the their them they this to was we were what when where which who why will with you your'.split(
    ' ',
  ),
);

const plainTokens = (text: string): string[] =>
  (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((t) => !BM25_STOP.has(t))
    .map((t) => (t.length > 3 && t.endsWith('s') && !t.endsWith('ss') ? t.slice(0, -1) : t));

export function bm25Index<D extends { id: string; text: string }>(
  docs: D[],
  {
    k1 = 1.2,
    b = 0.75,
    tokens = plainTokens,
  }: { k1?: number; b?: number; tokens?: (text: string) => string[] } = {},
) {
  const termFreqs = docs.map((doc) => {
    const freq = new Map<string, number>();
    for (const t of tokens(doc.text)) freq.set(t, (freq.get(t) ?? 0) + 1);
    return freq;
  });
  const lengths = termFreqs.map((freq) => [...freq.values()].reduce((a, c) => a + c, 0));
  const avgLength = lengths.reduce((a, c) => a + c, 0) / Math.max(1, docs.length);
  const df = new Map<string, number>();
  for (const freq of termFreqs)
    for (const term of freq.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  const idf = (term: string) => {
    const n = df.get(term) ?? 0;
    return Math.log(1 + (docs.length - n + 0.5) / (n + 0.5));
  };
  return {
    search(query: string, limit: number): Array<D & { score: number }> {
      const terms = [...new Set(tokens(query))];
      return docs
        .map((doc, i) => {
          const freq = termFreqs[i] ?? new Map<string, number>();
          const length = lengths[i] ?? 0;
          const score = terms.reduce((sum, term) => {
            const f = freq.get(term) ?? 0;
            return f
              ? sum + (idf(term) * f * (k1 + 1)) / (f + k1 * (1 - b + (b * length) / avgLength))
              : sum;
          }, 0);
          return { ...doc, score };
        })
        .filter((doc) => doc.score > 0)
        .sort((x, y) => y.score - x.score)
        .slice(0, limit);
    },
  };
}
