import type { DataSource } from 'typeorm';
import { COMPACTION_MAX_INPUT_CHARS, type TranscriptTurn } from '../domain/compaction-input';

export interface TurnWindow {
  accountId: string;
  sessionId: string;
  /** Turns stored after this log sequence (0: from the start of the session)… */
  afterSeq: number;
  /** …up to and including this one. */
  throughSeq: number;
}

/**
 * A session's conversation turns stored in a window of the log, newest first until the character cap
 * is passed (buildCompactionInput then trims to the cap exactly). `total` counts every conversation turn
 * of the window, so the turns left out are known without reading them.
 */
export async function readSessionTurns(
  db: Pick<DataSource, 'query'>,
  window: TurnWindow,
  maxChars = COMPACTION_MAX_INPUT_CHARS,
): Promise<{ turns: TranscriptTurn[]; total: number }> {
  const rows: Array<{ seq: number; role: TranscriptTurn['role']; text: string; total: number }> = await db.query(
    `SELECT seq, role, text, total FROM (
       SELECT seq, role, text, count(*) OVER () AS total,
              sum(length(text) + 16) OVER (ORDER BY seq DESC) - (length(text) + 16) AS newer_chars
       FROM turns
       WHERE account_id = $1 AND session_id = $2 AND last_seq > $3 AND last_seq <= $4
         AND role <> 'system' AND NOT is_sidechain AND length(btrim(text)) > 0
     ) w WHERE newer_chars < $5 ORDER BY seq`,
    [window.accountId, window.sessionId, window.afterSeq, window.throughSeq, maxChars],
  );
  return { turns: rows.map(({ seq, role, text }) => ({ seq, role, text })), total: rows.length ? Number(rows[0]!.total) : 0 };
}
