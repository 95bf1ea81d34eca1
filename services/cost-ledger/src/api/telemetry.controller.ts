import { Controller, Get, Inject, Query, UseGuards } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { DATA_SOURCE } from '@mnemo/persistence';
import { AccountId, ApiKeyGuard, parseInput } from '@mnemo/http-edge';

const TelemetryQuery = z.object({
  action: z.string().min(1).max(100).optional(),
  name: z.string().min(1).max(100).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});

/** The caller's feature_events (seed 000's validation telemetry), newest first. */
@Controller('v1/telemetry')
@UseGuards(ApiKeyGuard)
export class TelemetryController {
  constructor(@Inject(DATA_SOURCE) private readonly db: DataSource) {}

  @Get()
  async list(@AccountId() accountId: string, @Query() query: unknown) {
    const { action, name, limit } = parseInput(TelemetryQuery, query, 'query');
    const rows: Array<{ event_id: string; name: string; action: string; metadata: Record<string, unknown>; occurred_at: Date }> = await this.db.query(
      `SELECT event_id, name, action, metadata, occurred_at FROM feature_events
       WHERE account_id = $1 AND ($2::text IS NULL OR action = $2) AND ($3::text IS NULL OR name = $3)
       ORDER BY occurred_at DESC, event_id LIMIT $4`,
      [accountId, action ?? null, name ?? null, limit],
    );
    return {
      events: rows.map((row) => ({
        id: row.event_id,
        name: row.name,
        action: row.action,
        metadata: row.metadata,
        occurredAt: new Date(row.occurred_at).toISOString(),
      })),
    };
  }
}
