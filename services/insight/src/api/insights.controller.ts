import { Controller, Delete, Get, HttpCode, Inject, Param, Post, UseGuards } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { NotFoundError, eventFactory } from '@mnemo/contracts';
import { EVENT_LOG, type EventLog } from '@mnemo/eventing';
import { AccountId, ApiKeyGuard } from '@mnemo/http-edge';
import { appendAndAwait, DATA_SOURCE } from '@mnemo/persistence';
import { insightProjection } from '../projections/insight.projection';

const insightEvent = eventFactory('insight');

const iso = (value: unknown): string => new Date(value as string).toISOString();

/** Cross-artifact insights (docs/insights.md): the active ones, dismiss, delete; account-scoped. */
@Controller('v1/insights')
@UseGuards(ApiKeyGuard)
export class InsightsController {
  constructor(
    @Inject(EVENT_LOG) private readonly log: EventLog,
    @Inject(DATA_SOURCE) private readonly db: DataSource,
  ) {}

  /** The active insights, newest first, each with its pair (id and title). */
  @Get()
  async list(@AccountId() accountId: string) {
    const rows: Array<Record<string, any>> = await this.db.query(
      `SELECT i.id, i.kind, i.summary, i.artifact_a, i.artifact_b, i.detected_at, a.title AS a_title, b.title AS b_title
       FROM insight_items i
       LEFT JOIN insight_artifacts a ON a.account_id = i.account_id AND a.id = i.artifact_a
       LEFT JOIN insight_artifacts b ON b.account_id = i.account_id AND b.id = i.artifact_b
       WHERE i.account_id = $1 AND i.status = 'active'
       ORDER BY i.detected_at DESC, i.id`,
      [accountId],
    );
    return {
      insights: rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        summary: r.summary,
        artifacts: [
          { id: r.artifact_a, title: r.a_title ?? r.artifact_a },
          { id: r.artifact_b, title: r.b_title ?? r.artifact_b },
        ],
        detectedAt: iso(r.detected_at),
      })),
    };
  }

  @Post(':id/dismiss')
  @HttpCode(200)
  async dismiss(@AccountId() accountId: string, @Param('id') id: string) {
    const status = await this.statusOf(accountId, id);
    if (status === 'deleted') throw new NotFoundError(`insight ${id}`);
    if (status === 'active') await this.write(accountId, 'InsightDismissed', id);
    return { id, status: 'dismissed' };
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@AccountId() accountId: string, @Param('id') id: string): Promise<void> {
    const status = await this.statusOf(accountId, id);
    if (status === 'deleted') throw new NotFoundError(`insight ${id}`);
    await this.write(accountId, 'InsightDeleted', id);
  }

  private async statusOf(accountId: string, id: string): Promise<string> {
    const rows: Array<{ status: string }> = await this.db.query(
      'SELECT status FROM insight_items WHERE account_id = $1 AND id = $2',
      [accountId, id],
    );
    if (!rows[0]) throw new NotFoundError(`insight ${id}`);
    return rows[0].status;
  }

  private async write(
    accountId: string,
    type: 'InsightDismissed' | 'InsightDeleted',
    insightId: string,
  ): Promise<void> {
    const event = insightEvent({
      id: randomUUID(),
      type,
      accountId,
      occurredAt: new Date().toISOString(),
      payload: { insightId },
    });
    await appendAndAwait({ log: this.log, dataSource: this.db }, [event], insightProjection.name);
  }
}
