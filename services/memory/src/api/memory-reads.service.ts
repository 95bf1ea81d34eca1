import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import {
  INGEST_RPC,
  SessionTurnReply,
  type MemoryPage,
  type MemorySearchHit,
} from '@mnemo/contracts';
import { EVENT_LOG, requestFromService, type EventLog } from '@mnemo/eventing';
import { DATA_SOURCE } from '@mnemo/persistence';
import { factTypesIn, type MemoryCategory } from '../domain/memory-categories';
import type { ExistingFact, FactTypeName } from '../domain/memory-fact';
import type { PlanCheckIn, PlanSlot, PlanState } from '../domain/plans';
import type { ProposalState } from '../domain/proposals';
import { proposalFromRow } from '../projections/memory-proposals.projection';
import { planFromRow, readPlanSlots } from '../projections/plans.projection';
import { daySeries } from '../projections/day-series.projection';
import type { DayValue } from '@mnemo/memory-rules';
import type { MemoryRecord } from '../domain/memory-decisions';
import {
  countsFromTypeTotals,
  HEADLINE_OPTIONS,
  highlightSnippet,
  memoryView,
  type MemoryView,
} from '../domain/memory-view';

const TURN_TIMEOUT_MS = 5_000;

/** Every read of the memory read models, always scoped to one account. */
@Injectable()
export class MemoryReadsService {
  constructor(
    @Inject(DATA_SOURCE) private readonly db: DataSource,
    @Inject(EVENT_LOG) private readonly log: EventLog,
  ) {}

  /** Active or superseded (a superseded fact keeps its history); a deleted one is not found. */
  async memory(accountId: string, id: string): Promise<MemoryView | undefined> {
    const rows: Array<Record<string, any>> = await this.db.query(
      `SELECT * FROM memory_facts WHERE account_id = $1 AND id = $2 AND status <> 'deleted'`,
      [accountId, id],
    );
    if (!rows[0]) return undefined;
    const [view] = await this.withSupersedes(accountId, [memoryView(rows[0])]);
    return view;
  }

  /** Each memory with the facts it replaced (the Explorer shows what a memory superseded). */
  private async withSupersedes(accountId: string, views: MemoryView[]): Promise<MemoryView[]> {
    if (views.length === 0) return views;
    const rows: Array<{ id: string; content: string; superseded_by: string }> = await this.db.query(
      `SELECT id, content, superseded_by FROM memory_facts
       WHERE account_id = $1 AND status = 'superseded' AND superseded_by = ANY($2::text[]) ORDER BY created_at, id`,
      [accountId, views.map((v) => v.id)],
    );
    return views.map((view) => ({
      ...view,
      supersedes: rows
        .filter((r) => r.superseded_by === view.id)
        .map((r) => ({ id: r.id, content: r.content })),
    }));
  }

  /** The person's active facts, newest first, as dedup compares them (a remembered fact said twice is one). */
  async activeFacts(accountId: string, limit = 500): Promise<ExistingFact[]> {
    const rows: Array<Record<string, any>> = await this.db.query(
      `SELECT id, fact_type, content, confidence, source_session, subject FROM memory_facts
       WHERE account_id = $1 AND status = 'active' ORDER BY updated_at DESC, id LIMIT $2`,
      [accountId, limit],
    );
    return rows.map((r) => ({
      factId: r.id,
      factType: r.fact_type,
      content: r.content,
      confidence: r.confidence,
      sourceSession: r.source_session,
      ...(r.subject ? { subject: r.subject } : {}),
    }));
  }

  async record(accountId: string, id: string): Promise<MemoryRecord | undefined> {
    const view = await this.memory(accountId, id);
    return (
      view && {
        id: view.id,
        factType: view.factType,
        content: view.content,
        confidence: view.confidence,
        version: view.version,
        status: view.status,
      }
    );
  }

  async list(
    accountId: string,
    category: MemoryCategory,
    page: number,
    pageSize: number,
  ): Promise<MemoryPage> {
    const types = factTypesIn(category);
    const [rows, totals]: [
      Array<Record<string, any>>,
      Array<{ fact_type: FactTypeName; n: number }>,
    ] = await Promise.all([
      this.db.query(
        `SELECT * FROM memory_facts WHERE account_id = $1 AND status = 'active' AND fact_type = ANY($2::text[])
         ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`,
        [accountId, types, pageSize, (page - 1) * pageSize],
      ),
      this.db.query(
        `SELECT fact_type, count(*)::int AS n FROM memory_facts WHERE account_id = $1 AND status = 'active' GROUP BY fact_type`,
        [accountId],
      ),
    ]);
    const counts = countsFromTypeTotals(totals.map((t) => ({ factType: t.fact_type, n: t.n })));
    return {
      memories: await this.withSupersedes(accountId, rows.map(memoryView)),
      counts,
      total: counts[category],
      page,
      pageSize,
    };
  }

  /** Ranked full-text search; snippets are built for the returned page only. */
  async search(
    accountId: string,
    q: string,
    category: MemoryCategory,
    limit: number,
  ): Promise<{ hits: MemorySearchHit[] }> {
    const rows: Array<Record<string, any>> = await this.db.query(
      `WITH query AS (SELECT websearch_to_tsquery('english', $2) AS tsq),
       hits AS (
         SELECT f.id, f.fact_type, f.content, f.version, ts_rank_cd(f.search, query.tsq) AS rank, f.created_at
         FROM memory_facts f, query
         WHERE f.account_id = $1 AND f.status = 'active' AND f.fact_type = ANY($3::text[]) AND f.search @@ query.tsq
         ORDER BY rank DESC, f.created_at DESC, f.id
         LIMIT $4)
       SELECT hits.id, hits.fact_type, hits.content, hits.version, hits.rank,
              ts_headline('english', translate(hits.content, E'\\x01\\x02', ''), query.tsq, $5) AS headline
       FROM hits, query ORDER BY hits.rank DESC, hits.created_at DESC, hits.id`,
      [accountId, q, factTypesIn(category), limit, HEADLINE_OPTIONS],
    );
    return {
      hits: rows.map((row) => ({
        id: row.id,
        factType: row.fact_type,
        content: row.content,
        version: row.version,
        rank: Number(row.rank),
        snippet: highlightSnippet(row.headline),
      })),
    };
  }

  async proposal(accountId: string, id: string): Promise<ProposalState | undefined> {
    const rows: Array<Record<string, any>> = await this.db.query(
      `SELECT * FROM memory_proposals WHERE account_id = $1 AND id = $2`,
      [accountId, id],
    );
    return rows[0] ? proposalFromRow(rows[0]) : undefined;
  }

  async pendingProposals(accountId: string): Promise<ProposalState[]> {
    const rows: Array<Record<string, any>> = await this.db.query(
      `SELECT * FROM memory_proposals WHERE account_id = $1 AND status = 'pending' ORDER BY proposed_at, id`,
      [accountId],
    );
    return rows.map((row) => proposalFromRow(row));
  }

  /** Whether a fact or a proposal already came from this message: one per message. */
  async savedFromMessage(accountId: string, sessionId: string, seq: number): Promise<boolean> {
    const rows = await this.db.query(
      `SELECT 1 FROM memory_facts WHERE account_id = $1 AND source_session = $2 AND source_message_seq = $3
       UNION ALL SELECT 1 FROM memory_proposals WHERE account_id = $1 AND source_session = $2 AND source_message_seq = $3 AND status IN ('pending', 'confirmed')
       LIMIT 1`,
      [accountId, sessionId, seq],
    );
    return rows.length > 0;
  }

  /**
   * One message of a session, asked of ingest, which owns the turns (a DependencyError, 503, while it
   * cannot answer); without a seq, the person's current message (the newest user turn).
   */
  async turn(
    accountId: string,
    sessionId: string,
    seq: number | undefined,
  ): Promise<{ role: 'user' | 'assistant' | 'system'; text: string; seq: number } | undefined> {
    const { turn } = await requestFromService(this.log, {
      service: 'ingest',
      verb: INGEST_RPC.sessionTurn,
      body: { accountId, sessionId, ...(seq === undefined ? {} : { seq }) },
      reply: SessionTurnReply,
      timeoutMs: TURN_TIMEOUT_MS,
    });
    return turn ?? undefined;
  }

  async plans(accountId: string): Promise<PlanState[]> {
    const rows: Array<Record<string, any>> = await this.db.query(
      `SELECT * FROM plans WHERE account_id = $1 ORDER BY proposed_at DESC, id`,
      [accountId],
    );
    return rows.map(planFromRow);
  }

  /** What the plan limits read: each plan's status and the answer it was proposed in. */
  async planSlots(accountId: string): Promise<PlanSlot[]> {
    return readPlanSlots(this.db, accountId);
  }

  /** The day series each measured plan reads, by plan id. */
  async seriesOf(accountId: string, plans: readonly PlanState[]): Promise<Map<string, DayValue[]>> {
    const bySeries = new Map<string, DayValue[]>();
    for (const plan of plans) {
      if (plan.measure)
        bySeries.set(
          plan.planId,
          await daySeries(this.db, accountId, plan.measure.metric, plan.measure.unit),
        );
    }
    return bySeries;
  }

  /** A metric's daily values per unit it was recorded in. */
  async metricDays(
    accountId: string,
    metric: string,
  ): Promise<
    Array<{ unit: string; aggregation: string; days: Array<DayValue & { samples: number }> }>
  > {
    const rows: Array<Record<string, any>> = await this.db.query(
      `SELECT unit, aggregation, to_char(day, 'YYYY-MM-DD') AS day, value, samples FROM measurement_days
       WHERE account_id = $1 AND metric = $2 ORDER BY unit, day`,
      [accountId, metric],
    );
    type UnitDays = {
      unit: string;
      aggregation: string;
      days: Array<DayValue & { samples: number }>;
    };
    const byUnit = new Map<string, UnitDays>();
    for (const row of rows) {
      const entry: UnitDays = byUnit.get(row.unit) ?? {
        unit: row.unit,
        aggregation: row.aggregation,
        days: [],
      };
      entry.days.push({ day: row.day, value: Number(row.value), samples: Number(row.samples) });
      byUnit.set(row.unit, entry);
    }
    return [...byUnit.values()];
  }

  /** Which of these measurement keys are already kept, per metric. */
  async knownMeasurements(
    accountId: string,
    keys: ReadonlyArray<{ metric: string; key: string }>,
  ): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows: Array<{ metric: string; sample_key: string }> = await this.db.query(
      `SELECT metric, sample_key FROM measurement_samples
       WHERE account_id = $1 AND (metric, sample_key) IN (SELECT * FROM unnest($2::text[], $3::text[]))`,
      [accountId, keys.map((k) => k.metric), keys.map((k) => k.key)],
    );
    return new Set(rows.map((r) => `${r.metric}\u0000${r.sample_key}`));
  }

  async checkIns(accountId: string, planIds: string[]): Promise<Map<string, PlanCheckIn[]>> {
    const rows: Array<Record<string, any>> = await this.db.query(
      `SELECT plan_id, progress, at FROM plan_checkins WHERE account_id = $1 AND plan_id = ANY($2::text[]) ORDER BY at, event_id`,
      [accountId, planIds],
    );
    const byPlan = new Map<string, PlanCheckIn[]>();
    for (const row of rows) {
      const list = byPlan.get(row.plan_id) ?? [];
      list.push({ at: new Date(row.at).toISOString(), progress: row.progress });
      byPlan.set(row.plan_id, list);
    }
    return byPlan;
  }

  async reminders(accountId: string) {
    const rows: Array<Record<string, any>> = await this.db.query(
      `SELECT id, text, due_at, source_session, created_at FROM reminders WHERE account_id = $1 ORDER BY due_at NULLS LAST, created_at, id`,
      [accountId],
    );
    return rows.map((row) => ({
      id: row.id,
      text: row.text,
      dueAt: row.due_at ? new Date(row.due_at).toISOString() : null,
      sessionId: row.source_session,
      createdAt: new Date(row.created_at).toISOString(),
    }));
  }
}
