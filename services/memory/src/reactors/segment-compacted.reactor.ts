import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { DataSource } from 'typeorm';
import type { EventEnvelope, PayloadOf } from '@mnemo/contracts';
import { EventContext, LOGGER, OnEvent, type Logger } from '@mnemo/eventing';
import { awaitCheckpoint, DATA_SOURCE } from '@mnemo/persistence';
import { buildCompactionInput, EXTRACTION_FOLLOWS, extractionFollows, readSessionTurns, settledAs } from '@mnemo/compaction-service';
import { segmentOrigin } from '../domain/fact-guards';
import { FactExtractor } from './fact-extractor.service';

type Settled = 'SegmentCompacted' | 'CompactionSkipped' | 'CompactionFailed';

/**
 * Once a segment's compaction call has settled (seed 000: extraction never overlaps the summary call),
 * extract durable facts from the turns of that segment — those logged after the last pause extraction
 * followed (or the last quiet-time extraction), up to this pause. It settles as a summary, or as a
 * failed call or a spent compaction cap: the transcript is still there to read, and extraction pays
 * from the session pool. A missing credential or an empty transcript is not followed.
 */
@Controller()
export class SegmentCompactedReactor {
  constructor(
    @Inject(DATA_SOURCE) private readonly db: DataSource,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly extractor: FactExtractor,
  ) {}

  @OnEvent('SegmentCompacted')
  async onSegmentCompacted(@Payload() raw: unknown, @Ctx() context: unknown): Promise<void> {
    await this.afterSettled(raw as EventEnvelope<Settled, PayloadOf<'SegmentCompacted'>>, context as EventContext);
  }

  @OnEvent('CompactionSkipped')
  async onCompactionSkipped(@Payload() raw: unknown, @Ctx() context: unknown): Promise<void> {
    await this.afterSettled(raw as EventEnvelope<Settled, PayloadOf<'CompactionSkipped'>>, context as EventContext);
  }

  @OnEvent('CompactionFailed')
  async onCompactionFailed(@Payload() raw: unknown, @Ctx() context: unknown): Promise<void> {
    await this.afterSettled(raw as EventEnvelope<Settled, PayloadOf<'CompactionFailed'>>, context as EventContext);
  }

  // OnEvent's typing sees only `unknown` arguments; the JetStream transport passes an EventContext.
  private async afterSettled(event: EventEnvelope<Settled, { segment: number; reason?: string }>, ctx: EventContext): Promise<void> {
    const sessionId = event.sessionId;
    if (!sessionId) return;
    if (!extractionFollows(settledAs(event.type, event.payload))) return;
    const { segment } = event.payload;
    // The pauses and outcomes logged before this event are in the compaction read model once it gets here.
    await awaitCheckpoint(this.db, 'compaction', ctx.stored.seq);
    const [bounds]: Array<{ paused_seq: string | null; after_seq: string }> = await this.db.query(
      `SELECT p.paused_seq,
              GREATEST(
                coalesce((SELECT max(pp.paused_seq) FROM segment_pauses pp
                          WHERE pp.account_id = $1 AND pp.session_id = $2 AND pp.segment < $3 AND pp.settled = ANY($4::text[])), 0),
                coalesce((SELECT q.through_seq FROM quiet_extractions q WHERE q.account_id = $1 AND q.session_id = $2 AND q.through_seq < p.paused_seq), 0)
              ) AS after_seq
       FROM segment_pauses p WHERE p.account_id = $1 AND p.session_id = $2 AND p.segment = $3`,
      [event.accountId, sessionId, segment, EXTRACTION_FOLLOWS],
    );
    if (!bounds?.paused_seq) {
      this.logger.warn({ eventId: event.id, sessionId, segment }, 'compaction outcome of a segment with no recorded pause: nothing to extract from');
      return;
    }
    const window = { accountId: event.accountId, sessionId, afterSeq: Number(bounds.after_seq), throughSeq: Number(bounds.paused_seq) };
    await awaitCheckpoint(this.db, 'sessions', window.throughSeq);
    const { turns } = await readSessionTurns(this.db, window);
    await this.extractor.extract({
      accountId: event.accountId,
      transcript: buildCompactionInput(turns).text,
      origin: segmentOrigin(sessionId, segment),
      trigger: { kind: 'segment', sessionId, segment },
      key: event.id,
      cause: event,
    });
  }
}
