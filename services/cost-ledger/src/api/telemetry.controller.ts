import { Controller, Get, Inject, Query, UseGuards } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { DATA_SOURCE } from '@mnemo/persistence';
import { AccountId, AdminKeyGuard, ApiKeyGuard, parseInput } from '@mnemo/http-edge';

export const TelemetryQuery = z.object({
  action: z.string().min(1).max(100).optional(),
  name: z.string().min(1).max(100).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});

/** The caller's feature_events (docs/costs.md, telemetry), newest first. */
@Controller('v1/telemetry')
@UseGuards(ApiKeyGuard)
export class TelemetryController {
  constructor(@Inject(DATA_SOURCE) private readonly db: DataSource) {}

  @Get()
  async list(@AccountId() accountId: string, @Query() query: unknown) {
    return {
      events: await recentTelemetry(this.db, accountId, parseInput(TelemetryQuery, query, 'query')),
    };
  }
}

/** Every account's recent telemetry, newest first, each with its account: the dashboard's feed. */
@Controller('v1/admin/telemetry')
@UseGuards(AdminKeyGuard)
export class AdminTelemetryController {
  constructor(@Inject(DATA_SOURCE) private readonly db: DataSource) {}

  @Get()
  async list(@Query() query: unknown) {
    return {
      events: await recentTelemetry(this.db, null, parseInput(TelemetryQuery, query, 'query')),
    };
  }
}

/** feature_events newest first, of one account or (null) of all. */
async function recentTelemetry(
  db: DataSource,
  accountId: string | null,
  filter: z.infer<typeof TelemetryQuery>,
) {
  const rows: Array<{
    event_id: string;
    account_id: string;
    name: string;
    action: string;
    metadata: Record<string, unknown>;
    occurred_at: Date;
  }> = await db.query(
    `SELECT event_id, account_id, name, action, metadata, occurred_at FROM feature_events
     WHERE ($1::text IS NULL OR account_id = $1) AND ($2::text IS NULL OR action = $2) AND ($3::text IS NULL OR name = $3)
     ORDER BY occurred_at DESC, event_id LIMIT $4`,
    [accountId, filter.action ?? null, filter.name ?? null, filter.limit],
  );
  return rows.map((row) => ({
    id: row.event_id,
    ...(accountId === null ? { accountId: row.account_id } : {}),
    name: row.name,
    action: row.action,
    metadata: row.metadata,
    occurredAt: new Date(row.occurred_at).toISOString(),
  }));
}
