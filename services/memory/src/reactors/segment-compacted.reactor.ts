import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { DataSource } from 'typeorm';
import type { EventEnvelope, PayloadOf } from '@mnemo/contracts';
import { EventContext, LOGGER, OnEvent, type Logger } from '@mnemo/eventing';
import { DATA_SOURCE } from '@mnemo/persistence';
import { awaitProjection, buildCompactionInput, readSessionTurns } from '@mnemo/compaction-service';
import { segmentOrigin } from '../domain/fact-guards';
import { FactExtractor } from './fact-extractor.service';

/**
 * After a segment's summary (so its compaction call has settled, seed 000): extract durable facts from
 * the turns of that segment — those logged after the last segment that was summarized (or the last
 * quiet-time extraction), up to this pause.
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
    // OnEvent's typing sees only `unknown` arguments; the JetStream transport passes an EventContext.
    const ctx = context as EventContext;
    const event = raw as EventEnvelope<'SegmentCompacted', PayloadOf<'SegmentCompacted'>>;
    const sessionId = event.sessionId;
    if (!sessionId) return;
    const { segment } = event.payload;
    // The pauses and summaries logged before this event are in the compaction read model once it gets here.
    await awaitProjection(this.db, 'compaction', ctx.stored.seq);
    const [bounds]: Array<{ paused_seq: string | null; after_seq: string }> = await this.db.query(
      `SELECT p.paused_seq,
              GREATEST(
                coalesce((SELECT max(pp.paused_seq) FROM segment_pauses pp JOIN segment_summaries s USING (account_id, session_id, segment)
                          WHERE pp.account_id = $1 AND pp.session_id = $2 AND pp.segment < $3), 0),
                coalesce((SELECT q.through_seq FROM quiet_extractions q WHERE q.account_id = $1 AND q.session_id = $2 AND q.through_seq < p.paused_seq), 0)
              ) AS after_seq
       FROM segment_pauses p WHERE p.account_id = $1 AND p.session_id = $2 AND p.segment = $3`,
      [event.accountId, sessionId, segment],
    );
    if (!bounds?.paused_seq) {
      this.logger.warn({ eventId: event.id, sessionId, segment }, 'summary of a segment with no recorded pause: nothing to extract from');
      return;
    }
    const window = { accountId: event.accountId, sessionId, afterSeq: Number(bounds.after_seq), throughSeq: Number(bounds.paused_seq) };
    await awaitProjection(this.db, 'sessions', window.throughSeq);
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
