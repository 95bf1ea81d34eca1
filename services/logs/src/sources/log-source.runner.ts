import type { QueryRunner } from 'typeorm';
import { MnemoError } from '@mnemo/contracts';
import type { Logger, Subscription } from '@mnemo/eventing';
import type { RawLogLine, SkipReason } from '../domain/log-line';
import { LogSink, type LogScope, type LogSinkDeps, type TemplateMiners } from './log-sink';
import { reportLogSource, type LogSourceState } from './log-source-status';
import { storedCursor } from './source-position';

/** Nothing to read on this host (no journal, no such file): a state the status shows, retried slowly. */
export class SourceUnavailableError extends MnemoError {
  constructor(message: string) {
    super('log_source_unavailable', message);
  }
}

/** Where a reader hands its lines: each with the position just past it. */
export interface LineFeed {
  /** Folds a line (null: an entry with nothing to fold) read up to `cursor`; waits while a full window is written. */
  add(line: RawLogLine | null, cursor: string): Promise<void>;
  /** Counts a line that could not be handed over whole; `cursor` when the reader knows where it ends. */
  skip(reason: SkipReason, cursor?: string): Promise<void>;
}

/** A host source's reading loop: from a stored position (or its configured start) until stopped. */
export interface LogReader {
  readonly kind: 'journald' | 'file';
  /** Returns once `signal` is aborted; throws when reading failed or there is nothing to read. */
  read(from: string | undefined, feed: LineFeed, signal: AbortSignal): Promise<void>;
}

export interface LogSourceRunnerDeps extends LogSinkDeps {
  miners: TemplateMiners;
  logger: Logger;
}

export interface LogSourceTiming {
  /** A window is written at least this often (sooner when it fills). */
  flushMs: number;
  /** First wait after a failure; it doubles up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
  /** Wait before looking again for a journal or file that was not there. */
  unavailableRetryMs?: number;
}

/**
 * Runs one host source: takes the source's lock (one reader per source across processes), resumes
 * from the cursor stored with the last window it wrote, and writes a window with the cursor just past
 * its last line, so the counts and the position are stored in one event or not at all
 * (docs/logs.md, "Sources"). A failure restarts the reader from the last stored cursor.
 */
export class LogSourceRunner {
  private stopped = false;
  private readonly stopping = new AbortController();
  private done: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: LogSourceRunnerDeps,
    readonly scope: LogScope,
    private readonly reader: LogReader,
    private readonly timing: LogSourceTiming,
  ) {}

  start(): Subscription {
    this.done = this.loop();
    return {
      stop: async () => {
        this.stopped = true;
        this.stopping.abort();
        await this.done;
      },
    };
  }

  private async loop(): Promise<void> {
    const retryMs = this.timing.retryMs ?? 1000;
    let wait = retryMs;
    await this.report('starting');
    while (!this.stopped) {
      const lock = await this.lock().catch((error: unknown) => error as Error);
      if (lock instanceof Error || lock === null) {
        await this.report(lock ? 'failed' : 'standby', lock ? lock.message : undefined);
        await this.pause(lock ? wait : (this.timing.unavailableRetryMs ?? 60_000));
        continue;
      }
      try {
        await this.runOnce();
        wait = retryMs;
      } catch (error) {
        const unavailable = error instanceof SourceUnavailableError;
        const message = error instanceof Error ? error.message : String(error);
        this.deps.logger.warn(
          { sourceId: this.scope.sourceId, err: message },
          unavailable ? 'log source: nothing to read' : 'log source failed; retrying',
        );
        await this.report(unavailable ? 'unavailable' : 'failed', message);
        await this.pause(unavailable ? (this.timing.unavailableRetryMs ?? 60_000) : wait);
        if (!unavailable) wait = Math.min(wait * 2, this.timing.maxRetryMs ?? 300_000);
      } finally {
        await unlock(lock);
      }
    }
    await this.report('stopped');
  }

  private async runOnce(): Promise<void> {
    const { accountId, project } = this.scope;
    const from = await storedCursor(this.deps, this.scope);
    const sink = new LogSink(this.deps, this.scope, await this.deps.miners.of(accountId, project));
    const reading = new AbortController();
    const abort = () => reading.abort();
    this.stopping.signal.addEventListener('abort', abort);
    if (this.stopping.signal.aborted) abort();
    let cursor = from;
    let failure: Error | undefined;
    const flush = async () => {
      const written = await sink.flush(cursor);
      if (written.lines + written.skipped > 0)
        await this.report('running', undefined, true).catch(() => undefined);
    };
    const timer = setInterval(
      () =>
        void flush().catch((error: unknown) => {
          failure ??= error instanceof Error ? error : new Error(String(error));
          reading.abort();
        }),
      this.timing.flushMs,
    );
    const feed: LineFeed = {
      add: async (line, at) => {
        if (line) sink.add(line);
        cursor = at;
        if (sink.full()) await flush();
      },
      skip: async (reason, at) => {
        sink.skip(reason);
        if (at !== undefined) cursor = at;
        if (sink.full()) await flush();
      },
    };
    await this.report('running');
    try {
      await this.reader.read(from, feed, reading.signal);
      if (failure !== undefined) throw failure;
    } finally {
      clearInterval(timer);
      this.stopping.signal.removeEventListener('abort', abort);
      // what was read before a stop or a failure is whole up to `cursor`: it is kept, not read again
      // (a sink whose window failed refuses this one, and the source restarts from the stored cursor)
      await flush().catch((error: unknown) =>
        this.deps.logger.warn(
          { sourceId: this.scope.sourceId, err: String(error) },
          'log source: the last window was not written; it is read again on restart',
        ),
      );
    }
  }

  /** A session lock in Postgres, released by the server when this process dies however it dies. */
  private async lock(): Promise<QueryRunner | null> {
    const runner = this.deps.db.createQueryRunner();
    const { accountId, project, sourceId } = this.scope;
    try {
      await runner.connect();
      const rows = (await runner.query(
        `SELECT pg_try_advisory_lock(hashtext('mnemo-log-source'), hashtext($1)) AS locked`,
        [`${accountId}\n${project}\n${sourceId}`],
      )) as Array<{ locked: boolean }>;
      if (rows[0]?.locked) return runner;
    } catch (error) {
      await runner.release().catch(() => undefined);
      throw error;
    }
    await runner.release();
    return null;
  }

  private async report(state: LogSourceState, error?: string, ran = false): Promise<void> {
    const { accountId, project, sourceId } = this.scope;
    await reportLogSource(
      this.deps.db,
      {
        accountId,
        project,
        sourceId,
        kind: this.reader.kind,
        state,
        ran,
        ...(error !== undefined ? { error } : {}),
      },
      this.deps.clock?.() ?? new Date(),
    ).catch((failure: unknown) =>
      this.deps.logger.warn(
        { sourceId, err: String(failure) },
        'log source: its status was not recorded',
      ),
    );
  }

  private pause(ms: number): Promise<void> {
    return abortableDelay(ms, this.stopping.signal);
  }
}

async function unlock(lock: QueryRunner | Error | null): Promise<void> {
  if (!lock || lock instanceof Error) return;
  await lock.query(`SELECT pg_advisory_unlock_all()`).catch(() => undefined);
  await lock.release().catch(() => undefined);
}

/** Resolves after `ms`, or at once when `signal` aborts. */
export function abortableDelay(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
