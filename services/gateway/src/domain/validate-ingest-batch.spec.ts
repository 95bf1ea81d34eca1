import { randomUUID } from 'node:crypto';
import { validateIngestBatch } from './validate-ingest-batch';

const turn = (overrides: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  type: 'TurnRecorded',
  sessionId: 's-1',
  occurredAt: '2026-11-29T10:00:05Z',
  payload: { seq: 1, role: 'user', text: 'I want to move into product management next year.' },
  ...overrides,
});

describe('validateIngestBatch', () => {
  it('stamps the account from the key and the producer onto every valid event', () => {
    const result = validateIngestBatch({ events: [turn()] }, 'acct-1', 'http');
    expect(result).toMatchObject({
      ok: true,
      events: [{ accountId: 'acct-1', producer: 'http', type: 'TurnRecorded', version: 2 }],
    });
  });

  it('ignores an accountId in the body: the key decides the account', () => {
    const result = validateIngestBatch(
      { events: [{ ...turn(), accountId: 'someone-else' }] },
      'acct-1',
      'http',
    );
    expect(result.ok && result.events[0]?.accountId).toBe('acct-1');
  });

  it('refuses an event that is not an object, at its index, and says the producer itself', () => {
    const result = validateIngestBatch(
      { events: ['a turn', [turn()], { ...turn(), producer: 'spoofed' }] },
      'acct-1',
      'http',
    );
    expect(result).toMatchObject({
      ok: false,
      issues: [
        { index: 0, path: '' },
        { index: 1, path: '' },
      ],
    });
    const alone = validateIngestBatch(
      { events: [{ ...turn(), producer: 'spoofed' }] },
      'a',
      'http',
    );
    expect(alone.ok && alone.events[0]?.producer).toBe('http');
  });

  it('reports each bad event with its index, field path and reason, and accepts none of the batch', () => {
    const result = validateIngestBatch(
      {
        events: [
          turn(),
          turn({ type: 'Nope' }),
          turn({ payload: { seq: 1, role: 'user' } }),
          turn({ id: 'x' }),
        ],
      },
      'acct-1',
      'http',
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ index: 1, path: 'type' }),
        expect.objectContaining({ index: 2, path: 'payload.text' }),
        expect.objectContaining({ index: 3, path: 'id' }),
      ]),
    );
    expect(result.issues.some((issue) => issue.index === 0)).toBe(false);
  });

  it('rejects a body without events, and more than 1,000 events', () => {
    expect(validateIngestBatch({}, 'a', 'http')).toMatchObject({
      ok: false,
      issues: [{ path: 'events' }],
    });
    const tooMany = { events: Array.from({ length: 1001 }, () => turn()) };
    expect(validateIngestBatch(tooMany, 'a', 'http')).toMatchObject({
      ok: false,
      issues: [{ path: 'events' }],
    });
  });

  it("gives events without a correlation id the request's, and keeps an event's own", () => {
    const result = validateIngestBatch(
      { events: [turn(), turn({ correlationId: 'own' })] },
      'a',
      'http',
      'req-1',
    );
    expect(result.ok && result.events.map((e) => e.correlationId)).toEqual(['req-1', 'own']);
  });

  it('upcasts a v1 turn that says content into the current shape', () => {
    const result = validateIngestBatch(
      { events: [turn({ version: 1, payload: { seq: 2, role: 'assistant', content: 'hello' } })] },
      'a',
      'http',
    );
    expect(result.ok && result.events[0]?.payload).toEqual({
      seq: 2,
      role: 'assistant',
      text: 'hello',
    });
  });
});
