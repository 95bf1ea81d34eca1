import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { EventEnvelope } from '@mnemo/contracts';
import type { JetStreamEventLog } from '@mnemo/eventing';
import { applyEvents, checksumProjection, replayProjection } from '@mnemo/persistence';
import { redact, SECRET_SAMPLES } from '@mnemo/redaction';
import { sessionsProjection } from './sessions.projection';
import { Scratch } from '../../../../tests/support/scratch';

const envelope = (
  type: string,
  sessionId: string,
  payload: Record<string, unknown>,
): EventEnvelope => ({
  id: randomUUID(),
  type,
  version: type === 'TurnRecorded' ? 2 : 1,
  accountId: 'a',
  sessionId,
  occurredAt: '2026-11-29T10:00:00.000Z',
  producer: 'test',
  payload,
});
const turn = (sessionId: string, seq: number, text: string, extra: Record<string, unknown> = {}) =>
  envelope('TurnRecorded', sessionId, { seq, role: 'user', text, ...extra });

/**
 * A log as ingest writes it: turns re-emitted once their tool results came (in the same read batch and
 * in a later one), texts that COPY must escape, redacted secrets, and other events.
 */
function aLog(): EventEnvelope[] {
  const secrets = redact(Object.values(SECRET_SAMPLES).join('\n')).text;
  return [
    envelope('SessionStarted', 's1', {
      source: 'claude-code',
      title: 'tabs\tand\nlines',
      cwd: 'C:\\work',
    }),
    turn('s1', 1, 'pending tool call'),
    turn('s1', 2, 'a\ttab, a\nnewline, a\r\nCRLF, a back\\slash and a literal \\N'),
    turn('s1', 1, 'tool call with result', {
      toolCalls: [{ name: 'Bash', input: '{"command":"ls\\tx"}', result: 'a\tb\n\\' }],
    }),
    envelope('BookmarkAdded', 's1', { bookmarkId: 'b1', text: 'not for this projection' }),
    turn('s2', 1, `keys:\n${secrets}`, {
      toolCalls: [{ name: 'Bash', result: secrets }],
      isSidechain: true,
    }),
    turn('s1', 3, 'cut in half \ud83d, whole \ud83d\ude00, ünïcode'),
    turn('s2', 2, 'first version'),
    turn('s1', 2, 're-emitted after a batch or more'),
    envelope('SessionEnded', 's1', { reason: 'done' }),
    turn('s2', 2, 'second version'),
    turn('s2', 2, 'third version'),
    envelope('SessionStarted', 's2', { source: 'claude-code' }),
  ];
}

describe('replay of the sessions projection (COPY and a key built after)', () => {
  let db: DataSource;
  let scratch: Scratch;
  let log: JetStreamEventLog;
  beforeEach(async () => {
    scratch = new Scratch('turns_replay');
    db = await scratch.db(sessionsProjection.migrations);
    log = await scratch.log();
  });
  afterEach(() => scratch.drop());

  const indexes = async () =>
    db.query(
      `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = $1 ORDER BY indexname`,
      [scratch.name],
    );
  const liveTables = async (batchSize: number) => {
    const stored = [];
    for await (const batch of log.read('events', 1, 1000)) stored.push(...batch);
    for (let i = 0; i < stored.length; i += batchSize)
      await applyEvents(db, sessionsProjection, stored.slice(i, i + batchSize));
    return checksumProjection(db, sessionsProjection);
  };

  it.each([1, 2, 3, 5, 100])(
    'leaves the rows, key and indexes that live batches leave, read %i events at a time',
    async (batchSize) => {
      await log.appendMany('events', aLog());
      const madeByMigrations = await indexes();
      const live = await liveTables(3);
      await replayProjection(db, log, sessionsProjection, { batchSize });
      await expect(checksumProjection(db, sessionsProjection)).resolves.toEqual(live);
      await expect(indexes()).resolves.toEqual(madeByMigrations);
      const texts = await db.query(
        `SELECT session_id, seq, text FROM turns ORDER BY session_id, seq`,
      );
      expect(texts.map((r: { text: string }) => r.text)).toEqual([
        'tool call with result',
        're-emitted after a batch or more',
        'cut in half \ufffd, whole \ud83d\ude00, ünïcode',
        expect.stringContaining('[REDACTED:'),
        'third version',
      ]);
    },
  );

  it('keeps the newest of each turn copied ten times, batches apart', async () => {
    // 300 turns (session i % 3, seq i % 100), each written ten times, 300 events apart
    await log.appendMany(
      'events',
      Array.from({ length: 3000 }, (_, i) => turn(`s${i % 3}`, i % 100, `version ${i}`)),
    );
    const live = await liveTables(250);
    await replayProjection(db, log, sessionsProjection, { batchSize: 400 });
    await expect(checksumProjection(db, sessionsProjection)).resolves.toEqual(live);
    const texts: Array<{ text: string }> = await db.query(
      'SELECT text FROM turns ORDER BY last_seq',
    );
    expect(texts.map((r) => r.text)).toEqual(
      Array.from({ length: 300 }, (_, i) => `version ${2700 + i}`),
    );
  });
});
