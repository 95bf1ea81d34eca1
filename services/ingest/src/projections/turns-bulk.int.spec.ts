import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { StoredEvent } from '@mnemo/contracts';
import { applyEvents } from '@mnemo/persistence';
import { redact, SECRET_SAMPLES } from '@mnemo/redaction';
import { sessionsProjection } from './sessions.projection';
import { Scratch } from '../../../../tests/support/scratch';

const turn = (
  seq: number,
  turnSeq: number,
  text: string,
  extra: Record<string, unknown> = {},
): StoredEvent => ({
  seq,
  event: {
    id: randomUUID(),
    type: 'TurnRecorded',
    version: 2,
    accountId: 'a',
    sessionId: 's',
    occurredAt: '2026-11-29T10:00:00.000Z',
    producer: 'test',
    payload: { seq: turnSeq, role: 'user', text, ...extra },
  },
});

describe('bulk turn upserts', () => {
  let db: DataSource;
  let scratch: Scratch;
  beforeEach(async () => {
    scratch = new Scratch('turns');
    db = await scratch.db(sessionsProjection.migrations);
  });
  afterEach(() => scratch.drop());
  const texts = async () =>
    (await db.query('SELECT seq, text FROM turns ORDER BY seq')).map(
      (r: { text: string }) => r.text,
    );

  it('keeps the newest event for a turn re-emitted in the same batch', async () => {
    await applyEvents(db, sessionsProjection, [
      turn(5, 1, 'pending tool call'),
      turn(6, 2, 'other'),
      turn(9, 1, 'tool call with result'),
    ]);
    await expect(texts()).resolves.toEqual(['tool call with result', 'other']);
  });

  it('never lets an older event overwrite a newer one delivered earlier', async () => {
    await applyEvents(db, sessionsProjection, [turn(9, 1, 'newer')]);
    await applyEvents(db, sessionsProjection, [turn(5, 1, 'older, redelivered late')]);
    await expect(texts()).resolves.toEqual(['newer']);
  });

  it('stores text and tool calls as the log holds them: redacted once, upstream', async () => {
    // what the redaction service leaves of a secret: the placeholder, which the table keeps as it is
    const redacted = redact(`keys:\n${Object.values(SECRET_SAMPLES).join('\n')}`).text;
    const toolCalls = [{ id: 'tu1', name: 'Bash', input: '{"command":"ls"}', result: redacted }];
    await applyEvents(db, sessionsProjection, [
      turn(3, 1, redacted, { toolCalls }),
      turn(4, 2, 'nothing secret here'),
    ]);
    await expect(texts()).resolves.toEqual([redacted, 'nothing secret here']);
    const [stored] = await db.query('SELECT tool_calls FROM turns WHERE seq = 1');
    expect(stored.tool_calls).toEqual(toolCalls);
  });

  it('stores a lone surrogate as U+FFFD instead of refusing the batch it came in', async () => {
    await applyEvents(db, sessionsProjection, [
      turn(3, 1, 'cut in half \ud83d'),
      turn(4, 2, 'whole \ud83d\ude00'),
    ]);
    await expect(texts()).resolves.toEqual(['cut in half \ufffd', 'whole \ud83d\ude00']);
  });
});
