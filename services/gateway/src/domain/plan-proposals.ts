import type { AnyEvent, ProposePlansRequest } from '@mnemo/contracts';

/**
 * A batch's PlanProposed events, for memory's plan rule, and the rest, for the raw queue. Each plan
 * carries the newest message of the person earlier in the batch for its session: a producer may send
 * the message and the plan answering it together, before ingest's read model has the message.
 */
export function splitPlanProposals(events: readonly AnyEvent[]): {
  plans: ProposePlansRequest['proposals'];
  rest: AnyEvent[];
} {
  const newest = new Map<string, number>();
  const plans: ProposePlansRequest['proposals'] = [];
  const rest: AnyEvent[] = [];
  events.forEach((event, index) => {
    if (event.type === 'TurnRecorded' && event.sessionId) {
      const turn = event.payload;
      if (turn.role === 'user')
        newest.set(event.sessionId, Math.max(newest.get(event.sessionId) ?? -1, turn.seq));
    }
    if (event.type !== 'PlanProposed' || !event.sessionId) {
      rest.push(event);
      return;
    }
    const inBatch = newest.get(event.sessionId);
    plans.push({
      index,
      id: event.id,
      sessionId: event.sessionId,
      occurredAt: event.occurredAt,
      ...(event.correlationId ? { correlationId: event.correlationId } : {}),
      payload: event.payload,
      ...(inBatch === undefined ? {} : { answerSeqInBatch: inBatch }),
    });
  });
  return { plans, rest };
}
