/** The exhaustive path's hits: candidate chunks' turns ranked (BM25, neighbours, session, time), widened once by feedback, scored for the floor. */
import type { DataSource } from 'typeorm';
import { chunkScore, IN_WINDOW_FLOOR } from '../../domain/lexical-score';
import { feedbackLexemes } from '../../domain/feedback-lexemes';
import {
  answerScores,
  coverageOf,
  orderHits,
  RANK_OPTIONS,
  scoreTurns,
  termWeight,
  type RankTerm,
} from '../../domain/rank-turns';
import { weighChunkLexemes } from '../lexeme-weights';
import { candidateChunks, selectChunks } from './candidate-chunks';
import type { Question, Ranked } from './question';
import type { Selection } from './selections';

/** Feedback words are rare: held by at most this many chunks (their selection reads them all). */
const FEEDBACK_MAX_DF = 50;
/** A word added by feedback from the first pass weighs this share of a question's word. */
const FEEDBACK_WEIGHT = 0.45;
/** The best turns feedback reads its words from. */
const FEEDBACK_TURNS = 2;
/**
 * The first pass's best picks lead the final order: feedback's words reach the turns the question's
 * own words cannot (the second half of a multi-hop answer) without pushing aside the ones they found.
 */
const LEADING_PICKS = 3;
/** Words feedback adds at most. */
const FEEDBACK_LEXEMES = 3;
/** A feedback word held by more than this share of the account's chunks adds nothing. */
const FEEDBACK_MAX_SHARE = 0.05;

/**
 * Chunks by the question's words, best first, at least the minimum score, at most `limit`, each
 * with the turns that answer. Candidate chunks come from bounded selections (see candidateChunks);
 * their turns are ranked (rank-turns: BM25, neighbours, session, time), the best first-pass turns
 * lend their rare words to a second pass (feedback), and the final order covers the question's parts.
 */
export async function lexicalHits(
  db: DataSource,
  question: Question,
  limit: number,
): Promise<Ranked[]> {
  const { plan, lexemes, chunks: total } = question;
  const candidates = await candidateChunks(db, question, lexemes, limit);
  if (candidates.length === 0) return [];
  const terms: RankTerm[] = lexemes
    .filter((l) => l.df > 0)
    .map((l) => ({ lexeme: l.lexeme, idf: l.idf, weight: termWeight(l, total) }));
  let turns = scoreTurns(terms, candidates);
  if (turns.length === 0) {
    // nothing of the question is said: only the time it names speaks, newest first
    if (!plan.window) return [];
    return candidates
      .filter((c) => c.inWindow)
      .slice(0, limit)
      .map((c) => ({
        chunkId: c.chunkId,
        score: IN_WINDOW_FLOOR,
        turnSeqs: c.turns.map((t) => t.seq),
      }))
      .filter((hit) => hit.score >= question.floor);
  }
  const feedback = feedbackLexemes(turns, new Set(lexemes.map((l) => l.lexeme)), {
    top: FEEDBACK_TURNS,
  });
  if (feedback.length > 0) {
    const weighed = await weighChunkLexemes(db, question.accountId, { lexemes: feedback });
    // the rarest few in the account that another chunk holds too (a word only the best turn holds leads nowhere)
    const rare = weighed.lexemes
      .filter(
        (l) =>
          l.df > 1 && l.df <= Math.max(2, Math.min(FEEDBACK_MAX_DF, total * FEEDBACK_MAX_SHARE)),
      )
      .sort((a, b) => b.idf - a.idf || a.lexeme.localeCompare(b.lexeme))
      .slice(0, FEEDBACK_LEXEMES);
    if (rare.length > 0) {
      const held = new Set(candidates.map((c) => c.chunkId));
      const rows = rare.reduce((sum, l) => sum + l.df, 0);
      const selection: Selection = {
        hashes: rare.map((l) => l.hash),
        holds: 'any',
        rows,
        near: false,
        whole: true,
      };
      const more = await selectChunks(db, question, rare, [selection], 'none', [...held]);
      const all = [...candidates, ...more];
      const expanded = [
        ...terms,
        ...rare.map((l) => ({ lexeme: l.lexeme, idf: l.idf, weight: FEEDBACK_WEIGHT })),
      ];
      const lead = orderHits(terms, turns, limit)
        .flatMap((hit) => hit.turnSeqs.map((seq) => ({ chunkId: hit.chunk.chunkId, seq })))
        .slice(0, LEADING_PICKS)
        .flatMap(({ chunkId, seq }) =>
          turns.filter((t) => t.chunk.chunkId === chunkId && t.seq === seq),
        );
      turns = scoreTurns(expanded, all);
      return finalHits(question, expanded, turns, limit, lead);
    }
  }
  return finalHits(question, terms, turns, limit);
}

/** The final order of the ranked turns, scored for the minimum (the question's share they hold). */
function finalHits(
  question: Question,
  terms: RankTerm[],
  turns: ReturnType<typeof scoreTurns>,
  limit: number,
  lead: ReturnType<typeof scoreTurns> = [],
): Ranked[] {
  const hits = orderHits(terms, turns, limit, RANK_OPTIONS, undefined, lead);
  const rankOf = new Map(turns.map((t) => [`${t.chunk.chunkId}\u0000${t.seq}`, t.score]));
  const scores = answerScores(
    hits.map((hit) => chunkScore(coverageOf(hit, question.lexemes), hit.chunk.inWindow)),
    hits.map((hit) => rankOf.get(`${hit.chunk.chunkId}\u0000${hit.turnSeqs[0]}`) ?? 0),
  );
  return hits
    .map((hit, i) => ({
      chunkId: hit.chunk.chunkId,
      turnSeqs: hit.turnSeqs,
      score: scores[i] ?? 0,
    }))
    .filter((hit) => hit.score >= question.floor);
}
