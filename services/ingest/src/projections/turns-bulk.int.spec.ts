import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { StoredEvent } from '@mnemo/contracts';
import { applyEvents } from '@mnemo/persistence';
import { SECRET_SAMPLES, findPlantedSecrets } from '@mnemo/redaction';
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

  it('redacts text and tool calls on the way into the table, even from an event the log did not redact', async () => {
    const secrets = Object.values(SECRET_SAMPLES).join('\n');
    const toolCalls = [
      {
        id: 'tu1',
        name: 'Bash',
        input: JSON.stringify({ command: `echo "${secrets}"` }),
        result: secrets,
      },
    ];
    await applyEvents(db, sessionsProjection, [
      turn(3, 1, `keys:\n${secrets}`, { toolCalls }),
      turn(4, 2, 'nothing secret here'),
    ]);
    const rows: Array<{ row: string }> = await db.query('SELECT t::text AS row FROM turns t');
    expect(findPlantedSecrets(rows.map((r) => r.row).join('\n'))).toEqual([]);
    await expect(texts()).resolves.toEqual([
      expect.stringContaining('[REDACTED:'),
      'nothing secret here',
    ]);
    const [stored] = await db.query('SELECT tool_calls FROM turns WHERE seq = 1');
    expect(stored.tool_calls[0]).toMatchObject({
      id: 'tu1',
      name: 'Bash',
      result: expect.stringContaining('[REDACTED:'),
    });
  });

  it('stores a lone surrogate as U+FFFD instead of refusing the batch it came in', async () => {
    await applyEvents(db, sessionsProjection, [
      turn(3, 1, 'cut in half \ud83d'),
      turn(4, 2, 'whole \ud83d\ude00'),
    ]);
    await expect(texts()).resolves.toEqual(['cut in half \ufffd', 'whole \ud83d\ude00']);
  });
});
