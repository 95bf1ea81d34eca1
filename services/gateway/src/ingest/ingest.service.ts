import { Inject, Injectable } from '@nestjs/common';
import {
  MEMORY_RPC,
  ProposePlansReply,
  ValidationError,
  type IngestResponse,
} from '@mnemo/contracts';
import { EVENT_LOG, requestFromService, type EventLog } from '@mnemo/eventing';
import { splitPlanProposals } from '../domain/plan-proposals';
import { validateIngestBatch } from '../domain/validate-ingest-batch';

/** Memory decides and writes the batch's plans; its ingest lookup of the session's message is inside this. */
const PLAN_RULE_TIMEOUT_MS = 8_000;

/**
 * Session events in, over HTTP or gRPC: validated whole, plans through memory's plan rule, then the
 * rest onto the raw work queue for redaction.
 */
@Injectable()
export class IngestService {
  constructor(@Inject(EVENT_LOG) private readonly log: EventLog) {}

  async ingest(
    accountId: string,
    body: unknown,
    producer: 'http' | 'grpc',
    correlationId?: string,
  ): Promise<IngestResponse> {
    const batch = validateIngestBatch(body, accountId, producer, correlationId);
    if (!batch.ok)
      throw new ValidationError('some events are not valid; none were accepted', batch.issues);
    // Plans meet memory's limits (one per answer, three open) before anything of the batch is written:
    // a refusal is a 409 naming the event, and the rest of the batch is not taken either.
    const { plans, rest } = splitPlanProposals(batch.events);
    const planned = plans.length
      ? await requestFromService(this.log, {
          service: 'memory',
          verb: MEMORY_RPC.proposePlans,
          body: { accountId, proposals: plans },
          reply: ProposePlansReply,
          timeoutMs: PLAN_RULE_TIMEOUT_MS,
        })
      : { accepted: 0, duplicates: 0 };
    const results = rest.length ? await this.log.appendMany('raw', rest) : [];
    const duplicates = results.filter((r) => r.duplicate).length;
    return {
      accepted: results.length - duplicates + planned.accepted,
      duplicates: duplicates + planned.duplicates,
    };
  }
}
