import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '@mnemo/persistence';
import { selectingLexemes, tsqueryOperand } from '../domain/lexical-score';
import { RECALL_CONFIG } from '../recall.constants';
import type { RecallConfig } from '../recall.config';
import { weighLexemes } from './lexeme-weights';

export interface PriorDecision {
  decisionId: string;
  sessionId: string | null;
  topic: string;
  /** `convention` and `preference` come from what the person settled in a session's turns. */
  stance: 'chose' | 'rejected' | 'deferred' | 'convention' | 'preference';
  rationale: string;
  /** The turn a settled statement came from; absent for a decision distilled from a summary. */
  turnSeq?: number;
  developer: string | null;
  project: string | null;
  occurredAt: string;
  score: number;
}

/** Decisions are advisory, and the answer says so (docs/coding-memory.md). */
export const ADVISORY_NOTE =
  'These are past decisions, shown as context. A rejected or deferred approach is context to revisit, never a veto: if the reasons no longer hold, say so and reconsider.';

/** Rows the selecting lexemes may match, at most (see selectingLexemes). */
const SELECT_BUDGET = 3000;
/** A match in the rationale counts this much of one in the topic. */
const RATIONALE_SHARE = 0.75;

/**
 * prior_decisions (docs/coding-memory.md): the account's decisions ranked by the idf-weighted share
 * of the question they hold.
 */
@Injectable()
export class PriorDecisionsService {
  constructor(
    @Inject(DATA_SOURCE) private readonly db: DataSource,
    @Inject(RECALL_CONFIG) private readonly config: RecallConfig,
  ) {}

  async find(
    accountId: string,
    query: {
      q?: string;
      developer?: string;
      project?: string;
      limit: number;
      preferences?: 'true' | 'false';
    },
  ): Promise<PriorDecision[]> {
    if (query.q === undefined) return this.newest(accountId, query);
    const lexemes = await weighLexemes(this.db, 'recall_decisions', accountId, query.q);
    const selecting = selectingLexemes(lexemes, SELECT_BUDGET);
    if (selecting.length === 0) return [];
    const totalIdf = lexemes.reduce((sum, l) => sum + l.idf, 0);
    const params: unknown[] = [
      accountId,
      selecting.map((l) => tsqueryOperand(l)).join(' | '),
      lexemes.map((l) => tsqueryOperand(l.lexeme)),
      lexemes.map((l) => tsqueryOperand(l.lexeme, 'A')),
      lexemes.map((l) => l.idf / totalIdf),
      RATIONALE_SHARE,
      this.config.decisionsMinScore,
      query.limit,
    ];
    const filters = scopeFilters(query, params);
    const rows: Array<Record<string, any>> = await this.db.query(
      `SELECT * FROM (
         SELECT d.decision_id, d.session_id, d.turn_seq, d.topic, d.stance, d.rationale, coalesce(d.developer, s.developer) AS developer, s.project, d.occurred_at,
                (SELECT coalesce(sum(w.share * CASE WHEN d.tsv @@ w.a THEN 1 WHEN d.tsv @@ w.q THEN $6::float8 ELSE 0 END), 0)
                 FROM unnest($3::tsquery[], $4::tsquery[], $5::float8[]) AS w(q, a, share))::float8 AS score
         FROM recall_decisions d LEFT JOIN recall_sessions s ON s.account_id = d.account_id AND s.session_id = d.session_id
         WHERE d.account_id = $1 AND d.tsv @@ $2::tsquery ${filters.map((f) => `AND ${f}`).join(' ')}) ranked
       WHERE score >= $7::float8
       ORDER BY score DESC, occurred_at DESC, decision_id LIMIT $8`,
      params,
    );
    return rows.map(toDecision);
  }

  /** The newest decisions, each as its latest version says (a re-distilled topic updates in place). */
  private async newest(
    accountId: string,
    query: { developer?: string; project?: string; limit: number; preferences?: 'true' | 'false' },
  ): Promise<PriorDecision[]> {
    const params: unknown[] = [accountId];
    const filters = scopeFilters(query, params);
    const rows: Array<Record<string, any>> = await this.db.query(
      `SELECT d.decision_id, d.session_id, d.turn_seq, d.topic, d.stance, d.rationale, coalesce(d.developer, s.developer) AS developer, s.project, d.occurred_at, 1::float8 AS score
       FROM recall_decisions d LEFT JOIN recall_sessions s ON s.account_id = d.account_id AND s.session_id = d.session_id
       WHERE d.account_id = $1 ${filters.map((f) => `AND ${f}`).join(' ')}
       ORDER BY d.occurred_at DESC, d.decision_id LIMIT $${params.push(query.limit)}`,
      params,
    );
    return rows.map(toDecision);
  }
}

/** Who, where, and whether the person's ways of working come too (the digest asks for them; a question does not). */
function scopeFilters(
  query: { developer?: string; project?: string; preferences?: 'true' | 'false' },
  params: unknown[],
): string[] {
  const filters: string[] = [];
  if (query.developer !== undefined)
    filters.push(`coalesce(d.developer, s.developer) = $${params.push(query.developer)}`);
  if (query.project !== undefined) filters.push(`s.project = $${params.push(query.project)}`);
  if (query.preferences !== 'true') filters.push(`d.stance <> 'preference'`);
  return filters;
}

function toDecision(row: Record<string, any>): PriorDecision {
  return {
    decisionId: row.decision_id,
    sessionId: row.session_id,
    ...(row.turn_seq === null || row.turn_seq === undefined ? {} : { turnSeq: row.turn_seq }),
    topic: row.topic,
    stance: row.stance,
    rationale: row.rationale,
    developer: row.developer,
    project: row.project,
    occurredAt: new Date(row.occurred_at).toISOString(),
    score: Math.round(row.score * 1000) / 1000,
  };
}
