import { parseEvent, type EventEnvelope } from '@mnemo/contracts';
import type { EventLog } from '@mnemo/eventing';
import { unseenEvents, type KnownSessionEvents } from '../domain/unseen-events';
import type { GitFactsLoader } from '../git/git-facts';
import type { IngestConfig } from '../ingest.config';
import { sessionIdentity } from './session-identity';
import { addSkips, transcriptFileEvents } from './transcript-file-events';
import { listTranscriptFiles } from './transcript-files';
import { TRANSCRIPT_PRODUCER, type Queryable } from './transcript-run-event';

const APPEND_BATCH = 500;

/** What a run counts, as its TranscriptIngestRunCompleted or TranscriptIngestRunFailed carries it. */
export interface Counters {
  files: number;
  sessions: number;
  turns: number;
  events: number;
  skippedFiles: number;
  skippedLines: number;
  outcomesUpdated: number;
}

/** Skipped lines by reason: kept beside the counters, not in them (the events carry only the contract's fields). */
export type SkipTally = Record<string, number>;

export interface TranscriptFilesDeps {
  log: EventLog;
  db: Queryable;
  config: IngestConfig;
}

/**
 * Reads every transcript file changed since `since` into events and appends to the raw work queue
 * what the read models do not hold yet, in batches. Answers the newest file's modification time.
 */
export async function ingestTranscriptFiles(
  deps: TranscriptFilesDeps,
  run: {
    accountId: string;
    /** Files modified before this are not read (the watermark, or the asked-for days). */
    since: Date | undefined;
    now: Date;
    gitFacts: GitFactsLoader;
    /** Counted into as the files are read. */
    counters: Counters;
    skippedByReason: SkipTally;
    onProgress?: (done: number, total: number) => void;
  },
): Promise<number | null> {
  const { accountId, since, now, gitFacts, counters, skippedByReason, onProgress } = run;
  const listing = await listTranscriptFiles(deps.config.root, since?.getTime());
  const identity = sessionIdentity({
    developer: deps.config.developer,
    project: deps.config.project,
  });
  counters.skippedFiles += listing.skipped;
  let newest: number | null = null;
  let batch: EventEnvelope[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const results = await deps.log.appendMany('raw', batch);
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
        const known = await knownSessionEvents(deps.db, accountId, read.sessionId);
        for (const event of unseenEvents(read.events, known)) {
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
