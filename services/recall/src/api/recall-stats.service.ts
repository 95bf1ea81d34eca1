import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '@mnemo/persistence';
import { QueryLogService } from './query-log.service';
import { LearningCorpusService } from '../learning/api/learning-corpus.service';
import { clustersByDay } from '../learning/domain/corpus-days';
import type { FailedCluster } from '../learning/domain/failed-clusters';
import { RECALL_CONFIG } from '../recall.constants';
import type { RecallConfig } from '../recall.config';

/** How far back the agent-query and spend figures look. */
const WINDOW_DAYS = 30;

/**
 * The operations dashboard's numbers: the learning corpus (docs/learning.md) and the session-ingest
 * loop's tile, sessions ingested, chunks, memories, decisions, agent queries with hit rate and
 * latency percentiles, the transcript loop's last run, spend per pool per day — all from recall's
 * own tables. `accountId` null: every account.
 */
@Injectable()
export class RecallStatsService {
  constructor(
    @Inject(DATA_SOURCE) private readonly db: DataSource,
    private readonly queries: QueryLogService,
    private readonly corpus: LearningCorpusService,
    @Inject(RECALL_CONFIG) private readonly config: RecallConfig,
  ) {}

  /** Failed clusters of one account, or of every account that has sessions (bounded by the corpus's own limits). */
  private async failedClusters(accountId: string | null): Promise<FailedCluster[]> {
    const accounts =
      accountId !== null
        ? [accountId]
        : (
            await this.db.query<Array<{ account_id: string }>>(
              `SELECT DISTINCT account_id FROM learning_sessions WHERE outcome IN ('reverted', 'abandoned', 'unknown')`,
            )
          ).map((row) => row.account_id);
    const clusters: FailedCluster[] = [];
    for (const account of accounts) clusters.push(...(await this.corpus.failedClusters(account)));
    return clusters;
  }

  /**
   * The learning corpus day by day over the window (the Operations page's small charts): what each
   * day added, and that day's query hit rate and median latency. Failed clusters are computed from
   * the whole corpus: stats() adds them on the day of their latest attempt.
   */
  private async learningDays(scope: () => string, params: unknown[]) {
    const on = (column: string) => `${scope()} AND ${column} >= d.day AND ${column} < d.day + 1`;
    const rows: Array<Record<string, number | string>> = await this.db.query(
      `SELECT to_char(d.day, 'YYYY-MM-DD') AS day,
         (SELECT count(*)::int FROM recall_queries WHERE ${on('at')}) AS agent_queries,
         (SELECT coalesce(avg((hits > 0)::int), 0)::float8 FROM recall_queries WHERE ${on('at')}) AS hit_rate,
         (SELECT coalesce(percentile_cont(0.5) WITHIN GROUP (ORDER BY latency_ms), 0)::float8
            FROM recall_queries WHERE ${on('at')}) AS latency_p50,
         (SELECT count(*)::int FROM recall_sessions WHERE ${on('started_at')}) AS sessions_ingested,
         (SELECT count(*)::int FROM learning_log_templates WHERE ${on('first_seen_at')}) AS log_facts,
         (SELECT count(*)::int FROM learning_refactor_plans WHERE ${on('recorded_at')}) AS refactor_plans,
         (SELECT count(*)::int FROM learning_skill_candidates WHERE ${on('proposed_at')} AND status <> 'dismissed') AS skill_candidates
       FROM (SELECT generate_series(current_date - ${WINDOW_DAYS - 1}, current_date, interval '1 day')::date AS day) d
       ORDER BY d.day`,
      params,
    );
    const round = (n: number) => Math.round(n * 100) / 100;
    return rows.map((row) => ({
      day: row.day as string,
      agentQueries: row.agent_queries as number,
      hitRate: round(row.hit_rate as number),
      latencyP50: round(row.latency_p50 as number),
      sessionsIngested: row.sessions_ingested as number,
      logFacts: row.log_facts as number,
      refactorPlans: row.refactor_plans as number,
      skillCandidates: row.skill_candidates as number,
    }));
  }

  async stats(accountId: string | null) {
    // this instance's answered questions count before they are read (other instances write theirs within a second)
    await this.queries.flush();
    const scope = (alias = '') => (accountId === null ? 'TRUE' : `${alias}account_id = $1`);
    const params = accountId === null ? [] : [accountId];
    const count = async (table: string, where = 'TRUE') =>
      Number(
        (
          await this.db.query(
            `SELECT count(*)::int AS n FROM ${table} WHERE ${scope()} AND ${where}`,
            params,
          )
        )[0].n,
      );
    const [
      sessions,
      chunks,
      memories,
      decisions,
      queries,
      runs,
      spend,
      logFacts,
      skills,
      clusters,
      plans,
      learningDays,
    ] = await Promise.all([
      count('recall_sessions'),
      count('recall_chunks'),
      count('recall_memory_ids', 'live'),
      count('recall_decisions'),
      this.db.query(
        `SELECT count(*)::int AS total, coalesce(avg((hits > 0)::int), 0)::float8 AS hit_rate,
                coalesce(percentile_cont(0.5) WITHIN GROUP (ORDER BY latency_ms), 0)::float8 AS p50,
                coalesce(percentile_cont(0.95) WITHIN GROUP (ORDER BY latency_ms), 0)::float8 AS p95,
                coalesce(percentile_cont(0.99) WITHIN GROUP (ORDER BY latency_ms), 0)::float8 AS p99
         FROM recall_queries WHERE ${scope()} AND at > now() - interval '${WINDOW_DAYS} days'`,
        params,
      ),
      this.db.query(
        `SELECT trigger, finished_at, duration_ms, sessions, error FROM recall_ingest_runs WHERE ${scope()} ORDER BY finished_at DESC, last_seq DESC LIMIT 1`,
        params,
      ),
      this.db.query(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, pool, sum(cost_usd)::float8 AS usd, count(*)::int AS calls FROM recall_spend
         WHERE ${scope()} AND day > current_date - ${WINDOW_DAYS} GROUP BY day, pool ORDER BY day DESC, pool`,
        params,
      ),
      count('learning_log_templates'),
      count('learning_skill_candidates', `status <> 'dismissed'`),
      this.failedClusters(accountId),
      count('learning_refactor_plans'),
      this.learningDays(scope, params),
    ]);
    const q = queries[0];
    const run = runs[0];
    const round = (n: number) => Math.round(n * 100) / 100;
    const agentQueries = {
      total: q.total,
      hitRate: round(q.hit_rate),
      latencyMs: { p50: round(q.p50), p95: round(q.p95), p99: round(q.p99) },
      windowDays: WINDOW_DAYS,
    };
    const clusterDays = clustersByDay(
      learningDays.map((d) => d.day),
      clusters,
    );
    const loop = this.config.sessionIngest;
    const lastStarted = run ? new Date(run.finished_at).getTime() - run.duration_ms : null;
    return {
      learningCorpus: {
        agentQueries: agentQueries.total,
        sessionsIngested: sessions,
        logFacts,
        refactorPlans: plans,
        failedClusters: clusters.length,
        skillCandidates: skills,
        hitRate: agentQueries.hitRate,
        latency: agentQueries.latencyMs,
      },
      learningDays: learningDays.map((day, i) => ({ ...day, failedClusters: clusterDays[i]! })),
      sessionIngest: {
        enabled: loop.enabled,
        intervalHours: loop.intervalMs / 3_600_000,
        lastRunAt: run ? new Date(run.finished_at).toISOString() : null,
        lastCount: run ? run.sessions : 0,
        lastDurationMs: run ? run.duration_ms : null,
        lastError: run ? run.error : null,
        // as the loop decides it: an interval after the last run began, never before now; off: none
        nextRunAt: loop.enabled
          ? new Date(
              Math.max(
                (lastStarted ?? Date.now()) + (lastStarted === null ? 0 : loop.intervalMs),
                Date.now(),
              ),
            ).toISOString()
          : null,
      },
      sessionsIngested: sessions,
      chunks,
      memories,
      decisions,
      agentQueries,
      transcriptLoop: run
        ? {
            lastRunAt: new Date(run.finished_at).toISOString(),
            trigger: run.trigger,
            lastCount: run.sessions,
            lastDurationMs: run.duration_ms,
            lastError: run.error,
          }
        : { lastRunAt: null, trigger: null, lastCount: 0, lastDurationMs: null, lastError: null },
      spendPerPoolPerDay: spend.map(
        (row: { day: string; pool: string; usd: number; calls: number }) => ({
          day: row.day,
          pool: row.pool,
          usd: round(row.usd * 100) / 100,
          calls: row.calls,
        }),
      ),
    };
  }
}
