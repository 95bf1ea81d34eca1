/** The bounded selections of candidate chunks a question's words make, and the SQL that reads them (the request's filters, the time it names). */
import type { RecallRequest } from '@mnemo/contracts';
import { candidateLexemes, CHUNK_SCORE_SQL } from '../../domain/lexical-score';
import { CANDIDATES } from './question';
import type { ChunkLexeme } from '../lexeme-weights';

/** Rows each way of selecting candidates (any rare word; all the common ones) is expected to match, at most (see candidateLexemes). */
const SELECT_BUDGET = 200;
/** A selection expected to match up to this many rows is read whole through the GIN index; past it, its newest DENSE_SCAN through the time index. */
const BITMAP_ROWS = 800;
/** Chunks scored from a selection too common to read whole: the newest (a backwards time-index scan stops after this many). */
const DENSE_SCAN = 20;
/** Rows one selection reads at most, whatever its estimate said (words are not independent). */
const SELECTION_CAP = 400;
/** A question's word found only in a neighbouring window's edge turn counts this much. */
const NEAR_SHARE = 0.5;

/**
 * One way of selecting candidate chunks: chunks holding any or all of some lexemes (by hash), the rows
 * it is expected to match, and whether neighbours' edge turns match too.
 */
export interface Selection {
  hashes: number[];
  holds: 'any' | 'all';
  rows: number;
  near: boolean;
  /** Read every row it matches (a small account's: at most config.exhaustiveChunks), neither capped nor cut to the newest. */
  whole?: boolean;
}

/**
 * The selections a question's words make (candidateLexemes: any of the rare words, all of the
 * common ones; every match in a small account), and the fallback: the rarest word not selected,
 * for when they come up short.
 */
export function selectionsOf(
  lexemes: ChunkLexeme[],
  chunks: number,
  small: boolean,
): { selections: Selection[]; fallback: Selection | null } {
  const selection = candidateLexemes(
    lexemes,
    chunks,
    small ? Number.POSITIVE_INFINITY : SELECT_BUDGET,
  );
  const { anyRows } = selection;
  const hashOf = new Map(lexemes.map((l) => [l.lexeme, l.hash]));
  const hashes = (words: string[]) => words.map((l) => hashOf.get(l)!);
  const selections: Selection[] = [];
  // a neighbour's edge turn selects too while that stays cheap (always, in a small account)
  if (selection.any.length)
    selections.push({
      hashes: hashes(selection.any),
      holds: 'any',
      rows: anyRows,
      near: small || anyRows <= SELECT_BUDGET / 2,
      whole: small,
    });
  if (selection.all.length)
    selections.push({
      hashes: hashes(selection.all),
      holds: 'all',
      rows: selection.allRows,
      near: false,
    });
  const { fallback } = selection;
  return {
    selections,
    fallback: fallback
      ? { hashes: hashes([fallback.lexeme]), holds: 'any', rows: fallback.df, near: false }
      : null,
  };
}

/**
 * The SQL both selection passes share: the coverage of the question's lexemes in a chunk, the
 * question's time window, and one capped read per selection (plus the window's own) of the chunks
 * not in `exclude`, to be joined with UNION ALL.
 */
export function selectionSql(
  request: RecallRequest,
  hasWindow: boolean,
  lexemes: readonly { idf: number; hash: number }[],
  totalIdf: number,
  selections: readonly Selection[],
  window: 'whole' | 'capped' | 'none',
  param: (value: unknown) => string,
  exclude: readonly string[],
): { coverage: string; inWindow: string; parts: string[] } {
  const coverage = lexemes.length
    ? lexemes
        .map((l) => {
          const [share, hash] = [param(l.idf / totalIdf), param(l.hash)];
          return `${share}::float8 * CASE WHEN ${hash}::int4 = ANY(t.term_hashes) THEN 1.0::float8 WHEN ${hash}::int4 = ANY(t.near_hashes) THEN ${NEAR_SHARE}::float8 ELSE 0.0::float8 END`;
        })
        .join(' + ')
    : '0';
  const scope = recallScope(request, 't', param);
  const inWindow = '(t.occurred_at >= $2::timestamptz AND t.occurred_at < $3::timestamptz)';
  const excluded = exclude.length ? `AND t.chunk_id <> ALL(${param(exclude)}::text[])` : '';
  const base = `SELECT t.chunk_id, t.occurred_at, t.term_hashes, t.near_hashes FROM recall_chunk_terms t ${scope.join} WHERE t.account_id = $1 ${scope.where} ${excluded}`;
  const parts = selections.map(({ hashes, holds, rows, near, whole }) => {
    const [query, op] = [param(hashes), holds === 'any' ? '&&' : '@>'];
    const condition = near
      ? `(t.term_hashes ${op} ${query}::int4[] OR t.near_hashes ${op} ${query}::int4[])`
      : `t.term_hashes ${op} ${query}::int4[]`;
    if (whole) return `(${base} AND ${condition})`;
    return rows <= BITMAP_ROWS
      ? `(${base} AND ${condition} LIMIT ${SELECTION_CAP})`
      : `(${base} AND ${condition} ORDER BY t.occurred_at DESC LIMIT ${DENSE_SCAN})`;
  });
  if (window !== 'none' && hasWindow)
    parts.push(`(${base} AND ${inWindow} ${window === 'capped' ? `LIMIT ${SELECTION_CAP}` : ''})`);
  return { coverage, inWindow, parts };
}

/** The order the best CANDIDATES are taken in: in the question's time first, then by coverage, newest. */
export const CANDIDATE_ORDER =
  'c.in_window DESC NULLS LAST, c.coverage DESC, c.occurred_at DESC, c.chunk_id';

/**
 * The best CANDIDATES of the selected chunks, each once, with its coverage, whether it is in the
 * question's time and its chunk score: both passes read them.
 */
export function bestCandidatesSql({
  coverage,
  inWindow,
  parts,
}: {
  coverage: string;
  inWindow: string;
  parts: readonly string[];
}): string {
  return `SELECT c.*, ${CHUNK_SCORE_SQL('c.coverage', 'c.in_window')} AS score FROM (
       SELECT DISTINCT ON (s.chunk_id) s.chunk_id, s.coverage, s.in_window, s.occurred_at FROM (
         SELECT t.chunk_id, (${coverage})::float8 AS coverage,
                CASE WHEN $2::timestamptz IS NULL THEN NULL ELSE ${inWindow} END AS in_window,
                t.occurred_at
         FROM (${parts.join(' UNION ALL ')}) t
       ) s
       ORDER BY s.chunk_id) c
       ORDER BY ${CANDIDATE_ORDER}
       LIMIT ${CANDIDATES}`;
}

/** The request's filters on a chunk table aliased `alias` (its session, time, the session's developer and project; never the asking session's own unless named). */
export function recallScope(
  request: RecallRequest,
  alias: 't' | 'c',
  param: (value: unknown) => string,
): { join: string; where: string } {
  const filters: string[] = [];
  if (request.sessionIds?.length)
    filters.push(`${alias}.session_id = ANY(${param(request.sessionIds)}::text[])`);
  if (request.since) filters.push(`${alias}.occurred_at >= ${param(request.since)}::timestamptz`);
  if (request.askingSessionId && !request.sessionIds?.includes(request.askingSessionId))
    filters.push(`${alias}.session_id <> ${param(request.askingSessionId)}`);
  if (request.developer !== undefined) filters.push(`s.developer = ${param(request.developer)}`);
  if (request.project !== undefined) filters.push(`s.project = ${param(request.project)}`);
  const joinSessions = request.developer !== undefined || request.project !== undefined;
  return {
    join: joinSessions
      ? `JOIN recall_sessions s ON s.account_id = ${alias}.account_id AND s.session_id = ${alias}.session_id`
      : '',
    where: filters.map((f) => `AND ${f}`).join(' '),
  };
}
