import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import {
  buildEvent,
  deterministicUuid,
  NotFoundError,
  type EventEnvelope,
  type PayloadOf,
} from '@mnemo/contracts';
import { EVENT_LOG, type EventLog } from '@mnemo/eventing';
import { appendAndAwait, awaitCheckpoint, DATA_SOURCE } from '@mnemo/persistence';
import { draftHash, skillCandidates, skillMarkdown } from '../domain/skill-candidates';
import { learningProjection } from '../projections/learning.projection';
import { LearningCorpusService } from './learning-corpus.service';

/** Namespace of proposal event ids (a fixed v4 UUID, chosen once): the same finding is the same event. */
const PROPOSAL_NAMESPACE = '3c9e7a52-1f4b-4d8e-a6c1-7b2e9f0d4a18';

const AWAIT_MS = 10_000;

export type SkillStatus = 'proposed' | 'accepted' | 'dismissed';

export interface SkillCandidate {
  candidateId: string;
  project: string | null;
  name: string;
  description: string;
  steps: string[];
  files: string[];
  commands: string[];
  sourceSessionIds: string[];
  status: SkillStatus;
  edited: boolean;
  proposedAt: string;
  updatedAt: string;
}

const COLUMNS = `candidate_id, project, name, description, steps, files, commands, source_session_ids, status, edited, proposed_at, updated_at`;

function toCandidate(row: Record<string, unknown>): SkillCandidate {
  return {
    candidateId: row.candidate_id as string,
    project: row.project as string | null,
    name: row.name as string,
    description: row.description as string,
    steps: row.steps as string[],
    files: row.files as string[],
    commands: row.commands as string[],
    sourceSessionIds: row.source_session_ids as string[],
    status: row.status as SkillStatus,
    edited: row.edited as boolean,
    proposedAt: new Date(row.proposed_at as string).toISOString(),
    updatedAt: new Date(row.updated_at as string).toISOString(),
  };
}

/**
 * Skill candidates (docs/learning.md): discovered offline from the merged sessions, then accepted,
 * edited or dismissed by a person, every change an event of the log.
 */
@Injectable()
export class SkillsService {
  constructor(
    @Inject(DATA_SOURCE) private readonly db: DataSource,
    @Inject(EVENT_LOG) private readonly log: EventLog,
    private readonly corpus: LearningCorpusService,
  ) {}

  async list(
    accountId: string,
    filter: { status?: SkillStatus; project?: string } = {},
  ): Promise<SkillCandidate[]> {
    const params: unknown[] = [accountId];
    const where = ['account_id = $1'];
    if (filter.status) where.push(`status = $${params.push(filter.status)}`);
    if (filter.project) where.push(`project = $${params.push(filter.project)}`);
    const rows: Array<Record<string, unknown>> = await this.db.query(
      `SELECT ${COLUMNS} FROM learning_skill_candidates WHERE ${where.join(' AND ')}
       ORDER BY cardinality(source_session_ids) DESC, updated_at DESC, candidate_id`,
      params,
    );
    return rows.map(toCandidate);
  }

  async get(accountId: string, candidateId: string): Promise<SkillCandidate> {
    const rows: Array<Record<string, unknown>> = await this.db.query(
      `SELECT ${COLUMNS} FROM learning_skill_candidates WHERE account_id = $1 AND candidate_id = $2`,
      [accountId, candidateId],
    );
    if (!rows[0]) throw new NotFoundError(`skill candidate ${candidateId}`);
    return toCandidate(rows[0]);
  }

  /**
   * Finds the recurring successful work in the account's sessions and proposes what is new or has
   * grown (a proposal with the same content is the same event, so a second run adds nothing).
   * Offline: clustering and the sessions' own words, no model.
   */
  async discover(
    accountId: string,
    cause?: Pick<EventEnvelope, 'id' | 'correlationId'>,
  ): Promise<{ candidates: number; proposed: number }> {
    const drafts = skillCandidates(accountId, await this.corpus.sessions(accountId));
    const events = drafts.map((draft) =>
      buildEvent({
        type: 'SkillCandidateProposed',
        id: deterministicUuid(
          PROPOSAL_NAMESPACE,
          `${accountId}\u0000${draft.candidateId}\u0000${draftHash(draft)}`,
        ),
        accountId,
        occurredAt: new Date(),
        producer: 'recall',
        payload: draft,
        ...(cause ? { causationId: cause.id, correlationId: cause.correlationId ?? cause.id } : {}),
      }),
    );
    let proposed = 0;
    if (events.length) {
      const results = await this.log.appendMany('events', events);
      proposed = results.filter((r) => !r.duplicate).length;
      // answered once the proposals are readable
      await awaitCheckpoint(
        this.db,
        learningProjection.name,
        Math.max(...results.map((r) => r.seq)),
        AWAIT_MS,
      );
    }
    return { candidates: drafts.length, proposed };
  }

  async decide(
    accountId: string,
    candidateId: string,
    decision: 'accept' | 'dismiss',
  ): Promise<SkillCandidate> {
    await this.get(accountId, candidateId);
    await this.record(accountId, {
      type: decision === 'accept' ? 'SkillCandidateAccepted' : 'SkillCandidateDismissed',
      payload: { candidateId },
    });
    return this.get(accountId, candidateId);
  }

  async edit(
    accountId: string,
    candidateId: string,
    patch: Omit<PayloadOf<'SkillCandidateEdited'>, 'candidateId'>,
  ): Promise<SkillCandidate> {
    await this.get(accountId, candidateId);
    await this.record(accountId, {
      type: 'SkillCandidateEdited',
      payload: { candidateId, ...patch },
    });
    return this.get(accountId, candidateId);
  }

  /** The accepted candidates as SKILL.md files, each in a folder of its name (Claude Code's layout). */
  async exportAccepted(
    accountId: string,
  ): Promise<Array<{ name: string; path: string; content: string }>> {
    const accepted = await this.list(accountId, { status: 'accepted' });
    return accepted.map((candidate) => ({
      name: candidate.name,
      path: `${candidate.name}/SKILL.md`,
      content: skillMarkdown(candidate),
    }));
  }

  private async record(
    accountId: string,
    event:
      | {
          type: 'SkillCandidateAccepted' | 'SkillCandidateDismissed';
          payload: { candidateId: string };
        }
      | { type: 'SkillCandidateEdited'; payload: PayloadOf<'SkillCandidateEdited'> },
  ): Promise<void> {
    const envelope = buildEvent({
      ...event,
      id: randomUUID(),
      accountId,
      occurredAt: new Date(),
      producer: 'recall',
    });
    await appendAndAwait(
      { log: this.log, dataSource: this.db },
      [envelope],
      learningProjection.name,
    );
  }
}
