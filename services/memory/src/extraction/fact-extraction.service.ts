import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import {
  causedBy,
  DependencyError,
  type EventBody,
  type EventCause,
  eventFactory,
  reactionId,
} from '@mnemo/contracts';
import { EVENT_LOG, LOGGER, openTrail, type EventLog, type Logger } from '@mnemo/eventing';
import {
  awaitCheckpoint,
  CACHE,
  DATA_SOURCE,
  waitForCheckpoint,
  type Cache,
} from '@mnemo/persistence';
import {
  EXTRACTION_MAX_OUTPUT_TOKENS,
  extractJson,
  factExtractionPrompt,
  capReached,
  LLM_CLIENT,
  paidCall,
  type ExtractionPerson,
  type LlmClient,
  type LlmSuccess,
  type SourceTurn,
} from '@mnemo/llm';
import { planExtractionWrites } from '../domain/extraction-plan';
import { decideExtractedPlans, planItemsOf } from '../domain/extracted-plans';
import { readPlanSlots } from '../projections/plans.projection';
import {
  factItemsOf,
  MAX_FACTS_PER_EXTRACTION,
  hasTextToExtract,
  shouldExtract,
  validateFacts,
} from '../domain/fact-guards';
import type { ExistingFact, FactOrigin } from '../domain/memory-fact';
import { writeEvent } from '../domain/extraction-events';
import {
  extractionTelemetry,
  type ExtractionResult,
  type ExtractionTrigger,
} from '../domain/extraction-telemetry';

const memoryEvent = eventFactory('memory');

export interface ExtractionRequest {
  accountId: string;
  transcript: string;
  /** The conversation's turns with their seqs and dates; an artifact has none and is read as one text. */
  turns?: readonly SourceTurn[];
  /** Who the facts are about, when the session's start said (the prompt names them). */
  person?: ExtractionPerson;
  /** A coding agent's session: read for the developer's decisions, conventions and preferences. */
  coding?: boolean;
  origin: FactOrigin;
  trigger: ExtractionTrigger;
  /** Names this extraction for its derived ids: the same key always writes under the same event ids. */
  key: string;
  /** The event that caused it, when there is one. */
  cause?: EventCause;
}

export type ExtractionOutcome = 'extracted' | 'skipped' | 'failed';

/** The newest facts an extraction compares against; a person's whole memory is rarely larger. */
const MAX_COMPARED_FACTS = 2_000;
/** How long an extraction waits for the account's writer lock before handing its message back for a retry. */
const LOCK_WAIT_MS = 20_000;
const LOCK_POLL_MS = 50;
/** How long one extraction may hold its dedup scope; it releases sooner. */
const SCOPE_LOCK_MS = 2 * 60_000;

/**
 * Transcript → facts, the shell around the domain: guards, one model call in the session pool, then,
 * holding the dedup scope (one writer per source session), the plan against the facts already stored
 * and the events that record it. It waits until the memory read model has applied what it wrote, so
 * the next extraction in the scope deduplicates against it.
 */
@Injectable()
export class FactExtractionService {
  constructor(
    @Inject(EVENT_LOG) private readonly log: EventLog,
    @Inject(DATA_SOURCE) private readonly db: DataSource,
    @Inject(CACHE) private readonly cache: Cache,
    @Inject(LLM_CLIENT) private readonly llm: LlmClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async extract(request: ExtractionRequest): Promise<ExtractionOutcome> {
    const { accountId, transcript, trigger } = request;
    if (!hasTextToExtract(transcript)) return 'skipped';
    // Under 200 characters there is too little signal to pay for a call; the offline rules
    // still read it at no cost ("never use yarn here" is one short turn, and it matters).
    const worthPaying = shouldExtract(transcript);
    // A conversation's stated intentions are proposed as plans beside its facts (docs/day-series.md).
    const withPlans = Boolean(request.turns) && trigger.kind !== 'artifact' && !request.coding;

    // Both adapters read the turns: the model through the numbered, dated prompt, the offline rules directly.
    const turns: readonly SourceTurn[] = request.turns ?? [
      { seq: 0, role: 'user', text: transcript },
    ];
    const prompt = factExtractionPrompt({
      kind: trigger.kind === 'artifact' ? 'artifact' : 'conversation',
      turns,
      ...(request.person ? { person: request.person } : {}),
      ...(request.coding ? { coding: true } : {}),
      ...(withPlans ? { plans: true } : {}),
    });
    return paidCall(
      this.llm.complete({
        account: accountId,
        label: 'memory',
        pools: ['session'],
        system: prompt.system,
        messages: prompt.messages,
        maxOutputTokens: EXTRACTION_MAX_OUTPUT_TOKENS,
        json: withPlans ? { listKey: 'facts', alsoLists: ['plans'] } : { listKey: 'facts' },
        source: transcript,
        turns,
        ...(worthPaying ? {} : { offlineOnly: true }),
        ...(request.coding ? { coding: true } : {}),
      }),
      {
        answered: (answer) => this.write(request, answer, withPlans),
        failed: async (failure): Promise<ExtractionOutcome> => {
          await this.append(request, [], {
            ok: false,
            failure: failure.failure,
            ...capReached(failure),
          });
          return 'failed';
        },
      },
    );
  }

  /** An answered extraction: its facts (and plans) planned against those stored, then written. */
  private async write(
    request: ExtractionRequest,
    answer: LlmSuccess<undefined>,
    withPlans: boolean,
  ): Promise<ExtractionOutcome> {
    const { accountId, origin } = request;
    const parsed = extractJson(answer.text);
    const items = parsed.ok ? factItemsOf(parsed.value) : null;
    if (!items) {
      await this.append(request, [], { ok: false, failure: 'invalid_output' });
      return 'failed';
    }
    const validated = validateFacts(items, origin).facts;
    // An artifact's provenance is the artifact itself, not a turn number.
    const facts = request.turns
      ? validated
      : validated.map(({ sourceTurns: _turns, ...fact }) => fact);

    // Near-duplicates and supersessions are looked for across all the person's facts (docs/memory-facts.md), so one writer per account.
    const lockKey = `memory:extract-scope:${accountId}`;
    const token = await this.lockScope(lockKey);
    if (!token)
      throw new DependencyError(
        'memory extraction',
        `another extraction of account "${accountId}" is still writing`,
      );
    try {
      // Everything logged before now is what this extraction must deduplicate against.
      await awaitCheckpoint(this.db, 'memory', await this.log.lastSeq('events'));
      const { existing, versions } = await this.existingFacts(accountId, origin.sourceSession);
      const ids = Array.from({ length: MAX_FACTS_PER_EXTRACTION }, (_, i) =>
        reactionId(request.key, `fact:${i}`),
      );
      const writes = planExtractionWrites(facts, existing, ids, new Date());
      const events = writes.map((write) =>
        writeEvent(write, (factId) => versions.get(factId) ?? 1),
      );
      const plans = withPlans && parsed.ok ? await this.plansOf(request, parsed.value) : [];
      const usage = answer.usage;
      const seq = await this.append(request, [...events, ...plans], {
        ok: true,
        rawCount: items.length,
        validCount: facts.length,
        writeCount: events.length,
        inputTokens: usage.inputTokens,
        outputTokens: usage.outputTokens,
      });
      if (!(await waitForCheckpoint(this.db, 'memory', seq, 10_000))) {
        this.logger.warn(
          { accountId, scope: origin.sourceSession, seq },
          'memory read model lags behind an extraction; the next one may not see its facts',
        );
      }
      return 'extracted';
    } finally {
      await this.cache.unlock(lockKey, token);
    }
  }

  /**
   * The plans the answer lists, under propose_plan's limits, against the plans there are (the plan
   * lock, as POST /v1/plans takes it, keeps the two from racing past three open).
   */
  private async plansOf(
    request: ExtractionRequest,
    answer: unknown,
  ): Promise<Array<EventBody & { key: string }>> {
    const items = planItemsOf(answer);
    const sessionId = request.origin.sourceSession;
    if (items.length === 0 || !request.turns) return [];
    const personTurns = new Set(request.turns.filter((t) => t.role === 'user').map((t) => t.seq));
    const lockKey = `memory:lock:plans:${request.accountId}`;
    const token = await this.cache.tryLock(lockKey, 15_000);
    if (!token) throw new DependencyError('plan proposals', 'the plans are being changed');
    try {
      const { events, skipped } = decideExtractedPlans(
        await readPlanSlots(this.db, request.accountId),
        items,
        { sessionId, personTurns },
      );
      if (skipped.length)
        this.logger.info(
          { accountId: request.accountId, sessionId, skipped },
          'extracted plans left out by the plan limits',
        );
      return events.map((event) => ({
        type: event.type,
        key: `plan:${event.payload.planId}`,
        payload: event.payload,
      }));
    } finally {
      await this.cache.unlock(lockKey, token);
    }
  }

  /**
   * The account's writer lock, waited for a while: the answer is already paid for, and another
   * extraction's plan-and-append takes moments, so giving up at once would pay for the call again.
   */
  private async lockScope(lockKey: string): Promise<string | null> {
    const deadline = Date.now() + LOCK_WAIT_MS;
    for (;;) {
      const token = await this.cache.tryLock(lockKey, SCOPE_LOCK_MS);
      if (token || Date.now() >= deadline) return token;
      await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
    }
  }

  /**
   * What a new fact is matched against: this session's facts, and every other fact the
   * extraction wrote and the person never edited (restatements and changes across sessions; a
   * fact the person wrote or changed is theirs). Pending proposals of the session, so one is not proposed twice.
   */
  private async existingFacts(accountId: string, scope: string) {
    const facts: Array<{
      id: string;
      fact_type: string;
      content: string;
      confidence: string;
      version: number;
      source_session: string;
      subject: string | null;
    }> = await this.db.query(
      `SELECT id, fact_type, content, confidence, version, source_session, subject FROM memory_facts
         WHERE account_id = $1 AND status = 'active' AND (source_session = $2 OR (source = 'extraction' AND NOT edited_by_person))
         ORDER BY (source_session = $2) DESC, updated_at DESC LIMIT ${MAX_COMPARED_FACTS}`,
      [accountId, scope],
    );
    const proposals: Array<{
      fact_id: string;
      fact_type: string;
      content: string;
      confidence: string;
    }> = await this.db.query(
      `SELECT fact_id, fact_type, content, confidence FROM memory_proposals WHERE account_id = $1 AND source_session = $2 AND status = 'pending'`,
      [accountId, scope],
    );
    const existing: ExistingFact[] = [
      ...facts.map(
        (f) =>
          ({
            factId: f.id,
            factType: f.fact_type,
            content: f.content,
            confidence: f.confidence,
            sourceSession: f.source_session,
            kind: 'fact',
            ...(f.subject ? { subject: f.subject } : {}),
          }) as ExistingFact,
      ),
      ...proposals.map(
        (p) =>
          ({
            factId: p.fact_id,
            factType: p.fact_type,
            content: openTrail(p.content),
            confidence: p.confidence,
            sourceSession: scope,
            kind: 'proposal',
          }) as ExistingFact,
      ),
    ];
    return { existing, versions: new Map(facts.map((f) => [f.id, Number(f.version)])) };
  }

  /** Appends the writes and the telemetry row; returns the log sequence of the last. */
  private async append(
    request: ExtractionRequest,
    writes: Array<EventBody & { key: string }>,
    result: ExtractionResult,
  ): Promise<number> {
    const all: Array<EventBody & { key: string }> = [
      ...writes,
      {
        type: 'FeatureEventRecorded',
        key: 'telemetry',
        payload: extractionTelemetry(request.trigger, result),
      },
    ];
    const occurredAt = new Date().toISOString();
    const sessionId = request.cause?.sessionId ?? request.trigger.sessionId;
    const envelopes = all.map(({ key, ...body }) =>
      memoryEvent({
        ...body,
        id: reactionId(request.key, `memory:${key}`),
        accountId: request.accountId,
        ...(sessionId ? { sessionId } : {}),
        occurredAt,
        ...(request.cause ? causedBy(request.cause) : {}),
      }),
    );
    const results = await this.log.appendMany('events', envelopes);
    return Math.max(...results.map((r) => r.seq));
  }
}
