import { isEventOf, storedOf, type StoredEventOf } from '@mnemo/contracts';
import type { Projection, ReplayLoader, Sql } from '@mnemo/persistence';
import { Recall1764500000100 } from './recall.migration';
import { RecallStats1764500000200 } from './recall-stats.migration';
import { RecallLexemes1764500000400 } from './recall-lexemes.migration';
import { RecallChunkHash1764500000450 } from './recall-chunk-hash.migration';
import { RecallTurnLexemes1764500000460 } from './recall-turn-lexemes.migration';
import { RecallTermsInline1764500000470 } from './recall-terms-inline.migration';
import { RecallTermHashes1764500000480 } from './recall-term-hashes.migration';
import { RecallPageLayout1764500000490 } from './recall-page-layout.migration';
import { RecallChunksCompressed1764500000495 } from './recall-chunks-compressed.migration';
import { RecallTurnTerms1764500000497 } from './recall-turn-terms.migration';
import { RecallAutovacuum1765200000100 } from './recall-autovacuum.migration';
import { RecallSettled1765500000100 } from './recall-settled.migration';
import { applyStatsEvent, applyStatsEvents, STATS_EVENTS } from './stats.writes';
import { upsertCompactionSummaries, upsertSession } from './sessions.writes';
import { rechunkSessions, upsertProseTurns, type ChangedSessions } from './chunks.writes';
import { upsertDecision } from './decisions.writes';
import { settleSessions } from './settled.writes';

/**
 * Recall's read models, rebuilt from the log alone ($0, replayable): conversation chunks from the
 * turns, sessions from SessionStarted / SessionOutcomeRecorded / SegmentCompacted, decisions from
 * DecisionRecorded and what each session settled from its turns (settled.writes.ts), and what its stats show of other services (memory ids, transcript loop runs,
 * spend) from their events. One checkpoint covers them, so a reader that waits for it sees all of them.
 */
export const recallProjection: Projection = {
  name: 'recall',
  handles: [
    'SessionStarted',
    'TurnRecorded',
    'SessionOutcomeRecorded',
    'SegmentCompacted',
    'DecisionRecorded',
    'SessionLessonsRecorded',
    ...STATS_EVENTS,
  ],
  tables: [
    'recall_turns',
    'recall_chunks',
    'recall_chunk_terms',
    'recall_lexemes',
    'recall_sessions',
    'recall_decisions',
    'recall_memory_ids',
    'recall_ingest_runs',
    'recall_spend',
  ],
  migrations: [
    Recall1764500000100,
    RecallStats1764500000200,
    RecallLexemes1764500000400,
    RecallChunkHash1764500000450,
    RecallTurnLexemes1764500000460,
    RecallTermsInline1764500000470,
    RecallTermHashes1764500000480,
    RecallPageLayout1764500000490,
    RecallChunksCompressed1764500000495,
    RecallTurnTerms1764500000497,
    RecallAutovacuum1765200000100,
    RecallSettled1765500000100,
  ],

  /** Turns go in one statement per batch and each touched session is re-chunked and re-settled once. */
  async applyMany(sql: Sql, events: StoredEventOf[]): Promise<void> {
    const turns = storedOf(events, 'TurnRecorded');
    await applyOthers(this, sql, events);
    const changed = await upsertProseTurns(sql, turns);
    await rechunkSessions(sql, changed);
    await settleSessions(sql, changed);
  },

  /**
   * A replay stores every batch's turns as applyMany does but chunks each session once, after the last
   * event, from all its turns: re-chunking the sessions of every batch re-read and re-wrote a session's
   * windows as often as batches held its turns (recall was most of a full replay's time). Packing a
   * session whole gives the windows its incremental re-chunking gives (see rechunkSessions).
   */
  replayLoader(): ReplayLoader {
    const sessions: ChangedSessions = new Map();
    return {
      begin: async () => undefined,
      applyMany: async (sql, events) => {
        const turns = storedOf(events, 'TurnRecorded');
        await applyOthers(this, sql, events);
        for (const [key, changed] of await upsertProseTurns(sql, turns))
          if (!sessions.has(key)) sessions.set(key, { ...changed, fromSeq: -1 });
      },
      // the replay recreated the chunk tables: nothing in them to look up or replace
      finish: async (sql) => {
        await rechunkSessions(sql, sessions, { fresh: true });
        await settleSessions(sql, sessions, { fresh: true });
      },
    };
  },

  async apply(sql: Sql, stored: StoredEventOf): Promise<void> {
    const { event, seq } = stored;
    if (isEventOf(event, STATS_EVENTS)) return applyStatsEvent(sql, stored);
    if (!event.sessionId && event.type !== 'DecisionRecorded') return;
    switch (event.type) {
      case 'TurnRecorded': {
        const changed = await upsertProseTurns(sql, [{ seq, event }]);
        await rechunkSessions(sql, changed);
        await settleSessions(sql, changed);
        return;
      }
      case 'SessionStarted':
      case 'SessionOutcomeRecorded':
      case 'SegmentCompacted':
      case 'SessionLessonsRecorded':
        await upsertSession(sql, { seq, event });
        return;
      case 'DecisionRecorded':
        await upsertDecision(sql, { seq, event });
        return;
    }
  },
};

/**
 * A batch's events other than turns: the stats events together (applyStatsEvents), the rest one by one
 * in log order, then the compaction summaries together (upsertCompactionSummaries). Stats tables are
 * written by stats events only, and a summary's columns by its own events only, so the split changes
 * no row.
 */
async function applyOthers(
  projection: Projection,
  sql: Sql,
  events: StoredEventOf[],
): Promise<void> {
  const stats = storedOf(events, ...STATS_EVENTS);
  const summaries = storedOf(events, 'SegmentCompacted');
  if (stats.length > 0) await applyStatsEvents(sql, stats);
  const batched = new Set<StoredEventOf>([...stats, ...summaries]);
  for (const stored of events)
    if (stored.event.type !== 'TurnRecorded' && !batched.has(stored))
      await projection.apply(sql, stored);
  await upsertCompactionSummaries(sql, summaries);
}
