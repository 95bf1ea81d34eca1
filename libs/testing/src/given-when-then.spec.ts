import { decider, storedEvent } from './given-when-then';

/** A toy decider: a balance and a charge in, the decision out. */
const charge = (balance: number, amount: number) =>
  amount <= balance ? { ok: true as const, left: balance - amount } : { ok: false as const };

describe('given/when/then', () => {
  it('runs the decider on the given state and the command', () => {
    expect(decider(charge).given(10).when(4).then()).toEqual({ ok: true, left: 6 });
    expect(decider(charge).given(3).when(4).then()).toEqual({ ok: false });
  });

  it('builds a stored event whose id follows its seq, so a redelivery is the same event', () => {
    const first = storedEvent(7, 'NoteTaken', { text: 'hi' }, { accountId: 'acc-2' });
    expect(first).toEqual({
      seq: 7,
      event: {
        id: '00000000-0000-4000-8000-000000000007',
        type: 'NoteTaken',
        version: 1,
        accountId: 'acc-2',
        occurredAt: '2026-12-01T12:00:00.000Z',
        producer: 'spec',
        payload: { text: 'hi' },
      },
    });
    expect(storedEvent(7, 'NoteTaken', {}).event.id).toBe(first.event.id);
  });
});
