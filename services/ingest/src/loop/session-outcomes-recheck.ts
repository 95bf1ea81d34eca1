import type { EventEnvelope, PayloadOf } from '@mnemo/contracts';
import {
  contentHash,
  deterministicUuid,
  TRANSCRIPT_ID_NAMESPACE,
} from '../domain/deterministic-uuid';
import { inferOutcome } from '../domain/infer-outcome';
import type { GitFactsLoader } from '../git/git-facts';
import { OUTCOME_COLUMNS, outcomeFromRow } from '../projections/session-outcomes.projection';
import type { TranscriptFilesDeps } from './transcript-files-ingest';
import { transcriptEvent } from './transcript-run-event';

const RECHECK_LIMIT = 500;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A session's verdict can change with no change to its file: its commit reaches main, is reverted,
 * or its uncommitted edits grow old. Recent sessions whose repository is on this machine are
 * re-judged, and a changed verdict is recorded as a new outcome event.
 */
export async function recheckSessionOutcomes(
  deps: TranscriptFilesDeps,
  accountId: string,
  now: Date,
  gitFacts: GitFactsLoader,
): Promise<number> {
  const { recheckDays } = deps.config;
  if (recheckDays === 0) return 0;
  const rows: Array<Record<string, any>> = await deps.db.query(
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
      ...transcriptEvent({
        type: 'SessionOutcomeRecorded',
        id,
        accountId,
        occurredAt: new Date(endedAt),
        payload,
      }),
      sessionId: row.session_id,
    });
  }
  if (updates.length > 0) await deps.log.appendMany('raw', updates);
  return updates.length;
}
