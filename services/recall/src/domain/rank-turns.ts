/**
 * Recall's ranking over the candidate chunks' turns (docs/recall.md): Okapi BM25 per
 * turn (term saturation, length normalisation) on Postgres's `english` lexemes, a turn lifted by its
 * best neighbour (a question's answer is often the next turn), by the evidence of its session (a
 * session with several matching turns beats one lucky turn) and by the time the question names; then
 * a greedy order that covers the question's distinct parts before repeating one (multi-hop questions
 * need two turns that share few words). Pure: no I/O, no clock.
 */

/** A question's lexeme as ranking weighs it. */
export interface RankTerm {
  lexeme: string;
  idf: number;
  /** 1 for the question's own words; more for a name; less for a word added by feedback. */
  weight: number;
}

export interface CandidateTurn {
  seq: number;
  /** Lexeme → occurrences in the turn. */
  terms: Record<string, number>;
}

export interface CandidateChunk {
  chunkId: string;
  sessionId: string;
  /** null when the question names no time; else whether the chunk falls inside it. */
  inWindow: boolean | null;
  turns: CandidateTurn[];
}

export interface RankOptions {
  k1: number;
  b: number;
  /** Share of its best neighbour's score a turn borrows. */
  neighbour: number;
  /** Weight of the session's evidence beside the turn's own score. */
  session: number;
  /** Weight of covering the question's still-uncovered parts beside relevance in the final order. */
  coverage: number;
  /** Taken off a chunk's value in the final order when its session already has a chunk there. */
  sessionRepeat: number;
  /** Multiplier inside / outside a time the question names. */
  inWindow: number;
  outOfWindow: number;
  /**
   * Share of the best turn's score a turn inside the time the question names gets when it holds none
   * of the question's words (nor does a neighbour): the time is evidence by itself ("what did she do in
   * May" is often answered in words the question never uses).
   */
  timeOnly: number;
}

export const RANK_OPTIONS: RankOptions = {
  k1: 1.2,
  b: 0.75,
  neighbour: 0.35,
  session: 0.3,
  coverage: 0.3,
  sessionRepeat: 0.25,
  inWindow: 1.6,
  outOfWindow: 0.6,
  timeOnly: 0.35,
};

/** A turn as ranked: its chunk, its score, and which of the question's terms it (or a neighbour) holds. */
export interface ScoredTurn {
  chunk: CandidateChunk;
  seq: number;
  score: number;
  /** Per term (in RankTerm order): 1 if the turn holds it, `NEIGHBOUR_MATCH` if only a neighbour does. */
  match: number[];
}

/** A neighbour's word counts this much toward a turn's coverage. */
export const NEIGHBOUR_MATCH = 0.5;

const key = (sessionId: string, seq: number) => `${sessionId}\u0000${seq}`;

/** Every candidate turn scored (BM25, neighbours, session, time), best first; turns scoring 0 left out. */
export function scoreTurns(
  terms: readonly RankTerm[],
  chunks: readonly CandidateChunk[],
  options: RankOptions = RANK_OPTIONS,
): ScoredTurn[] {
  const flat = chunks.flatMap((chunk) => chunk.turns.map((turn) => ({ chunk, turn })));
  if (flat.length === 0 || terms.length === 0) return [];
  const sized = flat.map((entry) => ({
    ...entry,
    length: Object.values(entry.turn.terms).reduce((a, b) => a + b, 0),
  }));
  const avgLength = Math.max(1, sized.reduce((sum, { length }) => sum + length, 0) / flat.length);
  // Each turn with its own BM25 score and which terms it holds.
  const own = sized.map(({ chunk, turn, length }) => {
    const norm = options.k1 * (1 - options.b + (options.b * length) / avgLength);
    let score = 0;
    const match = terms.map((term) => {
      const tf = turn.terms[term.lexeme] ?? 0;
      if (tf === 0) return 0;
      score += (term.weight * term.idf * tf * (options.k1 + 1)) / (tf + norm);
      return 1;
    });
    return { chunk, turn, score, match };
  });
  type Own = (typeof own)[number];
  // neighbours by seq within the session, across chunk edges when both chunks are candidates
  const bySeq = new Map<string, Own>();
  own.forEach((scored) => bySeq.set(key(scored.chunk.sessionId, scored.turn.seq), scored));
  const sessionSeqs = new Map<string, number[]>();
  for (const { chunk, turn } of flat) {
    const seqs = sessionSeqs.get(chunk.sessionId) ?? [];
    seqs.push(turn.seq);
    sessionSeqs.set(chunk.sessionId, seqs);
  }
  for (const seqs of sessionSeqs.values()) seqs.sort((a, b) => a - b);
  const neighbourOf = ({ chunk, turn }: Own): Own[] => {
    const seqs = sessionSeqs.get(chunk.sessionId)!;
    const at = seqs.indexOf(turn.seq);
    // adjacent candidate turns only when no more than one turn (a tool call, say) lies between
    return [seqs[at - 1], seqs[at + 1]]
      .filter((seq): seq is number => seq !== undefined && Math.abs(seq - turn.seq) <= 2)
      .map((seq) => bySeq.get(key(chunk.sessionId, seq))!);
  };
  const smoothed = own.map((scored) => {
    const neighbours = neighbourOf(scored);
    const borrowed = Math.max(0, ...neighbours.map((n) => n.score));
    const match = scored.match.map((m, q) =>
      m > 0 ? m : neighbours.some((n) => (n.match[q] ?? 0) > 0) ? NEIGHBOUR_MATCH : 0,
    );
    return { ...scored, score: scored.score + options.neighbour * borrowed, match };
  });
  // a session's evidence: its best turns, the first counting most
  const evidence = new Map<string, number[]>();
  own.forEach(({ chunk, score }) => {
    const list = evidence.get(chunk.sessionId) ?? [];
    list.push(score);
    evidence.set(chunk.sessionId, list);
  });
  const sessionScore = new Map(
    [...evidence].map(([sessionId, list]) => {
      const top = list.sort((a, b) => b - a).slice(0, 3);
      return [sessionId, top.reduce((sum, s, r) => sum + s / 2 ** r, 0) / 1.75];
    }),
  );
  const best = Math.max(0, ...smoothed.map((t) => t.score));
  return (
    smoothed
      .map(({ chunk, turn, score: near, match }) => {
        const time =
          chunk.inWindow === null ? 1 : chunk.inWindow ? options.inWindow : options.outOfWindow;
        const score =
          time *
          ((1 - options.session) * near + options.session * sessionScore.get(chunk.sessionId)!);
        return {
          chunk,
          seq: turn.seq,
          // holding nothing of the question and beside nothing that does, a turn is no answer whatever
          // its session, unless it is in the time the question names
          score: near > 0 ? score : chunk.inWindow === true ? time * options.timeOnly * best : 0,
          match,
        };
      })
      .filter((t) => t.score > 0)
      // stable: among equals, the candidates' order (the newest first) stands
      .sort((a, b) => b.score - a.score)
  );
}

const sameTurn = (a: ScoredTurn, b: ScoredTurn | undefined): boolean =>
  b !== undefined && a.chunk.chunkId === b.chunk.chunkId && a.seq === b.seq;

/** A hit as ranked: a chunk and the turns of it that answer, best first. */
export interface RankedHit {
  chunk: CandidateChunk;
  turnSeqs: number[];
}

/**
 * The final order: turns picked greedily by relevance and by how much of the still-uncovered question
 * they add (each pick halves the weight of the parts it holds), gathered into their chunks in the
 * order the chunks were first picked; at most `limit` chunks and `perChunk` turns each, a turn joining
 * a chunk already picked only among the first max(limit, perChunk) picks. The `lead` turns (the
 * question's own best, before feedback widened it) are picked first, in their order.
 */
export function orderHits(
  terms: readonly RankTerm[],
  turns: readonly ScoredTurn[],
  limit: number,
  options: RankOptions = RANK_OPTIONS,
  perChunk = 4,
  lead: readonly ScoredTurn[] = [],
): RankedHit[] {
  const best = turns[0]?.score ?? 0;
  if (best <= 0) return [];
  const mass = terms.map((t) => t.idf * t.weight);
  const total = mass.reduce((a, b) => a + b, 0) || 1;
  const residual = terms.map(() => 1);
  const pool = turns.slice(0, Math.max(60, limit * 6));
  const taken = new Set<number>();
  const hits = new Map<string, RankedHit>();
  const sessions = new Set<string>();
  const maxPicks = limit * perChunk;
  const joining = Math.max(limit, perChunk);
  for (let picks = 0; picks < maxPicks && taken.size < pool.length; picks += 1) {
    let chosen = -1;
    let chosenTurn: ScoredTurn | undefined;
    let value = -1;
    // the leading turns first, in their order, where the pool holds them
    const leading = picks < lead.length ? pool.findIndex((t) => sameTurn(t, lead[picks])) : -1;
    for (const [i, turn] of pool.entries()) {
      if (taken.has(i)) continue;
      const hit = hits.get(turn.chunk.chunkId);
      // past the first picks a chunk already shown takes no more turns: a reader (and Recall@k) reads
      // the hits' turns in order, so a late pick listed under an early chunk would push ahead of
      // better turns in the chunks after it
      if (hit ? hit.turnSeqs.length >= perChunk || picks >= joining : hits.size >= limit) continue;
      // match, mass and residual are each one entry a term
      const novelty =
        turn.match.reduce((sum, m, q) => sum + (mass[q] ?? 0) * (residual[q] ?? 0) * m, 0) / total;
      // a new chunk of a session already shown makes way for another session's, a little
      const repeat = !hit && sessions.has(turn.chunk.sessionId) ? options.sessionRepeat : 0;
      const v =
        i === leading
          ? Number.POSITIVE_INFINITY
          : (1 - options.coverage) * (turn.score / best) + options.coverage * novelty - repeat;
      if (v > value) [chosen, chosenTurn, value] = [i, turn, v];
    }
    const turn = chosenTurn;
    if (turn === undefined) break;
    taken.add(chosen);
    turn.match.forEach((m, q) => (residual[q] = (residual[q] ?? 0) * (1 - 0.5 * m)));
    const hit = hits.get(turn.chunk.chunkId);
    sessions.add(turn.chunk.sessionId);
    if (hit) hit.turnSeqs.push(turn.seq);
    else hits.set(turn.chunk.chunkId, { chunk: turn.chunk, turnSeqs: [turn.seq] });
  }
  return [...hits.values()];
}

/**
 * How much of the question a hit holds, 0–1: the idf-weighted share of the question's lexemes (those
 * no chunk holds included, so a question about something never said scores low) found in its first
 * turn, or at half weight in another turn of its chunk. The minimum score is read on this.
 */
export function coverageOf(
  hit: RankedHit,
  question: ReadonlyArray<{ lexeme: string; idf: number }>,
): number {
  const total = question.reduce((sum, t) => sum + t.idf, 0);
  if (total <= 0) return 0;
  const first = hit.chunk.turns.find((t) => t.seq === hit.turnSeqs[0]);
  const held = question.reduce((sum, term) => {
    if (first?.terms[term.lexeme]) return sum + term.idf;
    const elsewhere = hit.chunk.turns.some((t) => t.terms[term.lexeme]);
    return sum + (elsewhere ? NEIGHBOUR_MATCH * term.idf : 0);
  }, 0);
  return held / total;
}

/** A hit ranked below the best keeps at least this share of the best hit's score (times its rank score's share). */
export const ANSWER_SHARE = 0.8;

/**
 * The 0–1 scores the minimum is read on, one per hit in rank order, from each hit's own (the share of
 * the question it holds, chunkScore) and its rank score: whether a question is answered at all is
 * read on its best hit, so a hit ranked below it keeps at least ANSWER_SHARE of the best score (less
 * as its rank score falls) and a question answered is answered with its whole list, not its first
 * hit alone. A name the question makes that no chunk holds lowers the scores through its share of
 * the question (coverageOf) only: the person a question names is often one of those talking, whose
 * name their own turns never say.
 */
export function answerScores(own: readonly number[], rank: readonly number[]): number[] {
  const top = Math.max(0, ...own);
  const best = Math.max(0, ...rank);
  return own.map((score, i) => {
    const share = best > 0 ? Math.min(1, (rank[i] ?? 0) / best) : 1;
    return Math.max(score, top * (ANSWER_SHARE + (1 - ANSWER_SHARE) * share));
  });
}

/** A name in the question weighs this much more than another word of the same rarity. */
export const NAME_WEIGHT = 1.3;
/**
 * A name held by more than this share of the account's chunks is one of the people talking (greeted
 * in every session, rarely said in the turn that answers about them): it weighs SPEAKER_WEIGHT.
 */
const SPEAKER_SHARE = 0.08;
/**
 * And by more than this many chunks: in a small account 8% is a chunk or two, which the person a
 * question is about (the cousin, the builder) holds as often as a speaker does.
 */
const SPEAKER_MIN_CHUNKS = 3;
export const SPEAKER_WEIGHT = 0.5;

/** A question's word as ranking weighs it: a name more, unless so many chunks hold it that it names a speaker. */
export const termWeight = (word: { name: boolean; df: number }, chunks: number): number =>
  !word.name
    ? 1
    : word.df > Math.max(SPEAKER_MIN_CHUNKS, chunks * SPEAKER_SHARE)
      ? SPEAKER_WEIGHT
      : NAME_WEIGHT;
