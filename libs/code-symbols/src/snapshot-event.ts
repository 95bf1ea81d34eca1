import {
  deterministicUuid,
  INGEST_MAX_BYTES,
  INGEST_MAX_EVENTS,
  type PayloadOf,
} from '@mnemo/contracts';
import type { LocalSnapshot } from './local-snapshots';

/** One event of `POST /v1/events`, as a machine that records snapshots sends it. */
export interface SnapshotIngestEvent {
  id: string;
  type: 'SymbolSnapshotRecorded';
  sessionId: string;
  occurredAt: string;
  payload: PayloadOf<'SymbolSnapshotRecorded'>;
}

/** Namespace of snapshot event ids (a fixed v4 UUID, chosen once): one id per file version. */
const SNAPSHOT_NAMESPACE = '6f1d2b8e-93a4-4c57-b0e2-7d8a1c5f3e96';

/**
 * A snapshot as the event `SymbolSnapshotRecorded`. Its id names the project, path, time and
 * content, so recording the same history twice stores it once.
 */
export function snapshotEvent(project: string, snapshot: LocalSnapshot): SnapshotIngestEvent {
  const key = [project, snapshot.path, snapshot.occurredAt, snapshot.contentHash].join('\0');
  return {
    id: deterministicUuid(SNAPSHOT_NAMESPACE, key),
    type: 'SymbolSnapshotRecorded',
    // one stream of snapshots per project, apart from any conversation's
    sessionId: `code-${deterministicUuid(SNAPSHOT_NAMESPACE, project).slice(0, 8)}`,
    occurredAt: snapshot.occurredAt,
    payload: {
      project,
      path: snapshot.path,
      language: snapshot.language,
      contentHash: snapshot.contentHash,
      ...(snapshot.commit ? { commit: snapshot.commit } : {}),
      ...(snapshot.author ? { author: snapshot.author.slice(0, 200) } : {}),
      lineCount: snapshot.lineCount,
      symbols: snapshot.symbols,
    },
  };
}

/** Events in requests under the gateway's limits on count and size. */
export function* eventBatches(
  events: readonly SnapshotIngestEvent[],
): Generator<SnapshotIngestEvent[]> {
  let batch: SnapshotIngestEvent[] = [];
  let bytes = 0;
  for (const event of events) {
    const size = Buffer.byteLength(JSON.stringify(event)) + 1;
    if (
      batch.length > 0 &&
      (batch.length >= INGEST_MAX_EVENTS || bytes + size > INGEST_MAX_BYTES - 1024)
    ) {
      yield batch;
      batch = [];
      bytes = 0;
    }
    batch.push(event);
    bytes += size;
  }
  if (batch.length > 0) yield batch;
}
