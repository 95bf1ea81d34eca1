import type { ScoredTurn } from './rank-turns';

/**
 * Pseudo-relevance feedback: the lexemes the best first-pass turns share that the question lacks,
 * rarest among the candidates first (a name the best turn holds — the fiancé's, the city's — is what
 * leads to the second turn a multi-hop question needs). The caller weighs them in the account and
 * keeps the rare ones.
 */
export function feedbackLexemes(
  turns: readonly ScoredTurn[],
  question: ReadonlySet<string>,
  { top = 3, count = 8 }: { top?: number; count?: number } = {},
): string[] {
  const heldBy = new Map<string, number>();
  const seen = new Set<string>();
  for (const { chunk } of turns) {
    if (seen.has(chunk.chunkId)) continue;
    seen.add(chunk.chunkId);
    for (const turn of chunk.turns)
      for (const lexeme of Object.keys(turn.terms))
        heldBy.set(lexeme, (heldBy.get(lexeme) ?? 0) + 1);
  }
  const weight = new Map<string, number>();
  turns.slice(0, top).forEach((scored, rank) => {
    const turn = scored.chunk.turns.find((t) => t.seq === scored.seq);
    for (const lexeme of Object.keys(turn?.terms ?? {})) {
      if (question.has(lexeme) || lexeme.length < 3 || /^\d+$/.test(lexeme)) continue;
      weight.set(lexeme, (weight.get(lexeme) ?? 0) + 1 / (rank + 1) / (heldBy.get(lexeme) ?? 1));
    }
  });
  return [...weight]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, count)
    .map(([lexeme]) => lexeme);
}
