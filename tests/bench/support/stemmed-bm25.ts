import stem from 'wink-porter2-stemmer';
import { bm25Index, BM25_STOP } from './bm25';

/**
 * The benchmark's second baseline: the same Okapi BM25 over turns with each word reduced by the
 * Porter2 (Snowball English) stemmer, on both the turns and the question — what a careful lexical
 * prototype does, and the same stemmer Postgres's `english` configuration applies.
 */
export const stemmedBm25Index = <D extends { id: string; text: string }>(docs: D[]) =>
  bm25Index(docs, {
    tokens: (text) =>
      (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
        .filter((t) => !BM25_STOP.has(t))
        .map((t) => stem(t)),
  });
