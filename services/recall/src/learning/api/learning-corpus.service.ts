import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { stripWrappers } from '@mnemo/contracts';
import { DATA_SOURCE, readCheckpoint } from '@mnemo/persistence';
import { learningProjection } from '../projections/learning.projection';
import { pathEndsWith, taskTokens } from '../../domain/prior-work';
import { failedClusters, type FailedCluster } from '../domain/failed-clusters';
import type { LearningSession, Outcome } from '../domain/learning-session';
import type { ToolStep } from '../domain/tool-steps';

/** Sessions read per account (or project), newest first: enough history for the corpus, bounded work per question. */
export const CORPUS_SESSIONS = 2000;

const CACHED_CORPORA = 32;

/** A cluster is about a task when it holds at least this share of the task's words. */
const TASK_MATCH = 0.5;

export interface SessionRow {
  session_id: string;
  project: string | null;
  started_at: Date | null;
  outcome: Outcome;
  first_user_turn: string | null;
  files_edited: string[];
  turns: Array<{ role: string; text: string; tools: ToolStep[] }>;
}

/**
 * The learning corpus read from recall's learning tables (docs/learning.md): failed clusters are
 * computed from the sessions on every ask, so they always match the log and a replay gives them back.
 */
@Injectable()
export class LearningCorpusService {
  /** The last corpus read per account and project, with the learning checkpoint it was read at. */
  private readonly cache = new Map<string, { seq: number; sessions: LearningSession[] }>();

  constructor(@Inject(DATA_SOURCE) private readonly db: DataSource) {}

  /**
   * The account's newest CORPUS_SESSIONS sessions, in a project or all. Read again only when the
   * learning projection has applied events since the last read (its checkpoint moved).
   */
  async sessions(accountId: string, project?: string): Promise<LearningSession[]> {
    const seq = await readCheckpoint(this.db, learningProjection.name);
    const key = JSON.stringify([accountId, project ?? null]);
    const cached = this.cache.get(key);
    if (cached?.seq === seq) return cached.sessions;
    const sessions = await this.read(accountId, project);
    this.cache.delete(key);
    this.cache.set(key, { seq, sessions });
    // a handful of accounts and projects asked about lately; the oldest ask goes first
    if (this.cache.size > CACHED_CORPORA) this.cache.delete(this.cache.keys().next().value!);
    return sessions;
  }

  private async read(accountId: string, project?: string): Promise<LearningSession[]> {
    const params: unknown[] = [accountId];
    const rows: SessionRow[] = await this.db.query(
      `SELECT s.session_id, s.project, s.started_at, s.outcome, s.first_user_turn, s.files_edited,
              coalesce((SELECT json_agg(json_build_object('role', t.role, 'text', t.text, 'tools', t.tools) ORDER BY t.seq)
                        FROM learning_turns t WHERE t.account_id = s.account_id AND t.session_id = s.session_id), '[]') AS turns
       FROM learning_sessions s
       WHERE s.account_id = $1 ${project !== undefined ? `AND s.project = $${params.push(project)}` : ''}
       ORDER BY s.started_at DESC NULLS LAST, s.session_id LIMIT ${CORPUS_SESSIONS}`,
      params,
    );
    return rows.map(toSession);
  }

  async failedClusters(accountId: string, project?: string): Promise<FailedCluster[]> {
    return failedClusters(accountId, await this.sessions(accountId, project));
  }

  /** The failed clusters about a task (by its words) or a file (by path suffix), most attempts first. */
  async failedClustersAbout(
    accountId: string,
    about: { task?: string; file?: string; project?: string },
  ): Promise<FailedCluster[]> {
    const clusters = await this.failedClusters(accountId, about.project);
    const words = taskTokens(about.task ?? '');
    return clusters
      .filter((cluster) => {
        if (about.file !== undefined)
          return cluster.sharedFiles.some(
            (file) => pathEndsWith(file, about.file!) || pathEndsWith(about.file!, file),
          );
        if (words.size === 0) return false;
        const held = taskTokens(
          [cluster.task, ...cluster.sessions.map((s) => s.task), ...cluster.sharedFiles].join(' '),
        );
        let shared = 0;
        for (const word of words) if (held.has(word)) shared += 1;
        return shared / words.size >= TASK_MATCH;
      })
      .sort((a, b) => b.sessions.length - a.sessions.length);
  }
}

/** A row of learning_sessions with its turns as the domain reads it. */
export function toSession(row: SessionRow): LearningSession {
  const firstAsked = row.turns.find((t) => t.role === 'user' && t.text.trim())?.text ?? '';
  return {
    sessionId: row.session_id,
    project: row.project,
    startedAt: row.started_at ? new Date(row.started_at).toISOString() : null,
    outcome: row.outcome,
    // wrappers out (an older reader or another client may have sent them): the task is what was typed
    task: stripWrappers(row.first_user_turn ?? '') || firstAsked,
    asked: row.turns.filter((t) => t.role === 'user' && t.text.trim()).map((t) => t.text),
    steps: row.turns.flatMap((t) => t.tools),
    filesEdited: row.files_edited,
  };
}
