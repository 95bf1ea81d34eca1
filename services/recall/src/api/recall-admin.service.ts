import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { ConflictError } from '@mnemo/contracts';
import { CACHE, DATA_SOURCE, type Cache } from '@mnemo/persistence';
import { rechunkSessions, type ChangedSessions } from '../projections/chunks.writes';
import { DecisionDistillerService } from '../reactors/decision-distiller.service';

export type AdminJob = 'conversation-ingest' | 'decisions-extract';

interface RunStatus {
  running: boolean;
  lastRunAt: string | null;
  lastDurationMs: number | null;
  lastResult: Record<string, number | string> | null;
  lastError: string | null;
}

const LOCK_MS = 10 * 60_000;

/**
 * The on-demand admin runs: re-pack the chunks of recent sessions from recall's stored turns (the
 * same windows the projection writes, so a replay stays equal), and distil decisions from recent
 * session summaries. One run of each at a time; the last run's status is kept in the cache.
 */
@Injectable()
export class RecallAdminService {
  constructor(
    @Inject(DATA_SOURCE) private readonly db: DataSource,
    @Inject(CACHE) private readonly cache: Cache,
    private readonly distiller: DecisionDistillerService,
  ) {}

  ingestConversations(accountId: string | undefined, days: number) {
    return this.run('conversation-ingest', async () => {
      const sessions: Array<{ account_id: string; session_id: string }> = await this.db.query(
        `SELECT DISTINCT account_id, session_id FROM recall_turns WHERE ($1::text IS NULL OR account_id = $1) AND occurred_at > now() - make_interval(days => $2)`,
        [accountId ?? null, days],
      );
      const changed: ChangedSessions = new Map(
        sessions.map((s) => [
          `${s.account_id}\u0000${s.session_id}`,
          { accountId: s.account_id, sessionId: s.session_id, fromSeq: -1 },
        ]),
      );
      await this.db.transaction((manager) => rechunkSessions(manager, changed));
      return { sessions: sessions.length };
    });
  }

  extractDecisions(accountId: string | undefined, days: number) {
    return this.run('decisions-extract', async () => {
      const rows: Array<{
        account_id: string;
        session_id: string;
        summary: string;
        developer: string | null;
        at: Date;
      }> = await this.db.query(
        `SELECT account_id, session_id, concat_ws(E'\\n', summary, compaction_summary, array_to_string(lessons, E'\\n')) AS summary, developer,
                coalesce(ended_at, started_at, now()) AS at
         FROM recall_sessions
         WHERE ($1::text IS NULL OR account_id = $1) AND (summary IS NOT NULL OR compaction_summary IS NOT NULL)
           AND coalesce(ended_at, started_at, now()) > now() - make_interval(days => $2)`,
        [accountId ?? null, days],
      );
      let decisions = 0;
      let lessons = 0;
      for (const row of rows) {
        const result = await this.distiller.distill({
          accountId: row.account_id,
          sessionId: row.session_id,
          summary: row.summary,
          developer: row.developer,
          key: `admin-extract:${row.account_id}:${row.session_id}:${row.summary.length}`,
          occurredAt: new Date(row.at).toISOString(),
        });
        decisions += result.decisions;
        lessons += result.lessons;
      }
      return { sessions: rows.length, decisions, lessons };
    });
  }

  async status(job: AdminJob): Promise<RunStatus> {
    const raw = await this.cache.get(`recall:admin:${job}:status`);
    const running = (await this.cache.get(`recall:admin:${job}:running`)) !== null;
    const last = raw
      ? (JSON.parse(raw) as Omit<RunStatus, 'running'>)
      : { lastRunAt: null, lastDurationMs: null, lastResult: null, lastError: null };
    return { running, ...last };
  }

  private async run(
    job: AdminJob,
    work: () => Promise<Record<string, number | string>>,
  ): Promise<RunStatus> {
    const lock = `recall:admin:${job}:lock`;
    const token = await this.cache.tryLock(lock, LOCK_MS);
    if (!token) throw new ConflictError(`a ${job} run is in progress; see its status`);
    const started = Date.now();
    await this.cache.set(`recall:admin:${job}:running`, '1', LOCK_MS);
    let status: Omit<RunStatus, 'running'>;
    try {
      const result = await work();
      status = {
        lastRunAt: new Date(started).toISOString(),
        lastDurationMs: Date.now() - started,
        lastResult: result,
        lastError: null,
      };
    } catch (error) {
      status = {
        lastRunAt: new Date(started).toISOString(),
        lastDurationMs: Date.now() - started,
        lastResult: null,
        lastError: String(error).slice(0, 500),
      };
    } finally {
      await this.cache.del(`recall:admin:${job}:running`);
      await this.cache.unlock(lock, token);
    }
    await this.cache.set(`recall:admin:${job}:status`, JSON.stringify(status));
    return { running: false, ...status };
  }
}
