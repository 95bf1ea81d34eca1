import type { EventOf } from '@mnemo/contracts';
import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { DataSource } from 'typeorm';
import type { EventEnvelope } from '@mnemo/contracts';
import { EventContext, OnEvent } from '@mnemo/eventing';
import { awaitCheckpoint, DATA_SOURCE } from '@mnemo/persistence';
import { DecisionDistillerService } from './decision-distiller.service';

/**
 * Once a session has a redacted summary (the ingest's outcome summary, or a compaction summary),
 * distil its decisions and lessons (docs/coding-memory.md).
 */
@Controller()
export class SessionSummaryReactor {
  constructor(
    @Inject(DATA_SOURCE) private readonly db: DataSource,
    private readonly distiller: DecisionDistillerService,
  ) {}

  @OnEvent('SessionOutcomeRecorded')
  async onOutcome(
    @Payload() event: EventOf<'SessionOutcomeRecorded'>,
    @Ctx() context: EventContext,
  ): Promise<void> {
    await this.distil(event, event.payload.summary, context);
  }

  @OnEvent('SegmentCompacted')
  async onCompacted(
    @Payload() event: EventOf<'SegmentCompacted'>,
    @Ctx() context: EventContext,
  ): Promise<void> {
    await this.distil(event, event.payload.summary, context);
  }

  private async distil(event: EventEnvelope, summary: string, ctx: EventContext): Promise<void> {
    if (!event.sessionId || !summary.trim()) return;
    // who ran the session comes from recall's own sessions read model, once it has applied this event
    await awaitCheckpoint(this.db, 'recall', ctx.stored.seq);
    const [session]: Array<{ developer: string | null }> = await this.db.query(
      `SELECT developer FROM recall_sessions WHERE account_id = $1 AND session_id = $2`,
      [event.accountId, event.sessionId],
    );
    await this.distiller.distill({
      accountId: event.accountId,
      sessionId: event.sessionId,
      summary,
      developer: session?.developer ?? null,
      key: event.id,
      cause: event,
      occurredAt: event.occurredAt,
    });
  }
}
