import { decideExtractedPlans, planItemsOf } from './extracted-plans';
import type { PlanSlot } from './plans';

const walk = (turn: number, title = 'Walk 8,000 steps a day') => ({
  title,
  measure: { metric: 'steps', unit: 'steps', target: 8000, direction: 'at_least' },
  sourceTurns: [turn],
});
const session = { sessionId: 's1', personTurns: new Set([1, 3, 5, 7]) };

describe('decideExtractedPlans', () => {
  it('proposes a plan stated in a turn of the person, its id naming that answer', () => {
    const { events, skipped } = decideExtractedPlans([], [walk(3)], session);
    expect(skipped).toEqual([]);
    expect(events).toEqual([
      {
        type: 'PlanProposed',
        payload: {
          planId: 'plan:s1:3',
          title: 'Walk 8,000 steps a day',
          measure: { metric: 'steps', unit: 'steps', target: 8000, direction: 'at_least' },
          answerSeq: 3,
        },
      },
    ]);
  });

  it('keeps to one plan per answer: the coach already proposed one there, or two in one turn', () => {
    const coach: PlanSlot[] = [
      { planId: 'p-coach', status: 'proposed', sessionId: 's1', answerSeq: 3 },
    ];
    expect(decideExtractedPlans(coach, [walk(3)], session)).toEqual({
      events: [],
      skipped: ['already_proposed_in_answer'],
    });
    const twice = decideExtractedPlans([], [walk(5), walk(5, 'Sleep 8 hours a night')], session);
    expect(twice.events.map((e) => e.payload.planId)).toEqual(['plan:s1:5']);
    expect(twice.skipped).toEqual(['already_proposed_in_answer']);
    // the same extraction again proposes nothing new
    const again = decideExtractedPlans(
      [{ planId: 'plan:s1:5', status: 'proposed', sessionId: 's1', answerSeq: 5 }],
      [walk(5)],
      session,
    );
    expect(again.events).toEqual([]);
  });

  it('proposes none while three plans are open; a closed plan frees its place', () => {
    const open: PlanSlot[] = ['a', 'b', 'c'].map((id) => ({ planId: id, status: 'active' }));
    expect(decideExtractedPlans(open, [walk(1)], session).skipped).toEqual(['too_many_open']);
    const oneClosed: PlanSlot[] = [...open.slice(0, 2), { planId: 'c', status: 'closed' }];
    const out = decideExtractedPlans(oneClosed, [walk(1), walk(3), walk(5)], session);
    expect(out.events.map((e) => e.payload.answerSeq)).toEqual([1]);
    expect(out.skipped).toEqual(['too_many_open', 'too_many_open']);
  });

  it("skips a plan not from the person's turn, or not a plan at all", () => {
    const out = decideExtractedPlans(
      [],
      [walk(2), { title: 'x', sourceTurns: [1] }, { title: 'Walk more' }],
      session,
    );
    expect(out).toEqual({ events: [], skipped: ['not_a_person_turn', 'invalid', 'invalid'] });
  });
});

describe('planItemsOf', () => {
  it('reads the plans list beside the facts, and none from an answer without one', () => {
    expect(planItemsOf({ facts: [], plans: [walk(1)] })).toEqual([walk(1)]);
    expect(planItemsOf({ facts: [] })).toEqual([]);
    expect(planItemsOf([walk(1)])).toEqual([]);
    expect(planItemsOf(null)).toEqual([]);
  });
});
