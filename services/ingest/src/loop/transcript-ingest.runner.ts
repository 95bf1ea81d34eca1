import { randomUUID } from 'node:crypto';
import { ConflictError, type PayloadOf, type TranscriptIngestStatus } from '@mnemo/contracts';
import type { Logger } from '@mnemo/eventing';
import type { Cache } from '@mnemo/persistence';
import { redact } from '@mnemo/redaction';
import { gitFactsLoader } from '../git/git-facts';
import type { IngestConfig } from '../ingest.config';
import { recheckSessionOutcomes } from './session-outcomes-recheck';
import {
  ingestTranscriptFiles,
  type Counters,
  type SkipTally,
  type TranscriptFilesDeps,
} from './transcript-files-ingest';
import { readIngestStatus, readWatermark } from './transcript-ingest-status';
import { transcriptEvent } from './transcript-run-event';

export { knownSessionEvents } from './transcript-files-ingest';
export { TRANSCRIPT_PRODUCER, type Queryable } from './transcript-run-event';

/** One run at a time across every instance; long enough for a large first scan. */
export const INGEST_LOCK_KEY = 'ingest:transcripts:run-lock';
const LOCK_TTL_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface TranscriptIngestDeps extends TranscriptFilesDeps {
  cache: Cache;
  logger: Logger;
  clock?: () => Date;
}

export interface RunOptions {
  trigger: 'loop' | 'admin';
  accountId?: string;
  /** Read files modified in the last N days, whatever the watermark says. */
  days?: number;
  onProgress?: (done: number, total: number) => void;
}

export type RunSummary = PayloadOf<'TranscriptIngestRunCompleted'> & {
  accountId: string;
  status: 'completed';
  /** skippedLines by reason (`file_history_snapshot`, `progress`, `malformed_json`, `unknown_type`, …), for this answer only. */
  skippedByReason: Record<string, number>;
};

/**
 * The transcript ingest run: walk the root for files changed since the watermark, turn each into
 * events, and append what the read models do not have yet to the raw work queue (so the redaction
 * service sees everything before MNEMO_EVENTS does). Then re-judge recent session outcomes against
 * git. The run ends with a TranscriptIngestRunCompleted that carries the new watermark, or a
 * TranscriptIngestRunFailed that carries none, so a failed window is read again next time.
 */
export class TranscriptIngestRunner {
  private readonly clock: () => Date;

  constructor(private readonly deps: TranscriptIngestDeps) {
    this.clock = deps.clock ?? (() => new Date());
  }

  get config(): IngestConfig {
    return this.deps.config;
  }

  async run(options: RunOptions): Promise<RunSummary> {
    const { cache, logger, config } = this.deps;
    const accountId = options.accountId ?? config.accountId;
    const token = await cache.tryLock(INGEST_LOCK_KEY, LOCK_TTL_MS);
    if (!token) throw new ConflictError('a transcript ingest run is already in progress');
    const runId = randomUUID();
    const started = this.clock();
    const counters: Counters = {
      files: 0,
      sessions: 0,
      turns: 0,
      events: 0,
      skippedFiles: 0,
      skippedLines: 0,
      outcomesUpdated: 0,
    };
    const skippedByReason: SkipTally = {};
    let since: Date | undefined;
    try {
      const watermark = await this.watermark(accountId);
      since =
        options.days !== undefined
          ? new Date(started.getTime() - options.days * DAY_MS)
          : (watermark ?? undefined);
      // Only a run that covered everything after the watermark may move it.
      const mayAdvance =
        since === undefined || (watermark !== null && since.getTime() <= watermark.getTime());
      // one loader for the run: each repository is asked about its main branch and reverts once
      const gitFacts = gitFactsLoader();
      const newest = await ingestTranscriptFiles(this.deps, {
        accountId,
        since,
        now: started,
        gitFacts,
        counters,
        skippedByReason,
        onProgress: options.onProgress,
      });
      counters.outcomesUpdated = await recheckSessionOutcomes(
        this.deps,
        accountId,
        started,
        gitFacts,
      );
      const next =
        mayAdvance && newest !== null && (watermark === null || newest > watermark.getTime())
          ? new Date(newest)
          : watermark;
      const finished = this.clock();
      const payload: PayloadOf<'TranscriptIngestRunCompleted'> = {
        ...this.base(runId, options.trigger, started, finished, since),
        ...counters,
        ...(next ? { watermark: next.toISOString() } : {}),
      };
      await this.deps.log.append(
        'raw',
        transcriptEvent({
          type: 'TranscriptIngestRunCompleted',
          id: runId,
          accountId,
          occurredAt: finished,
          payload,
        }),
      );
      logger.info(
        {
          runId,
          accountId,
          trigger: options.trigger,
          ...counters,
          skippedByReason,
          durationMs: payload.durationMs,
        },
        'transcript ingest run completed',
      );
      return { ...payload, accountId, status: 'completed', skippedByReason };
    } catch (error) {
      const finished = this.clock();
      const message = redact(error instanceof Error ? error.message : String(error)).text.slice(
        0,
        2000,
      );
      logger.warn(
        { runId, accountId, trigger: options.trigger, err: message },
        'transcript ingest run failed',
      );
      const payload: PayloadOf<'TranscriptIngestRunFailed'> = {
        ...this.base(runId, options.trigger, started, finished, since),
        ...counters,
        error: message,
      };
      await this.deps.log
        .append(
          'raw',
          transcriptEvent({
            type: 'TranscriptIngestRunFailed',
            id: runId,
            accountId,
            occurredAt: finished,
            payload,
          }),
        )
        .catch((recordError: unknown) =>
          logger.warn({ runId, err: String(recordError) }, 'could not record the failed run'),
        );
      throw error;
    } finally {
      await cache.unlock(INGEST_LOCK_KEY, token).catch(() => false);
    }
  }

  /** The watermark in force: that of the newest completed run for this account and root. */
  watermark(accountId: string): Promise<Date | null> {
    return readWatermark(this.deps.db, accountId, this.deps.config.root);
  }

  status(accountId = this.deps.config.accountId): Promise<TranscriptIngestStatus> {
    return readIngestStatus(this.deps.db, this.deps.config, accountId, () => this.clock());
  }

  /** When the loop should next run: an interval after the last attempt, never before now + the boot delay. */
  async nextDueInMs(): Promise<number> {
    const status = await this.status();
    const last = status.lastRunAt ? Date.parse(status.lastRunAt) : null;
    const now = this.clock().getTime();
    return Math.max(last === null ? 0 : last + this.deps.config.intervalMs - now, 0);
  }

  private base(
    runId: string,
    trigger: RunOptions['trigger'],
    started: Date,
    finished: Date,
    since: Date | undefined,
  ) {
    return {
      runId,
      trigger,
      root: this.deps.config.root,
      startedAt: started.toISOString(),
      finishedAt: finished.toISOString(),
      durationMs: Math.max(0, finished.getTime() - started.getTime()),
      ...(since ? { since: since.toISOString() } : {}),
    };
  }
}
