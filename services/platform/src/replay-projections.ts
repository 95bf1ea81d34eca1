import type { DataSource } from 'typeorm';
import type { EventLog, Logger } from '@mnemo/eventing';
import {
  clearReplaysPending,
  describePendingReplays,
  pendingReplaysText,
  interruptedReplays,
  replayProjectionsInOnePass,
  type Projection,
} from '@mnemo/persistence';

/** What a replay reports as it goes: the lines `POST /v1/admin/replay` streams, and the CLI prints. */
export type ReplayLine =
  | {
      type: 'progress';
      projection: string;
      seq: number;
      lastSeq: number;
      /** Log events applied per second so far. */
      eventsPerSecond?: number;
    }
  | { type: 'finishing'; projection: string }
  | {
      type: 'replayed';
      projection: string;
      events: number;
      lastSeq: number;
      seconds: number;
      /** Of `seconds`, which every projection of one pass shares: the time its own work took. */
      busySeconds?: number;
    }
  | { type: 'failed'; message: string }
  | { type: 'done' };

const PROGRESS_EVERY_MS = 1000;

/**
 * Rebuilds the projections from one read of the log (replayProjectionsInOnePass), reporting progress at
 * most once a second, then what each projection's loader finishes with, then each projection's result.
 */
export async function replayProjections(
  dataSource: DataSource,
  log: EventLog,
  projections: readonly Projection[],
  report: (line: ReplayLine) => void,
  startedBy = `replay pid ${process.pid}`,
): Promise<void> {
  const started = Date.now();
  let reportedAt = started;
  const [only] = projections;
  const label = projections.length === 1 && only ? only.name : `${projections.length} projections`;
  const results = await replayProjectionsInOnePass(dataSource, log, projections, {
    onProgress: (seq, lastSeq) => {
      const now = Date.now();
      if (now - reportedAt < PROGRESS_EVERY_MS) return;
      reportedAt = now;
      const eventsPerSecond = Math.round(seq / Math.max(0.001, (now - started) / 1000));
      report({ type: 'progress', projection: label, seq, lastSeq, eventsPerSecond });
    },
    onFinishing: (projection) => report({ type: 'finishing', projection }),
    startedBy,
  });
  for (const result of results) report({ type: 'replayed', ...result });
}

/**
 * At start, before any projector runs: rebuilds the projections a killed replay left marked
 * (docs/event-log.md, "A full replay across a crash"), so that a start never serves half a replay.
 * A mark of a projection this build no longer has is dropped.
 */
export async function finishInterruptedReplays(
  dataSource: DataSource,
  log: EventLog,
  projections: readonly Projection[],
  logger: Logger,
): Promise<void> {
  const interrupted = await interruptedReplays(dataSource);
  if (interrupted.length === 0) return;
  const unknown = interrupted.filter(
    (p) => !projections.some((known) => known.name === p.projection),
  );
  if (unknown.length) {
    logger.warn(
      { projections: unknown.map((p) => p.projection) },
      'dropping replay marks of projections this build does not have',
    );
    await clearReplaysPending(
      dataSource,
      unknown.map((p) => p.projection),
    );
  }
  const toFinish = projections.filter((projection) =>
    interrupted.some((p) => p.projection === projection.name),
  );
  if (toFinish.length === 0) return;
  logger.warn(
    { replay: describePendingReplays(interrupted), projections: toFinish.length },
    `${pendingReplaysText(interrupted)}: rebuilding from the log before starting`,
  );
  await replayProjections(
    dataSource,
    log,
    toFinish,
    (line) => {
      if (line.type === 'progress' || line.type === 'replayed')
        logger.info({ ...line }, replayLineText(line));
    },
    `start pid ${process.pid}`,
  );
}

/** A replay line as the CLI prints it. */
export function replayLineText(line: ReplayLine): string {
  switch (line.type) {
    case 'progress': {
      const percent = line.lastSeq ? Math.floor((100 * line.seq) / line.lastSeq) : 100;
      const rate = line.eventsPerSecond === undefined ? '' : `, ${line.eventsPerSecond} events/s`;
      return `${line.projection}: at seq ${line.seq} of ${line.lastSeq} (${percent}%${rate})`;
    }
    case 'finishing':
      return `${line.projection}: log read, building its tables' keys and indexes`;
    case 'replayed': {
      const busy =
        line.busySeconds === undefined ? '' : ` (its own work ${line.busySeconds.toFixed(2)} s)`;
      return `${line.projection}: ${line.events} events to seq ${line.lastSeq} in ${line.seconds.toFixed(2)} s${busy}`;
    }
    case 'failed':
      return `replay failed: ${line.message}`;
    case 'done':
      return 'replay done';
    default: {
      const _never: never = line;
      return _never;
    }
  }
}
