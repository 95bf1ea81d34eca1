import { buildEvent, type AnyEvent } from '@mnemo/contracts';
import { splitPlanProposals } from './plan-proposals';

const event = (type: string, payload: unknown, sessionId = 's'): AnyEvent =>
  buildEvent({
    id: '0b8f1c1e-5d0a-4c55-9d7e-1f2a3b4c5d6e',
    type: type as never,
    accountId: 'a',
    sessionId,
    occurredAt: '2026-12-01T08:00:00Z',
    producer: 'http',
    payload: payload as never,
  });

describe('splitPlanProposals', () => {
  it('hands plans to the plan rule with the newest message of the person before them in the batch', () => {
    const { plans, rest } = splitPlanProposals([
      event('TurnRecorded', { seq: 4, role: 'user', text: 'walk more' }),
      event('TurnRecorded', { seq: 5, role: 'assistant', text: 'ok' }),
      event('PlanProposed', { planId: 'p1', title: 'Walk' }),
      event('PlanProposed', { planId: 'p2', title: 'Sleep' }, 'other'),
    ]);
    expect(rest.map((e) => e.type)).toEqual(['TurnRecorded', 'TurnRecorded']);
    expect(plans.map((p) => [p.index, p.payload.planId, p.answerSeqInBatch])).toEqual([
      [2, 'p1', 4],
      [3, 'p2', undefined],
    ]);
  });
});
