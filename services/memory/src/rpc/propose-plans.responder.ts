import type { DataSource } from 'typeorm';
import {
  ConflictError,
  eventFactory,
  INGEST_RPC,
  MEMORY_RPC,
  type ProposePlansReply,
  ProposePlansRequest,
  SessionTurnReply,
  subjects,
  ValidationError,
  zodIssues,
} from '@mnemo/contracts';
import { requestFromService, type EventLog, type Subscription } from '@mnemo/eventing';
import { appendAndAwait, type Cache } from '@mnemo/persistence';
import { decidePlanBatch, planRefusal } from '../domain/plans';
import { readPlanSlots } from '../projections/plans.projection';

const memoryEvent = eventFactory('memory');

const TURN_TIMEOUT_MS = 3_000;
/** The same lock as POST /v1/plans (MemoryWriterService.exclusively): the limits span every door. */
const planLock = (accountId: string) => `memory:lock:plans:${accountId}`;

/**
 * Plans producers send as events (POST /v1/events, gRPC Ingest) go through the rule POST /v1/plans
 * follows before their batch is written: the gateway hands them here, memory decides under the plans
 * lock and appends the accepted ones itself (redacted on the way into the log, as every write is).
 */
export async function startProposePlansResponder(infra: {
  log: EventLog;
  dataSource: DataSource;
  cache: Cache;
}): Promise<Subscription[]> {
  return [
    await infra.log.reply(subjects.rpc('memory', MEMORY_RPC.proposePlans), 'memory', (body) =>
      proposePlans(infra, body),
    ),
  ];
}

async function proposePlans(
  infra: { log: EventLog; dataSource: DataSource; cache: Cache },
  body: unknown,
): Promise<ProposePlansReply> {
  const parsed = ProposePlansRequest.safeParse(body);
  if (!parsed.success)
    throw new ValidationError('bad propose-plans request', zodIssues(parsed.error));
  const { accountId, proposals } = parsed.data;
  const token = await infra.cache.tryLock(planLock(accountId), 15_000);
  if (!token) throw new ConflictError('plans are being changed by another request; retry');
  try {
    const answers = new Map<string, number>();
    const withAnswers = [];
    for (const p of proposals) {
      // the person's newest message: in this batch, else in ingest's read model, else none yet (-1)
      if (!answers.has(p.sessionId))
        answers.set(p.sessionId, await newestMessage(infra, accountId, p.sessionId));
      const answerSeq = Math.max(p.answerSeqInBatch ?? -1, answers.get(p.sessionId)!);
      withAnswers.push({ ...p, planId: p.payload.planId, answerSeq });
    }
    const decision = decidePlanBatch(await readPlanSlots(infra.dataSource, accountId), withAnswers);
    if (!decision.ok)
      throw new ConflictError(planRefusal(decision.reason), {
        index: decision.index,
        open: decision.open,
      });
    const accepted = withAnswers.filter((p) => decision.accepted.includes(p.index));
    if (accepted.length)
      await appendAndAwait(
        infra,
        accepted.map((p) =>
          memoryEvent({
            id: p.id,
            type: 'PlanProposed',
            accountId,
            sessionId: p.sessionId,
            occurredAt: p.occurredAt,
            ...(p.correlationId ? { correlationId: p.correlationId } : {}),
            payload: { ...p.payload, ...(p.answerSeq >= 0 ? { answerSeq: p.answerSeq } : {}) },
          }),
        ),
        'memory',
      );
    return { accepted: accepted.length, duplicates: decision.duplicates.length };
  } finally {
    await infra.cache.unlock(planLock(accountId), token);
  }
}

async function newestMessage(
  infra: { log: EventLog },
  accountId: string,
  sessionId: string,
): Promise<number> {
  const { turn } = await requestFromService(infra.log, {
    service: 'ingest',
    verb: INGEST_RPC.sessionTurn,
    body: { accountId, sessionId },
    reply: SessionTurnReply,
    timeoutMs: TURN_TIMEOUT_MS,
  });
  return turn?.seq ?? -1;
}
