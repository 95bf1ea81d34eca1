import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import {
  DependencyError,
  featureEvents,
  type EventCause,
  type ReactionDraft,
} from '@mnemo/contracts';
import { EVENT_LOG, LOGGER, type EventLog, type Logger } from '@mnemo/eventing';
import { CACHE, DATA_SOURCE, oncePerCause, type Cache } from '@mnemo/persistence';
import {
  artifactSources,
  LLM_CLIENT,
  paidCall,
  publishReaction,
  type FailedCall,
  type LlmClient,
  type LlmSuccess,
} from '@mnemo/llm';
import { candidates, InsightAnswer } from '../domain/insight-candidates';
import { INSIGHT_CONFIG, type InsightConfig } from '../insight.config';
import { INSIGHT_MAX_OUTPUT_TOKENS, INSIGHT_SYSTEM, insightMessage } from './insight-prompt';

interface ArtifactRow {
  id: string;
  title: string;
  content: string;
  saved_at: Date;
}

export interface SavedArtifact {
  cause: EventCause;
  accountId: string;
  artifactId: string;
}

/** How long a detection may hold its save; it releases sooner. */
const IN_FLIGHT_MS = 2 * 60_000;
/** How long a save is remembered as compared: longer than any redelivery. */
const DONE_TTL_MS = 24 * 60 * 60_000;

/**
 * After a save: one model call (session pool, label `insight`) compares the saved artifact with the
 * most recent others; each new finding is recorded as InsightDetected (so a replay rebuilds the
 * insights with no call), with a telemetry row. The person's dismissals and deletions are never
 * re-added.
 */
@Injectable()
export class InsightDetectionService {
  constructor(
    @Inject(EVENT_LOG) private readonly log: EventLog,
    @Inject(DATA_SOURCE) private readonly db: DataSource,
    @Inject(CACHE) private readonly cache: Cache,
    @Inject(LLM_CLIENT) private readonly llm: LlmClient,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(INSIGHT_CONFIG) private readonly config: InsightConfig,
  ) {}

  /**
   * One detection per save, whatever the deliveries: a redelivery while the call is in flight waits
   * (and is retried), one after it finds the save done and pays for no second call.
   */
  async detect(saved: SavedArtifact): Promise<number> {
    const found = await oncePerCause(
      this.cache,
      {
        doneKey: `insight:done:${saved.cause.id}`,
        doneTtlMs: DONE_TTL_MS,
        lockKey: `insight:detecting:${saved.cause.id}`,
        lockMs: IN_FLIGHT_MS,
        busy: () =>
          new DependencyError(
            'insight detection',
            `save ${saved.cause.id} is being compared already; retrying`,
          ),
      },
      () => this.detectOnce(saved),
    );
    return found ?? 0;
  }

  private async detectOnce(saved: SavedArtifact): Promise<number> {
    const { accountId, artifactId } = saved;
    const rows: ArtifactRow[] = await this.db.query(
      `(SELECT id, title, content, saved_at, 0 AS focus FROM insight_artifacts WHERE account_id = $1 AND id = $2)
       UNION ALL
       (SELECT id, title, content, saved_at, 1 AS focus FROM insight_artifacts WHERE account_id = $1 AND id <> $2 ORDER BY first_seq DESC LIMIT $3)
       ORDER BY focus`,
      [accountId, artifactId, this.config.maxCompared],
    );
    if (rows.length < 2 || rows[0]?.id !== artifactId) return 0;
    const known = rows.map((r) => ({ id: r.id, savedAt: new Date(r.saved_at).toISOString() }));
    const sources = artifactSources(
      rows.map((r) => ({
        id: r.id,
        title: r.title,
        savedAt: new Date(r.saved_at).toISOString(),
        content: r.content,
      })),
      this.config.inputMaxChars,
    );
    return paidCall(
      this.llm.complete({
        account: accountId,
        label: 'insight',
        pools: ['session'],
        system: INSIGHT_SYSTEM,
        messages: [{ role: 'user', content: insightMessage(sources) }],
        maxOutputTokens: INSIGHT_MAX_OUTPUT_TOKENS,
        json: { listKey: 'insights' },
        schema: InsightAnswer,
        source: sources,
      }),
      {
        answered: (answer) => this.found(saved, answer, known),
        failed: (failure) => this.failed(saved, failure),
      },
    );
  }

  private async failed(saved: SavedArtifact, failure: FailedCall): Promise<number> {
    const { accountId, artifactId } = saved;
    this.logger.warn(
      { accountId, artifactId, failure: failure.failure },
      'insight detection failed; the next save tries again',
    );
    await this.append(saved, [
      telemetry('insight_detection_failed', { artifactId, errorClass: failure.failure }),
    ]);
    return 0;
  }

  private async found(
    saved: SavedArtifact,
    answer: LlmSuccess<InsightAnswer[]>,
    known: Array<{ id: string; savedAt: string }>,
  ): Promise<number> {
    const { accountId, artifactId } = saved;
    const suppressedRows: Array<{ id: string }> = await this.db.query(
      `SELECT id FROM insight_items WHERE account_id = $1 AND status <> 'active'`,
      [accountId],
    );
    const found = candidates(
      accountId,
      answer.data,
      known,
      new Set(suppressedRows.map((r) => r.id)),
    );
    const drafts: ReactionDraft[] = found.map((c) => ({
      type: 'InsightDetected',
      role: c.insightId,
      payload: c,
    }));
    const { inputTokens, outputTokens } = answer.usage;
    drafts.push(
      telemetry('insights_detected', {
        artifactId,
        insightCount: found.length,
        dropped: answer.dropped,
        inputTokens,
        outputTokens,
      }),
    );
    await this.append(saved, drafts);
    return found.length;
  }

  private async append(saved: SavedArtifact, drafts: ReactionDraft[]): Promise<void> {
    await publishReaction(this.log, saved.cause, drafts, {
      producer: 'insight',
      accountId: saved.accountId,
    });
  }
}

const feature = featureEvents('insight');
const telemetry = (action: string, metadata: Record<string, unknown>): ReactionDraft => ({
  type: 'FeatureEventRecorded',
  role: `telemetry:${action}`,
  payload: feature(action, metadata),
});
