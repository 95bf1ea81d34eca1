import { randomUUID } from 'node:crypto';
import {
  ConflictError,
  parseEvent,
  buildEvent,
  type EventDraft,
  type EventType,
  type EventEnvelope,
  type PayloadOf,
  type TranscriptIngestStatus,
} from '@mnemo/contracts';
import type { EventLog, Logger } from '@mnemo/eventing';
import type { Cache } from '@mnemo/persistence';
import { redact } from '@mnemo/redaction';
import {
  contentHash,
  deterministicUuid,
  TRANSCRIPT_ID_NAMESPACE,
} from '../domain/deterministic-uuid';
import { inferOutcome } from '../domain/infer-outcome';
import { unseenEvents, type KnownSessionEvents } from '../domain/unseen-events';
import { gitFactsLoader, type GitFactsLoader } from '../git/git-facts';
import type { IngestConfig } from '../ingest.config';
import { addSkips, transcriptFileEvents } from './transcript-file-events';
import { sessionIdentity } from './session-identity';
import { listTranscriptFiles } from './transcript-files';
import { OUTCOME_COLUMNS, outcomeFromRow } from '../projections/session-outcomes.projection';

export const TRANSCRIPT_PRODUCER = 'transcript-ingest';
/** One run at a time across every instance; long enough for a large first scan. */
export const INGEST_LOCK_KEY = 'ingest:transcripts:run-lock';
const LOCK_TTL_MS = 60 * 60 * 1000;
const APPEND_BATCH = 500;
const RECHECK_LIMIT = 500;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface Queryable {
  query<T = any>(sql: string, parameters?: unknown[]): Promise<T>;
}

export interface TranscriptIngestDeps {
  log: EventLog;
  db: Queryable;
  cache: Cache;
  logger: Logger;
  config: IngestConfig;
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

interface Counters {
  files: number;
  sessions: number;
  turns: number;
  events: number;
  skippedFiles: number;
  skippedLines: number;
  outcomesUpdated: number;
}

/** Kept beside the counters, not in them: the run's events carry only the contract's fields. */
type SkipTally = Record<string, number>;

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
      const newest = await this.ingestFiles(
        accountId,
        since,
        started,
        gitFacts,
        counters,
        skippedByReason,
        options.onProgress,
      );
      counters.outcomesUpdated = await this.recheckOutcomes(accountId, started, gitFacts);
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
        this.envelope('TranscriptIngestRunCompleted', runId, accountId, finished, payload),
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
          this.envelope('TranscriptIngestRunFailed', runId, accountId, finished, payload),
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
  async watermark(accountId: string): Promise<Date | null> {
    const rows: Array<{ watermark: Date | null }> = await this.deps.db.query(
      `SELECT watermark FROM transcript_ingest_runs
       WHERE account_id = $1 AND root = $2 AND status = 'completed'
       ORDER BY finished_at DESC, last_seq DESC LIMIT 1`,
      [accountId, redact(this.deps.config.root).text],
    );
    const value = rows[0]?.watermark;
    return value ? new Date(value) : null;
  }

  async status(accountId = this.deps.config.accountId): Promise<TranscriptIngestStatus> {
    const { config } = this.deps;
    const rows: Array<Record<string, any>> = await this.deps.db.query(
      `SELECT run_id, trigger, status, started_at, finished_at, duration_ms, sessions, turns, error
       FROM transcript_ingest_runs WHERE account_id = $1 ORDER BY finished_at DESC, last_seq DESC LIMIT 1`,
      [accountId],
    );
    const last = rows[0];
    const watermark = await this.watermark(accountId);
    const iso = (value: unknown) => new Date(value as string).toISOString();
    let nextRunAt: string | null = null;
    if (config.enabled) {
      // the loop runs once the interval has passed since the last attempt; never-run means due now
      const due = last
        ? new Date(last.started_at).getTime() + config.intervalMs
        : this.clock().getTime();
      nextRunAt = new Date(Math.max(due, this.clock().getTime())).toISOString();
    }
    return {
      enabled: config.enabled,
      intervalHours: config.intervalMs / 3_600_000,
      root: config.root,
      accountId,
      watermark: watermark ? watermark.toISOString() : null,
      lastRun: last
        ? {
            runId: last.run_id,
            trigger: last.trigger,
            status: last.status,
            startedAt: iso(last.started_at),
            finishedAt: iso(last.finished_at),
          }
        : null,
      lastRunAt: last ? iso(last.started_at) : null,
      lastCount: last ? last.sessions : null,
      lastTurns: last ? last.turns : null,
      lastDurationMs: last ? last.duration_ms : null,
      lastError: last?.error ?? null,
      nextRunAt,
    };
  }

  /** When the loop should next run: an interval after the last attempt, never before now + the boot delay. */
  async nextDueInMs(): Promise<number> {
    const status = await this.status();
    const last = status.lastRunAt ? Date.parse(status.lastRunAt) : null;
    const now = this.clock().getTime();
    return Math.max(last === null ? 0 : last + this.deps.config.intervalMs - now, 0);
  }

  private async ingestFiles(
    accountId: string,
    since: Date | undefined,
    now: Date,
    gitFacts: GitFactsLoader,
    counters: Counters,
    skippedByReason: SkipTally,
    onProgress?: (done: number, total: number) => void,
  ): Promise<number | null> {
    const listing = await listTranscriptFiles(this.deps.config.root, since?.getTime());
    const identity = sessionIdentity({
      developer: this.deps.config.developer,
      project: this.deps.config.project,
    });
    counters.skippedFiles += listing.skipped;
    let newest: number | null = null;
    let batch: EventEnvelope[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const results = await this.deps.log.appendMany('raw', batch);
      counters.events += results.filter((r) => !r.duplicate).length;
      batch = [];
    };
    for (const [index, file] of listing.files.entries()) {
      counters.files += 1;
      const read = await transcriptFileEvents(file, {
        accountId,
        producer: TRANSCRIPT_PRODUCER,
        now,
        gitFacts,
        identity,
      });
      if (!read) counters.skippedFiles += 1;
      else {
        counters.skippedLines += read.skippedLines;
        addSkips(skippedByReason, read.skippedByReason);
        if (read.events.length > 0) {
          counters.sessions += 1;
          counters.turns += read.turns;
          for (const event of await this.unseen(accountId, read.sessionId, read.events)) {
            const parsed = parseEvent(event);
            // an event our own reader made but the contract refuses is a reader bug: skip it, count the line
            if (!parsed.ok) {
              counters.skippedLines += 1;
              addSkips(skippedByReason, { invalid_event: 1 });
            } else batch.push(parsed.value);
            if (batch.length >= APPEND_BATCH) await flush();
          }
        }
      }
      newest = newest === null ? file.mtimeMs : Math.max(newest, file.mtimeMs);
      onProgress?.(index + 1, listing.files.length);
    }
    await flush();
    return newest;
  }

  /** The events the read models do not hold yet (see unseenEvents). */
  private async unseen<E extends { id: string; type: string }>(
    accountId: string,
    sessionId: string,
    events: E[],
  ): Promise<E[]> {
    return unseenEvents(events, await knownSessionEvents(this.deps.db, accountId, sessionId));
  }

  /**
   * A session's verdict can change with no change to its file: its commit reaches main, is reverted,
   * or its uncommitted edits grow old. Recent sessions whose repository is on this machine are
   * re-judged, and a changed verdict is recorded as a new outcome event.
   */
  private async recheckOutcomes(
    accountId: string,
    now: Date,
    gitFacts: GitFactsLoader,
  ): Promise<number> {
    const { recheckDays } = this.deps.config;
    if (recheckDays === 0) return 0;
    const rows: Array<Record<string, any>> = await this.deps.db.query(
      `SELECT ${OUTCOME_COLUMNS} FROM session_outcomes
       WHERE account_id = $1 AND cwd IS NOT NULL AND outcome IN ('unknown', 'merged') AND ended_at >= $2
       ORDER BY ended_at DESC LIMIT $3`,
      [accountId, new Date(now.getTime() - recheckDays * DAY_MS), RECHECK_LIMIT],
    );
    const updates: EventEnvelope[] = [];
    for (const row of rows) {
      const git = await gitFacts(row.cwd, row.commit_shas).catch(() => null);
      if (!git) continue;
      const endedAt = new Date(row.ended_at).toISOString();
      const outcome = inferOutcome({
        commitShas: row.commit_shas,
        filesEdited: row.files_edited,
        endedAt,
        now,
        git,
      });
      if (outcome === row.outcome) continue;
      const payload: PayloadOf<'SessionOutcomeRecorded'> = {
        ...outcomeFromRow(row),
        endedAt,
        outcome,
      };
      const id = deterministicUuid(
        TRANSCRIPT_ID_NAMESPACE,
        JSON.stringify([
          accountId,
          row.session_id,
          'session',
          `SessionOutcomeRecorded:${contentHash(payload)}`,
        ]),
      );
      updates.push({
        ...this.envelope('SessionOutcomeRecorded', id, accountId, new Date(endedAt), payload),
        sessionId: row.session_id,
      });
    }
    if (updates.length > 0) await this.deps.log.appendMany('raw', updates);
    return updates.length;
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

  private envelope<T extends EventType>(
    type: T,
    id: string,
    accountId: string,
    at: Date,
    payload: EventDraft<T>['payload'],
  ): EventEnvelope<T, PayloadOf<T>> {
    return buildEvent<T>({
      type,
      id,
      accountId,
      occurredAt: at,
      producer: TRANSCRIPT_PRODUCER,
      payload,
    });
  }
}

/** What the read models hold of one session: the ids of its projected turns and outcome, and whether it has started. */
export async function knownSessionEvents(
  db: Queryable,
  accountId: string,
  sessionId: string,
): Promise<KnownSessionEvents> {
  const rows: Array<{ id: string }> = await db.query(
    `SELECT event_id::text AS id FROM turns WHERE account_id = $1 AND session_id = $2
     UNION ALL SELECT event_id::text FROM session_outcomes WHERE account_id = $1 AND session_id = $2
     UNION ALL SELECT 'started' FROM sessions WHERE account_id = $1 AND id = $2 AND started_seq IS NOT NULL`,
    [accountId, sessionId],
  );
  const ids = new Set(rows.map((r) => r.id));
  const started = ids.delete('started');
  return { eventIds: ids, started };
}
