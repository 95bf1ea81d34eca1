import { Body, Controller, Get, Inject, Param, Put, Query, UseGuards } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { CostPool, subjectToken } from '@mnemo/contracts';
import { EVENT_LOG, type EventLog } from '@mnemo/eventing';
import { DATA_SOURCE, oneRow } from '@mnemo/persistence';
import { AccountId, AdminKeyGuard, ApiKeyGuard, parseInput } from '@mnemo/http-edge';
import { effectiveCaps } from '../ledger/effective-caps';
import { costCapsProjection } from '../projections/cost-caps.projection';
import { appendAndWait, DayRangeQuery } from './api-helpers';
import { COST_LEDGER_CONFIG } from './cost-ledger.tokens';
import type { CostLedgerConfig } from '../cost-ledger.config';

interface SumRow {
  account_id?: string;
  day: string;
  pool: string;
  label: string;
  calls: number;
  cost_cap_hits: number;
  input_tokens: number | string;
  output_tokens: number | string;
  cost_usd: number | string;
}

/**
 * Sums by day, pool and label. A call counted against two pools (a compaction summary: compaction and
 * session) appears under both, as it does against both caps; the totals count each call once. Rows and
 * totals come from one statement, so they read one snapshot even while the projector is writing.
 */
async function sums(db: DataSource, range: { from: string; to: string }, accountId: string | null) {
  const by = accountId ? '' : 'account_id, ';
  const answered: Array<{ calls: number; cost_usd: number | string; rows: SumRow[] }> =
    await db.query(
      `WITH e AS (
       SELECT * FROM cost_entries WHERE day BETWEEN $1 AND $2 AND ($3::text IS NULL OR account_id = $3)
     ), grouped AS (
       SELECT ${by}day::text AS day, pool, label, count(*)::int AS calls,
              count(*) FILTER (WHERE outcome = 'cost_cap')::int AS cost_cap_hits,
              sum(input_tokens) AS input_tokens, sum(output_tokens) AS output_tokens, sum(cost_usd) AS cost_usd
       FROM e, unnest(pools) AS pool
       GROUP BY ${by}day, pool, label
     )
     SELECT (SELECT count(*)::int FROM e) AS calls,
            (SELECT coalesce(sum(cost_usd), 0) FROM e) AS cost_usd,
            coalesce((SELECT json_agg(g ORDER BY ${accountId ? '' : 'g.account_id, '}g.day, g.pool, g.label) FROM grouped g), '[]'::json) AS rows`,
      [range.from, range.to, accountId],
    );
  const result = oneRow(answered, 'cost sums');
  return {
    ...range,
    calls: result.calls,
    totalUsd: Number(result.cost_usd),
    rows: result.rows.map((row) => ({
      ...(row.account_id ? { accountId: row.account_id } : {}),
      day: row.day,
      pool: row.pool,
      label: row.label,
      calls: row.calls,
      costCapHits: row.cost_cap_hits,
      inputTokens: Number(row.input_tokens),
      outputTokens: Number(row.output_tokens),
      costUsd: Number(row.cost_usd),
    })),
  };
}

@Controller('v1/costs')
@UseGuards(ApiKeyGuard)
export class CostsController {
  constructor(
    @Inject(DATA_SOURCE) private readonly db: DataSource,
    @Inject(COST_LEDGER_CONFIG) private readonly config: CostLedgerConfig,
  ) {}

  /** The caller's LLM spend by UTC day, pool and label, with the caps in force for it. */
  @Get()
  async list(@AccountId() accountId: string, @Query() query: unknown) {
    const range = parseInput(DayRangeQuery, query, 'query');
    return {
      ...(await sums(this.db, range, accountId)),
      capsUsd: await effectiveCaps(this.db, accountId, this.config.caps),
    };
  }
}

export const CapBody = z.object({
  pool: CostPool,
  capUsd: z.number().nonnegative().max(1_000_000),
});

@Controller('v1/admin')
@UseGuards(AdminKeyGuard)
export class AdminCostsController {
  constructor(
    @Inject(DATA_SOURCE) private readonly db: DataSource,
    @Inject(EVENT_LOG) private readonly log: EventLog,
    @Inject(COST_LEDGER_CONFIG) private readonly config: CostLedgerConfig,
  ) {}

  /** Every account's spend by day, pool and label, with the daily cap per account that applies where none is set. */
  @Get('costs')
  async all(@Query() query: unknown) {
    return {
      ...(await sums(this.db, parseInput(DayRangeQuery, query, 'query'), null)),
      defaultCapsUsd: this.config.caps,
    };
  }

  @Get('cost-caps/:accountId')
  async caps(@Param('accountId') accountId: string) {
    const account = parseInput(subjectToken, accountId, 'query');
    return { accountId: account, capsUsd: await effectiveCaps(this.db, account, this.config.caps) };
  }

  /** Sets one account's daily cap for one pool; the next reservation already sees it. */
  @Put('cost-caps/:accountId')
  async setCap(@Param('accountId') accountId: string, @Body() body: unknown) {
    const account = parseInput(subjectToken, accountId, 'query');
    const { pool, capUsd } = parseInput(CapBody, body, 'body');
    await appendAndWait(
      { log: this.log, db: this.db },
      account,
      'CostCapSet',
      { pool, capUsd },
      costCapsProjection.name,
    );
    return { accountId: account, capsUsd: await effectiveCaps(this.db, account, this.config.caps) };
  }
}
