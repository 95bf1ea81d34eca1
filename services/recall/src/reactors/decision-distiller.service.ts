import { Inject, Injectable } from '@nestjs/common';
import { buildEvent, deterministicUuid, reactionId, type EventEnvelope } from '@mnemo/contracts';
import { EVENT_LOG, LOGGER, type EventLog, type Logger } from '@mnemo/eventing';
import { developerStatements, extractJson, LLM_CLIENT, paidCall, type LlmClient } from '@mnemo/llm';
import {
  acceptDistilled,
  distillOffline,
  topicKey,
  type Decision,
  type Distilled,
} from '../domain/distill-decisions';
import { RECALL_CONFIG } from '../recall.constants';
import type { RecallConfig } from '../recall.config';
import { DECISION_MAX_OUTPUT_TOKENS, DECISION_SYSTEM, decisionMessages } from './decision-prompt';

/** A sentence's project conventions ("never use yarn here"), read by the offline memory rules. */
export const conventionsIn = (sentence: string): Decision[] =>
  developerStatements(sentence)
    .filter((s) => s.kind === 'convention')
    .map((s) => ({ topic: s.topic, stance: s.stance, rationale: s.content }));

/** Namespace of decision ids (a fixed v4 UUID, chosen once). */
const DECISION_NAMESPACE = '8f2b6c1e-4d3a-4e7b-9c5d-2a1f0e6b7d34';

export interface DistillRequest {
  accountId: string;
  sessionId: string;
  /** A redacted session summary (the ingest's outcome summary or a compaction summary) with its lessons. */
  summary: string;
  developer?: string | null;
  /** Names this run for its event ids: the same key writes the same events. */
  key: string;
  cause?: Pick<EventEnvelope, 'id' | 'correlationId'>;
  occurredAt: string;
}

/** Decision ids are deterministic on session + topic, so a re-run updates a decision in place. */
export const decisionIdOf = (accountId: string, sessionId: string, topic: string): string =>
  deterministicUuid(DECISION_NAMESPACE, `${accountId}\u0000${sessionId}\u0000${topicKey(topic)}`);

/**
 * Summary → decisions and lessons, as events. With MNEMO_DECISIONS_ENABLED the model distils them
 * (session pool, labelled `decision`); otherwise, and whenever the model gives nothing usable, the
 * offline phrasing rules do, at no cost (a paid pass is opt-in).
 */
@Injectable()
export class DecisionDistillerService {
  constructor(
    @Inject(EVENT_LOG) private readonly log: EventLog,
    @Inject(LLM_CLIENT) private readonly llm: LlmClient,
    @Inject(RECALL_CONFIG) private readonly config: RecallConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async distill(
    request: DistillRequest,
  ): Promise<{ decisions: number; lessons: number; by: 'model' | 'offline' }> {
    const model = this.config.decisionsEnabled ? await this.askModel(request) : null;
    const distilled = model ?? distillOffline(request.summary, conventionsIn);
    const events = this.events(request, distilled);
    if (events.length) await this.log.appendMany('events', events);
    return {
      decisions: distilled.decisions.length,
      lessons: distilled.lessons.length,
      by: model ? 'model' : 'offline',
    };
  }

  private async askModel(request: DistillRequest): Promise<Distilled | null> {
    return paidCall(
      this.llm.complete({
        account: request.accountId,
        label: 'decision',
        pools: ['session'],
        system: DECISION_SYSTEM,
        messages: decisionMessages(request.summary),
        maxOutputTokens: DECISION_MAX_OUTPUT_TOKENS,
        json: true,
        source: request.summary,
      }),
      {
        answered: (answer) => {
          const parsed = extractJson(answer.text);
          return parsed.ok ? acceptDistilled(parsed.value) : null;
        },
        failed: (failure) => {
          this.logger.info(
            {
              accountId: request.accountId,
              sessionId: request.sessionId,
              failure: failure.failure,
            },
            'decision model unavailable; offline rules distil instead',
          );
          return null;
        },
      },
    );
  }

  private events(request: DistillRequest, distilled: Distilled): EventEnvelope[] {
    const base = {
      accountId: request.accountId,
      sessionId: request.sessionId,
      occurredAt: request.occurredAt,
      ...(request.cause
        ? {
            causationId: request.cause.id,
            correlationId: request.cause.correlationId ?? request.cause.id,
          }
        : {}),
    };
    const decisions = distilled.decisions.map((decision) => {
      const decisionId = decisionIdOf(request.accountId, request.sessionId, decision.topic);
      return buildEvent({
        ...base,
        producer: 'recall',
        id: reactionId(request.key, `decision:${decisionId}`),
        type: 'DecisionRecorded',
        payload: {
          decisionId,
          ...decision,
          ...(request.developer ? { developer: request.developer } : {}),
        },
      });
    });
    const lessons = distilled.lessons.length
      ? [
          buildEvent({
            ...base,
            producer: 'recall',
            id: reactionId(request.key, 'lessons'),
            type: 'SessionLessonsRecorded',
            payload: { lessons: distilled.lessons },
          }),
        ]
      : [];
    return [...decisions, ...lessons];
  }
}
