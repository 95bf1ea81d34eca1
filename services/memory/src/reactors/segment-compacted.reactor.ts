import type { EventOf } from '@mnemo/contracts';
import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { DataSource } from 'typeorm';
import { DependencyError } from '@mnemo/contracts';
import { EVENT_LOG, EventContext, OnEvent, type EventLog } from '@mnemo/eventing';
import { awaitCheckpoint, DATA_SOURCE } from '@mnemo/persistence';
import { extractionFollows, segmentWindow, settledAs } from '../domain/extraction-window';
import { segmentOrigin } from '../domain/fact-guards';
import { windowTranscript } from '../extraction/ingest-turns.client';
import { memorySessionsProjection } from '../projections/memory-sessions.projection';
import { FactExtractionService } from '../extraction/fact-extraction.service';

type Settled = 'SegmentCompacted' | 'CompactionSkipped' | 'CompactionFailed';

/**
 * Once a segment's compaction call has settled (extraction never overlaps the summary call),
 * extract durable facts from the turns of that segment — those logged after the last pause extraction
 * followed (or the last quiet-time extraction), up to this pause. It settles as a summary, or as a
 * failed call or a spent compaction cap: the transcript is still there to read, and extraction pays
 * from the session pool. A missing credential or an empty transcript is not followed.
 */
@Controller()
export class SegmentCompactedReactor {
  constructor(
    @Inject(EVENT_LOG) private readonly log: EventLog,
    @Inject(DATA_SOURCE) private readonly db: DataSource,
    private readonly extractor: FactExtractionService,
  ) {}

  @OnEvent('SegmentCompacted')
  async onSegmentCompacted(
    @Payload() event: EventOf<'SegmentCompacted'>,
    @Ctx() context: EventContext,
  ): Promise<void> {
    await this.afterSettled(event, context);
  }

  @OnEvent('CompactionSkipped')
  async onCompactionSkipped(
    @Payload() event: EventOf<'CompactionSkipped'>,
    @Ctx() context: EventContext,
  ): Promise<void> {
    await this.afterSettled(event, context);
  }

  @OnEvent('CompactionFailed')
  async onCompactionFailed(
    @Payload() event: EventOf<'CompactionFailed'>,
    @Ctx() context: EventContext,
  ): Promise<void> {
    await this.afterSettled(event, context);
  }

  private async afterSettled(event: EventOf<Settled>, ctx: EventContext): Promise<void> {
    const sessionId = event.sessionId;
    if (!sessionId) return;
    const reason = event.type === 'SegmentCompacted' ? undefined : event.payload.reason;
    if (!extractionFollows(settledAs(event.type, { reason }))) return;
    const { segment } = event.payload;
    // Memory's own read model of pauses and outcomes holds everything logged before this event once it gets here.
    await awaitCheckpoint(this.db, memorySessionsProjection.name, ctx.stored.seq);
    const pauses: Array<{ segment: number; paused_seq: string; settled: string | null }> =
      await this.db.query(
        `SELECT segment, paused_seq, settled FROM segment_pauses WHERE account_id = $1 AND session_id = $2 AND segment <= $3 AND paused_seq IS NOT NULL`,
        [event.accountId, sessionId, segment],
      );
    const quiet: Array<{ through_seq: string }> = await this.db.query(
      `SELECT through_seq FROM quiet_extractions WHERE account_id = $1 AND session_id = $2`,
      [event.accountId, sessionId],
    );
    const recorded = pauses.map((p) => ({
      segment: p.segment,
      pausedSeq: Number(p.paused_seq),
      settled: p.settled,
    }));
    const window = segmentWindow(segment, recorded, quiet[0] ? Number(quiet[0].through_seq) : null);
    if (!window) {
      // The pause is logged before its outcome and the checkpoint covers every event below it
      // (docs/event-log.md), so this is a pause the read model lost to a failure of its own projector.
      // Waited for (the consumer's dependency patience), never dropped.
      throw new DependencyError(
        'memory read model',
        `the pause of segment ${segment} of session "${sessionId}" is not projected yet`,
      );
    }
    const { transcript, turns, person, coding } = await windowTranscript(
      this.log,
      { accountId: event.accountId, sessionId },
      window,
    );
    await this.extractor.extract({
      accountId: event.accountId,
      transcript,
      turns,
      ...(person ? { person } : {}),
      coding,
      origin: segmentOrigin(sessionId, segment),
      trigger: { kind: 'segment', sessionId, segment },
      key: event.id,
      cause: event,
    });
  }
}
