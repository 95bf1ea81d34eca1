import type { EventOf } from '@mnemo/contracts';
import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { INGEST_RPC, SessionTurnsReply, type ReactionDraft } from '@mnemo/contracts';
import {
  EVENT_LOG,
  EventContext,
  LOGGER,
  OnEvent,
  requestFromService,
  type EventLog,
  type Logger,
} from '@mnemo/eventing';
import { CACHE, type Cache } from '@mnemo/persistence';
import {
  buildTranscript,
  LLM_CLIENT,
  publishReaction,
  settleCall,
  TRANSCRIPT_MAX_CHARS,
  type LlmClient,
  type Transcript,
  type SourceTurn,
} from '@mnemo/llm';
import {
  decideCompactionOutcome,
  needsSummary,
  type CompactionLlmResult,
} from '../domain/compaction-outcome';
import { compactionPrompt } from '../domain/compaction-prompt';
import { compactionTelemetry } from '../domain/compaction-telemetry';
import { COMPACTION_CONFIG, type CompactionConfig } from '../compaction.config';

/** Above ingest's own wait for its turns read model, so a lag comes back as an answer. */
const TURNS_TIMEOUT_MS = 10_000;

/**
 * On a segment pause: summarize the session so far and record the outcome — SegmentCompacted,
 * CompactionSkipped or CompactionFailed, plus its telemetry row. The model's answer lives in the event,
 * so replaying the log rebuilds the summary without asking again. No outcome is ever an exception the
 * session waits on; only a read model that lags (DependencyError) sends the pause back for a retry.
 */
@Controller()
export class SegmentPausedReactor {
  constructor(
    @Inject(EVENT_LOG) private readonly log: EventLog,
    @Inject(CACHE) private readonly cache: Cache,
    @Inject(LLM_CLIENT) private readonly llm: LlmClient,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(COMPACTION_CONFIG) private readonly config: CompactionConfig,
  ) {}

  @OnEvent('SegmentPaused')
  async onSegmentPaused(
    @Payload() event: EventOf<'SegmentPaused'>,
    @Ctx() ctx: EventContext,
  ): Promise<void> {
    const sessionId = event.sessionId;
    if (!sessionId) {
      this.logger.warn(
        { eventId: event.id },
        'segment pause without a session: nothing to summarize',
      );
      return;
    }
    const doneKey = `compaction:done:${event.id}`;
    if (await this.cache.get(doneKey)) return;

    const pausedSeq = ctx.stored.seq;
    // Ingest owns the turns and answers once its read model has those the pause ends (a pause may overtake them).
    const { turns, total } = await requestFromService(this.log, {
      service: 'ingest',
      verb: INGEST_RPC.sessionTurns,
      body: {
        accountId: event.accountId,
        sessionId,
        afterSeq: 0,
        throughSeq: pausedSeq,
        maxChars: TRANSCRIPT_MAX_CHARS,
      },
      reply: SessionTurnsReply,
      timeoutMs: TURNS_TIMEOUT_MS,
    });
    const built = buildTranscript(turns);
    const input = { ...built, droppedTurns: built.droppedTurns + (total - turns.length) };
    const segment = event.payload.segment;

    // The turns with their dates go along: the offline summary is dated per turn.
    const dated = turns.flatMap((t) =>
      t.role === 'system'
        ? []
        : [
            {
              seq: t.seq,
              role: t.role,
              text: t.text,
              ...(t.occurredAt ? { occurredAt: t.occurredAt } : {}),
            },
          ],
    );
    const result = needsSummary(input)
      ? await this.summarize(event.accountId, input, segment, dated)
      : undefined;
    const outcome = decideCompactionOutcome({ segment, input, result });
    const telemetry = compactionTelemetry(outcome, { sessionId, result });

    const drafts: ReactionDraft[] = [{ ...outcome, role: 'outcome' }];
    if (telemetry)
      drafts.push({ type: 'FeatureEventRecorded', role: 'telemetry', payload: telemetry });
    await publishReaction(this.log, event, drafts, {
      producer: 'compaction',
      accountId: event.accountId,
    });
    // A finished compaction is remembered, so a redelivered pause never pays for a second summary.
    await this.cache.set(doneKey, outcome.type, this.config.doneTtlMs);
    this.logger.info(
      {
        accountId: event.accountId,
        sessionId,
        segment,
        outcome: outcome.type,
        turns: input.includedTurns,
      },
      'segment compaction settled',
    );
  }

  private async summarize(
    account: string,
    input: Transcript,
    segment: number,
    turns: SourceTurn[],
  ): Promise<CompactionLlmResult> {
    const prompt = compactionPrompt(input, { segment });
    // A thrown call is a failed one, never a blocked session.
    return settleCall(
      this.llm.complete({
        account,
        label: 'compaction',
        // The compaction cap, and the session pool shared with extraction (docs/costs.md).
        pools: ['compaction', 'session'],
        system: prompt.system,
        messages: prompt.messages,
        maxOutputTokens: this.config.maxOutputTokens,
        source: input.text,
        turns,
      }),
      (error) =>
        this.logger.warn({ account, segment, err: String(error) }, 'compaction call threw'),
    );
  }
}
