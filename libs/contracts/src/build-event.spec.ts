import { buildEvent, causedBy, reactionEvents, type ReactionDraft } from './build-event';
import { InvalidEventError, parseEvent } from './parse-event';
import { reactionId } from './name-uuid';

const at = new Date('2026-12-01T19:00:00.000Z');
const id = '6f1c2f8e-8d5a-4c1e-9a4b-0c2d3e4f5a6b';

function rejection(run: () => unknown): InvalidEventError {
  try {
    run();
  } catch (error) {
    if (error instanceof InvalidEventError) return error;
    throw error;
  }
  throw new Error('expected an InvalidEventError');
}

describe('buildEvent', () => {
  it('builds the envelope at the type’s current version from the id and time it is given', () => {
    const event = buildEvent({
      type: 'TurnRecorded',
      id,
      accountId: 'acct-1',
      sessionId: 's-1',
      occurredAt: at,
      producer: 'ingest',
      payload: { seq: 0, role: 'user', text: 'hi' },
    });
    expect(event).toEqual({
      id,
      type: 'TurnRecorded',
      version: 2,
      accountId: 'acct-1',
      sessionId: 's-1',
      occurredAt: '2026-12-01T19:00:00.000Z',
      producer: 'ingest',
      payload: { seq: 0, role: 'user', text: 'hi' },
    });
    expect(
      buildEvent({
        type: 'SegmentPaused',
        id,
        accountId: 'a',
        occurredAt: at.toISOString(),
        producer: 'p',
        payload: { segment: 1 },
      }).version,
    ).toBe(1);
  });

  it('builds what the log’s reader accepts unchanged, with no undefined optional fields', () => {
    const event = buildEvent({
      type: 'SessionEnded',
      id,
      accountId: 'a',
      sessionId: undefined,
      causationId: undefined,
      occurredAt: at,
      producer: 'p',
      payload: {},
    });
    expect(Object.keys(event).sort()).toEqual([
      'accountId',
      'id',
      'occurredAt',
      'payload',
      'producer',
      'type',
      'version',
    ]);
    expect(parseEvent(JSON.parse(JSON.stringify(event)))).toEqual({ ok: true, value: event });
  });

  it('refuses a payload its schema rejects, naming the type and the field', () => {
    const error = rejection(() =>
      buildEvent({
        type: 'SegmentPaused',
        id,
        accountId: 'a',
        occurredAt: at,
        producer: 'p',
        payload: { segment: 0 },
      }),
    );
    expect(error.code).toBe('invalid_event');
    expect(error.message).toMatch(/^invalid SegmentPaused: payload\.segment: /);
    expect(error.issues.map((issue) => issue.path)).toEqual(['payload.segment']);
  });

  it('refuses a bad envelope field: an account id that is no subject token, an id that is no UUID', () => {
    const error = rejection(() =>
      buildEvent({
        type: 'SegmentPaused',
        id: 'not-a-uuid',
        accountId: 'a.b',
        occurredAt: at,
        producer: 'p',
        payload: { segment: 1 },
      }),
    );
    expect(error.issues.map((issue) => issue.path).sort()).toEqual(['accountId', 'id']);
  });

  it('refuses a type no schema knows', () => {
    const error = rejection(() =>
      buildEvent({
        type: 'NoSuchEvent' as 'SegmentPaused',
        id,
        accountId: 'a',
        occurredAt: at,
        producer: 'p',
        payload: { segment: 1 },
      }),
    );
    expect(error.issues).toEqual([{ path: 'type', reason: 'unknown event type "NoSuchEvent"' }]);
  });
});

describe('causedBy', () => {
  it('puts a reaction in its cause’s correlation, or opens one at the cause where it had none', () => {
    const other = '0b6f7c3e-2a1d-4e5f-8c9b-7d6e5f4a3b21';
    expect(causedBy({ id, correlationId: other })).toEqual({
      causationId: id,
      correlationId: other,
    });
    expect(causedBy({ id })).toEqual({ causationId: id, correlationId: id });
  });
});

describe('reactionEvents', () => {
  const cause = { id, correlationId: '0b6f7c3e-2a1d-4e5f-8c9b-7d6e5f4a3b21', sessionId: 's-1' };
  const drafts: ReactionDraft[] = [
    { type: 'SegmentPaused', role: 'outcome', payload: { segment: 2 } },
    {
      type: 'FeatureEventRecorded',
      role: 'telemetry',
      payload: { name: 'compaction', action: 'compacted', metadata: {} },
    },
  ];

  it('names each event by its cause and <producer>:<role>, in the cause’s session and correlation', () => {
    const events = reactionEvents(cause, drafts, {
      producer: 'compaction',
      accountId: 'a',
      occurredAt: at,
    });
    expect(events.map((e) => e.id)).toEqual([
      reactionId(id, 'compaction:outcome'),
      reactionId(id, 'compaction:telemetry'),
    ]);
    expect(events[0]).toMatchObject({
      type: 'SegmentPaused',
      accountId: 'a',
      sessionId: 's-1',
      producer: 'compaction',
      causationId: id,
      correlationId: cause.correlationId,
    });
    expect(events[0]?.occurredAt).toBe(at.toISOString());
  });

  it('writes the same ids again for a redelivered cause, and leaves out a session the cause had none of', () => {
    const again = reactionEvents({ id }, drafts, {
      producer: 'compaction',
      accountId: 'a',
      occurredAt: new Date(),
    });
    expect(again.map((e) => e.id)).toEqual(
      reactionEvents(cause, drafts, { producer: 'compaction', accountId: 'a', occurredAt: at }).map(
        (e) => e.id,
      ),
    );
    expect(again[0]).not.toHaveProperty('sessionId');
  });
});
