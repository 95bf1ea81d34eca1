import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import {
  buildEvent,
  deterministicUuid,
  NotFoundError,
  type EventEnvelope,
  type PayloadOf,
  type SkillCandidate,
  type SkillStatus,
} from '@mnemo/contracts';
import { EVENT_LOG, LOGGER, type EventLog, type Logger } from '@mnemo/eventing';
import { LLM_CLIENT, paidCall, type LlmClient } from '@mnemo/llm';
import { appendAndAwait, awaitCheckpoint, DATA_SOURCE } from '@mnemo/persistence';
import type { LearningSession } from '../domain/learning-session';
import {
  draftHash,
  skillCandidates,
  skillMarkdown,
  type SkillCandidateDraft,
} from '../domain/skill-candidates';
import {
  SKILL_MAX_OUTPUT_TOKENS,
  SKILL_SYSTEM,
  skillMessages,
  SkillWording,
} from '../domain/skill-prompt';
import { learningProjection } from '../projections/learning.projection';
import { RECALL_CONFIG } from '../../recall.constants';
import type { RecallConfig } from '../../recall.config';
import { LearningCorpusService } from './learning-corpus.service';

/** Namespace of proposal event ids (a fixed v4 UUID, chosen once): the same finding is the same event. */
const PROPOSAL_NAMESPACE = '3c9e7a52-1f4b-4d8e-a6c1-7b2e9f0d4a18';

const AWAIT_MS = 10_000;

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
    @Inject(LLM_CLIENT) private readonly llm: LlmClient,
    @Inject(RECALL_CONFIG) private readonly config: RecallConfig,
    @Inject(LOGGER) private readonly logger: Logger,
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
   * grown (a proposal is named by what the offline pass found, so a second run adds nothing).
   * Offline: clustering and the sessions' own words. With MNEMO_SKILLS_MODEL_ENABLED the model
   * words the name and description of a candidate that is new or has new sessions (session pool,
   * label `skill`, within its cap); any failure keeps the offline wording.
   */
  async discover(
    accountId: string,
    cause?: Pick<EventEnvelope, 'id' | 'correlationId'>,
  ): Promise<{ candidates: number; proposed: number }> {
    const sessions = await this.corpus.sessions(accountId);
    const drafts = skillCandidates(accountId, sessions);
    const worded = this.config.skillsModelEnabled
      ? await this.wordNew(accountId, drafts, sessions)
      : drafts;
    const events = drafts.map((draft, i) =>
      buildEvent({
        type: 'SkillCandidateProposed',
        id: deterministicUuid(
          PROPOSAL_NAMESPACE,
          `${accountId}\u0000${draft.candidateId}\u0000${draftHash(draft)}`,
        ),
        accountId,
        occurredAt: new Date(),
        producer: 'recall',
        payload: worded[i] ?? draft,
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

  /**
   * The drafts, those the account has not seen with these sessions worded by the model (one call
   * each, in turn, so a cap reached part way leaves the rest offline). A candidate already proposed
   * with the same sessions is not asked about again: its proposal would be a duplicate anyway.
   */
  private async wordNew(
    accountId: string,
    drafts: readonly SkillCandidateDraft[],
    sessions: readonly LearningSession[],
  ): Promise<SkillCandidateDraft[]> {
    const known = new Map(
      (await this.list(accountId)).map((c) => [c.candidateId, c.sourceSessionIds.join('\u0000')]),
    );
    const taskOf = new Map(sessions.map((s) => [s.sessionId, s.task]));
    const worded: SkillCandidateDraft[] = [];
    for (const draft of drafts) {
      if (known.get(draft.candidateId) === draft.sourceSessionIds.join('\u0000')) {
        worded.push(draft);
        continue;
      }
      const tasks = draft.sourceSessionIds.map((id) => taskOf.get(id) ?? '').filter(Boolean);
      worded.push(
        await paidCall(
          this.llm.complete({
            account: accountId,
            label: 'skill',
            pools: ['session'],
            system: SKILL_SYSTEM,
            messages: skillMessages(draft, tasks),
            maxOutputTokens: SKILL_MAX_OUTPUT_TOKENS,
            json: true,
            schema: SkillWording,
            // no key: the offline wording, not the offline adapter's
            offlineFallback: false,
          }),
          {
            answered: ({ data }) => ({ ...draft, name: data.name, description: data.description }),
            failed: (failure) => {
              this.logger.info(
                { accountId, candidateId: draft.candidateId, failure: failure.failure },
                'skill model unavailable; the offline wording stays',
              );
              return draft;
            },
          },
        ),
      );
    }
    return worded;
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
