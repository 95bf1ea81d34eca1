import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '@mnemo/persistence';
import {
  pathEndsWith,
  taskOverlap,
  taskTokens,
  verdictOf,
  type Verdict,
} from '../domain/prior-work';

export interface PriorWorkQuery {
  file?: string;
  task?: string;
  developer?: string;
  project?: string;
  limit: number;
}

export interface PriorSession {
  sessionId: string;
  verdict: Verdict;
  outcome: string;
  summary: string;
  filesEdited: string[];
  lessons: string[];
  commitShas: string[];
  developer: string | null;
  project: string | null;
  startedAt: string | null;
  endedAt: string | null;
  /** `task` only: the share of the task the session covers. */
  overlap?: number;
}

/** Sessions a task is ranked against, newest first: enough history without scanning every session an account ever had. */
const TASK_CANDIDATES = 2000;

/**
 * prior_work (docs/coding-memory.md): past sessions that touched a file (by path suffix, newest
 * first) or a task (by token overlap).
 */
@Injectable()
export class PriorWorkService {
  constructor(@Inject(DATA_SOURCE) private readonly db: DataSource) {}

  async find(accountId: string, query: PriorWorkQuery): Promise<PriorSession[]> {
    const params: unknown[] = [accountId];
    const where = ['account_id = $1', '(summary IS NOT NULL OR compaction_summary IS NOT NULL)'];
    if (query.developer !== undefined) where.push(`developer = $${params.push(query.developer)}`);
    if (query.project !== undefined) where.push(`project = $${params.push(query.project)}`);
    if (query.file !== undefined) {
      // a coarse LIKE on the joined paths narrows through SQL; pathEndsWith decides on segment boundaries
      const escaped = query.file.replace(/^\.?\/+/, '').replace(/[\\%_]/g, (c) => `\\${c}`);
      where.push(
        `array_to_string(files_edited || files_read, E'\\n') LIKE $${params.push(`%${escaped}%`)}`,
      );
    }
    const rows: Array<Record<string, any>> = await this.db.query(
      `SELECT session_id, outcome, coalesce(summary, compaction_summary) AS summary, files_edited, files_read, lessons, commit_shas,
              developer, project, started_at, ended_at
       FROM recall_sessions WHERE ${where.join(' AND ')}
       ORDER BY coalesce(ended_at, started_at) DESC NULLS LAST, session_id LIMIT $${params.push(query.task === undefined ? query.limit * 20 : TASK_CANDIDATES)}`,
      params,
    );
    const sessions = rows.map(toPriorSession);
    if (query.file === undefined && query.task === undefined) return sessions.slice(0, query.limit);
    if (query.file !== undefined) {
      const file = query.file;
      return sessions
        .filter((_, i) => {
          const row = rows[i];
          const paths: string[] = row ? [...row.files_edited, ...row.files_read] : [];
          return paths.some((path) => pathEndsWith(path, file));
        })
        .slice(0, query.limit);
    }
    const task = taskTokens(query.task ?? '');
    return sessions
      .map((session) => ({
        ...session,
        overlap:
          Math.round(
            taskOverlap(task, {
              summary: session.summary,
              lessons: session.lessons,
              files: session.filesEdited,
            }) * 1000,
          ) / 1000,
      }))
      .filter((session) => session.overlap > 0)
      .sort((a, b) => b.overlap - a.overlap)
      .slice(0, query.limit);
  }
}

const iso = (value: Date | null): string | null => (value ? new Date(value).toISOString() : null);

function toPriorSession(row: Record<string, any>): PriorSession {
  return {
    sessionId: row.session_id,
    verdict: verdictOf(row.outcome),
    outcome: row.outcome,
    summary: row.summary ?? '',
    filesEdited: row.files_edited,
    lessons: row.lessons,
    commitShas: row.commit_shas,
    developer: row.developer,
    project: row.project,
    startedAt: iso(row.started_at),
    endedAt: iso(row.ended_at),
  };
}
