import type { DataSource } from 'typeorm';
import type { EventLog } from '@mnemo/eventing';
import { replayProjection, type Projection } from '@mnemo/persistence';

/** What a replay reports as it goes: the lines `POST /v1/admin/replay` streams, and the CLI prints. */
export type ReplayLine =
  | { type: 'progress'; projection: string; seq: number; lastSeq: number }
  | { type: 'replayed'; projection: string; events: number; lastSeq: number; seconds: number }
  | { type: 'failed'; message: string }
  | { type: 'done' };

const PROGRESS_EVERY_MS = 1000;

/** Rebuilds the projections from the log, one after another, reporting progress at most once a second. */
export async function replayProjections(
  dataSource: DataSource,
  log: EventLog,
  projections: readonly Projection[],
  report: (line: ReplayLine) => void,
): Promise<void> {
  for (const projection of projections) {
    let reportedAt = Date.now();
    const result = await replayProjection(dataSource, log, projection, {
      onProgress: (seq, lastSeq) => {
        if (Date.now() - reportedAt < PROGRESS_EVERY_MS) return;
        reportedAt = Date.now();
        report({ type: 'progress', projection: projection.name, seq, lastSeq });
      },
    });
    report({ type: 'replayed', ...result });
  }
}

/** A replay line as the CLI prints it. */
export function replayLineText(line: ReplayLine): string {
  switch (line.type) {
    case 'progress':
      return `${line.projection}: at seq ${line.seq} of ${line.lastSeq}`;
    case 'replayed':
      return `${line.projection}: ${line.events} events to seq ${line.lastSeq} in ${line.seconds.toFixed(2)} s`;
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
