import { PlanCheckedIn } from '@mnemo/contracts';
import {
  canActivate,
  decidePlanActivation,
  decidePlanBatch,
  decidePlanProposal,
  evolvePlan,
  lapsePlans,
  progressLine,
  progressStatus,
  reviewDueAt,
  type PlanEvent,
  type PlanState,
} from './plans';
import { itemAt } from '@mnemo/testing';

const proposedEvent = (planId: string, occurredAt = '2026-05-01T08:00:00.000Z'): PlanEvent => ({
  type: 'PlanProposed',
  occurredAt,
  payload: { planId, title: 'Walk 30 minutes a day', steps: ['after lunch'], reviewDays: 14 },
});
const fold = (events: PlanEvent[]) => events.reduce<PlanState | undefined>(evolvePlan, undefined);
const proposed = (planId: string) => fold([proposedEvent(planId)])!;
const active = (planId: string, activatedAt = '2026-05-03T08:00:00.000Z') =>
  fold([
    proposedEvent(planId),
    { type: 'PlanActivated', occurredAt: activatedAt, payload: { planId, activatedAt } },
  ])!;

describe('plan lifecycle', () => {
  it('starts proposed and is activated by the person', () => {
    expect(proposed('a').status).toBe('proposed');
    expect(active('a')).toMatchObject({
      status: 'active',
      activatedAt: '2026-05-03T08:00:00.000Z',
    });
  });

  it('counts the review window from activation, not from the proposal', () => {
    expect(reviewDueAt(active('a'))?.toISOString()).toBe('2026-05-17T08:00:00.000Z');
    expect(reviewDueAt(proposed('a'))).toBeNull();
  });

  it('does not re-open a closed plan on a late activation', () => {
    const closed = evolvePlan(proposed('a'), {
      type: 'PlanClosed',
      occurredAt: '2026-05-02T00:00:00Z',
      payload: { planId: 'a', reason: 'lapsed' },
    });
    const after = evolvePlan(closed, {
      type: 'PlanActivated',
      occurredAt: '2026-05-03T00:00:00Z',
      payload: { planId: 'a', activatedAt: '2026-05-03T00:00:00Z' },
    });
    expect(after).toMatchObject({ status: 'closed', closedReason: 'lapsed' });
  });

  it('uses the contract defaults for a proposal without steps or review days', () => {
    const plan = fold([
      {
        type: 'PlanProposed',
        occurredAt: '2026-05-01T00:00:00Z',
        payload: { planId: 'x', title: 'Sleep by 11' },
      },
    ]);
    expect(plan).toMatchObject({ steps: [], reviewDays: 14 });
  });
});

describe('canActivate', () => {
  it('allows a fourth plan only once one of three open plans closes', () => {
    const open = [active('a'), active('b'), active('c')];
    expect(canActivate(proposed('d'), [...open, proposed('d')])).toEqual({
      ok: false,
      reason: 'too_many_open',
    });
    const closed = { ...itemAt(open, 0), status: 'closed' as const };
    expect(canActivate(proposed('d'), [closed, itemAt(open, 1), itemAt(open, 2)])).toEqual({
      ok: true,
    });
  });

  it('only activates a proposed plan', () => {
    expect(canActivate(active('a'), [active('a')])).toEqual({ ok: false, reason: 'not_proposed' });
  });

  it('stamps activation with now', () => {
    expect(decidePlanActivation(proposed('a'), [], new Date('2026-05-09T12:00:00Z'))).toEqual({
      ok: true,
      event: {
        type: 'PlanActivated',
        payload: { planId: 'a', activatedAt: '2026-05-09T12:00:00.000Z' },
      },
    });
  });
});

describe('lapsePlans', () => {
  it('closes proposals unanswered for 14 days as lapsed, and leaves active plans alone', () => {
    const plans = [proposed('old'), active('on')];
    expect(lapsePlans(plans, new Date('2026-05-15T07:59:59Z'))).toEqual([]);
    expect(lapsePlans(plans, new Date('2026-05-15T08:00:00Z'))).toEqual([
      { planId: 'old', reason: 'lapsed' },
    ]);
  });
});

describe('progressLine', () => {
  it('gives one sentence with the count since activation, review day and latest note', () => {
    const line = progressLine(active('a'), [
      { at: '2026-05-02T09:00:00Z', progress: 'before activation' },
      { at: '2026-05-05T09:00:00Z', progress: 'walked 20 minutes' },
      { at: '2026-05-04T09:00:00Z', progress: 'walked 10 minutes' },
    ]);
    expect(line).toBe(
      'Walk 30 minutes a day: 2 check-ins, review on 2026-05-17; latest: walked 20 minutes.',
    );
  });

  it('says when there are no check-ins yet', () => {
    expect(progressLine(active('a'), [])).toBe(
      'Walk 30 minutes a day: no check-ins yet, review on 2026-05-17.',
    );
  });

  it('gives the same sentence without the title for readers that print the title themselves', () => {
    expect(progressStatus(active('a'), [])).toBe('no check-ins yet, review on 2026-05-17.');
  });

  it('stays one line within the PlanCheckedIn limit whatever the notes hold', () => {
    const line = progressLine(active('a'), [
      { at: '2026-05-06T00:00:00Z', progress: `line one\nline two ${'x'.repeat(400)}` },
    ]);
    expect(line).not.toMatch(/\n/);
    expect(PlanCheckedIn.safeParse({ planId: 'a', progress: line }).success).toBe(true);
  });
});

describe('decidePlanProposal (propose_plan)', () => {
  const ask = { sessionId: 's-1', answerSeq: 7, title: 'Walk 30 minutes a day' };

  it('proposes a plan named after the answer it is given in, and says which answer', () => {
    expect(decidePlanProposal([], ask)).toEqual({
      ok: true,
      event: {
        type: 'PlanProposed',
        payload: { planId: 'plan:s-1:7', title: 'Walk 30 minutes a day', answerSeq: 7 },
      },
    });
  });

  it('refuses a second plan in the same answer, and takes one in the next', () => {
    const first = proposed('plan:s-1:7');
    expect(decidePlanProposal([first], ask)).toEqual({
      ok: false,
      reason: 'already_proposed_in_answer',
      open: 1,
    });
    expect(decidePlanProposal([first], { ...ask, answerSeq: 9 })).toMatchObject({ ok: true });
  });

  it('refuses a plan while three are open, waiting or active; a closed one frees a place', () => {
    const three = [proposed('a'), proposed('b'), { ...proposed('c'), status: 'active' as const }];
    expect(decidePlanProposal(three, ask)).toEqual({ ok: false, reason: 'too_many_open', open: 3 });
    const oneClosed = [...three.slice(0, 2), { ...proposed('c'), status: 'closed' as const }];
    expect(decidePlanProposal(oneClosed, ask)).toMatchObject({ ok: true });
  });
});

describe('decidePlanBatch (plans sent as producer events)', () => {
  const ask = (index: number, planId: string, answerSeq: number) => ({
    index,
    planId,
    sessionId: 's',
    answerSeq,
  });

  it('takes one plan per answer and names the event of a second', () => {
    expect(decidePlanBatch([], [ask(0, 'a', 1), ask(2, 'b', 3)])).toEqual({
      ok: true,
      accepted: [0, 2],
      duplicates: [],
    });
    expect(decidePlanBatch([], [ask(0, 'a', 1), ask(1, 'b', 1)])).toEqual({
      ok: false,
      index: 1,
      reason: 'already_proposed_in_answer',
      open: 1,
    });
    // a propose_plan plan of the same answer counts, whatever its id
    const rest = [
      { planId: 'plan:s:1', status: 'proposed' as const, sessionId: 's', answerSeq: 1 },
    ];
    expect(decidePlanBatch(rest, [ask(0, 'a', 1)])).toMatchObject({ ok: false, index: 0 });
  });

  it('counts a known plan id as a retry, and refuses a fourth open plan', () => {
    const open = ['a', 'b', 'c'].map((planId, i) => ({
      planId,
      status: 'active' as const,
      sessionId: 's',
      answerSeq: i,
    }));
    expect(decidePlanBatch(open, [ask(0, 'a', 0)])).toEqual({
      ok: true,
      accepted: [],
      duplicates: [0],
    });
    expect(decidePlanBatch(open, [ask(0, 'd', 7)])).toEqual({
      ok: false,
      index: 0,
      reason: 'too_many_open',
      open: 3,
    });
  });
});
