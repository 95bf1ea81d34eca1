import { randomUUID } from 'node:crypto';
import { decodeEvent, InvalidEventError, parseEvent } from './parse-event';
import { upcast, UpcastError, type UpcasterRegistry } from './upcasting';

const envelope = (overrides: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  type: 'TurnRecorded',
  version: 2,
  accountId: 'acct-1',
  sessionId: 's-1',
  occurredAt: '2026-11-29T10:00:00Z',
  producer: 'test',
  payload: { seq: 1, role: 'user', text: 'hello' },
  ...overrides,
});

describe('parseEvent', () => {
  it('accepts a valid envelope with its payload', () => {
    expect(parseEvent(envelope())).toMatchObject({
      ok: true,
      value: { type: 'TurnRecorded', payload: { text: 'hello' } },
    });
  });

  it('names the field and the reason for a bad envelope or payload', () => {
    expect(parseEvent(envelope({ id: 'nope' }))).toMatchObject({
      ok: false,
      issues: [{ path: 'id' }],
    });
    expect(parseEvent(envelope({ type: 'Unheard' }))).toEqual({
      ok: false,
      issues: [{ path: 'type', reason: 'unknown event type "Unheard"' }],
    });
    expect(parseEvent(envelope({ payload: { seq: -1, role: 'user', text: 'x' } }))).toMatchObject({
      ok: false,
      issues: [{ path: 'payload.seq' }],
    });
  });

  it('keeps account and session ids usable as NATS subject tokens', () => {
    expect(parseEvent(envelope({ accountId: 'a.b' }))).toMatchObject({
      ok: false,
      issues: [{ path: 'accountId' }],
    });
    expect(parseEvent(envelope({ sessionId: 's >' }))).toMatchObject({
      ok: false,
      issues: [{ path: 'sessionId' }],
    });
  });

  it('upcasts an old TurnRecorded to the current version before validating it', () => {
    const parsed = parseEvent(
      envelope({ version: 1, payload: { seq: 1, role: 'user', content: 'from v1' } }),
    );
    expect(parsed).toMatchObject({ ok: true, value: { version: 2, payload: { text: 'from v1' } } });
  });

  it('refuses a version newer than this reader knows', () => {
    expect(parseEvent(envelope({ version: 3 }))).toMatchObject({
      ok: false,
      issues: [{ path: 'version' }],
    });
  });

  it('throws a typed error when our own log holds something unreadable', () => {
    expect(() => decodeEvent(envelope({ payload: {} }))).toThrow(InvalidEventError);
  });
});

describe('upcast', () => {
  const registry: UpcasterRegistry = {
    Thing: {
      current: 3,
      steps: {
        1: (p) => ({ ...(p as object), b: 1 }),
        2: (p) => ({ ...(p as object), c: 2 }),
      },
    },
  };

  it('lifts a payload one version at a time up to the current one', () => {
    expect(upcast(registry, 'Thing', 1, { a: 0 })).toEqual({
      version: 3,
      payload: { a: 0, b: 1, c: 2 },
    });
    expect(upcast(registry, 'Thing', 3, { a: 0 })).toEqual({ version: 3, payload: { a: 0 } });
  });

  it('fails when a step is missing', () => {
    expect(() => upcast({ Thing: { current: 2, steps: {} } }, 'Thing', 1, {})).toThrow(UpcastError);
  });

  it('treats an unregistered type as version 1 with nothing to lift', () => {
    expect(upcast(registry, 'Other', 1, { x: 1 })).toEqual({ version: 1, payload: { x: 1 } });
  });
});
