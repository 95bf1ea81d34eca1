import { randomUUID } from 'node:crypto';
import type { DataSource, MigrationInterface, QueryRunner } from 'typeorm';
import type { EventEnvelope, StoredEvent } from '@mnemo/contracts';
import { InProcessEventLog } from '@mnemo/eventing';
import { projectionLockKey, type Projection, type Sql } from './projection';
import { replayProjectionsInOnePass } from './replay';
import { interruptedReplays, markReplaysPending, pendingReplaysText } from './replays-pending';
import { Scratch } from '../../../tests/support/scratch';

class Notes1765300000900 implements MigrationInterface {
  name = 'Notes1765300000900';
  async up(q: QueryRunner) {
    await q.query(`CREATE TABLE IF NOT EXISTS notes (seq bigint PRIMARY KEY, text text NOT NULL)`);
  }
  async down(q: QueryRunner) {
    await q.query(`DROP TABLE IF EXISTS notes`);
  }
}

class NotesB1765300000901 implements MigrationInterface {
  name = 'NotesB1765300000901';
  async up(q: QueryRunner) {
    await q.query(`CREATE TABLE IF NOT EXISTS notes_b (seq bigint PRIMARY KEY)`);
  }
  async down(q: QueryRunner) {
    await q.query(`DROP TABLE IF EXISTS notes_b`);
  }
}

const notes: Projection = {
  name: 'notes',
  handles: ['TurnRecorded'],
  tables: ['notes'],
  migrations: [Notes1765300000900],
  async apply(sql: Sql, { event, seq }: StoredEvent) {
    await sql.query('INSERT INTO notes VALUES ($1, $2)', [seq, (event.payload as any).text]);
  },
};

/** A projection whose rebuild fails at one event: the replay rolls back. */
const failsAtTurn = (turn: number): Projection => ({
  name: 'notes-b',
  handles: ['TurnRecorded'],
  tables: ['notes_b'],
  migrations: [NotesB1765300000901],
  async apply(sql: Sql, { event, seq }: StoredEvent) {
    if ((event.payload as any).seq === turn) throw new Error(`turn ${turn} cannot be applied`);
    await sql.query('INSERT INTO notes_b VALUES ($1)', [seq]);
  },
});

const turn = (seq: number): EventEnvelope => ({
  id: randomUUID(),
  type: 'TurnRecorded',
  version: 2,
  accountId: 'acct',
  sessionId: 's-1',
  occurredAt: '2026-11-29T10:00:00.000Z',
  producer: 'test',
  payload: { seq, role: 'user', text: `turn ${seq}` },
});

const names = async (db: DataSource) =>
  (await interruptedReplays(db)).map((pending) => pending.projection);

/** The marks a replay leaves (docs/event-log.md, "A full replay across a crash"). */
describe('replays pending', () => {
  const scratch = new Scratch('replays_pending');
  let db: DataSource;
  let log: InProcessEventLog;

  beforeAll(async () => {
    db = await scratch.db([Notes1765300000900, NotesB1765300000901], 3);
    log = new InProcessEventLog({ dataDir: null });
    await log.appendMany('events', [1, 2, 3, 4, 5].map(turn));
  });
  afterAll(async () => {
    await log.close();
    await scratch.drop();
  });
  afterEach(async () => {
    await db.query('DELETE FROM replays_pending');
  });

  it('calls a mark interrupted only while no replay holds its projection', async () => {
    await markReplaysPending(db, ['notes', 'notes-b'], 'test');
    const replaying = db.createQueryRunner();
    await replaying.connect();
    try {
      await replaying.startTransaction();
      await replaying.query('SELECT pg_advisory_xact_lock($1)', [projectionLockKey('notes')]);
      expect(await names(db)).toEqual(['notes-b']);
      await replaying.rollbackTransaction();
    } finally {
      await replaying.release();
    }
    expect(await names(db)).toEqual(['notes', 'notes-b']);
  });

  it("words a migration's mark as an upgrade's rebuild, and any other mark as a replay that did not finish", async () => {
    await markReplaysPending(db, ['notes'], 'migration Notes1765300000902: notes get a column');
    expect(pendingReplaysText(await interruptedReplays(db))).toMatch(
      /^an upgrade asks for notes \(since .*, by migration Notes1765300000902: .*\) to be rebuilt from the log$/,
    );
    await markReplaysPending(db, ['notes-b'], 'replay pid 12 on host');
    expect(pendingReplaysText(await interruptedReplays(db))).toMatch(
      /^a replay of notes, notes-b \(since .*\) did not finish$/,
    );
  });

  it('a replay that commits removes its marks; one that fails removes only the marks it made', async () => {
    await markReplaysPending(db, ['notes-b'], 'a replay killed before');
    await expect(
      replayProjectionsInOnePass(db, log, [notes, failsAtTurn(4)], { connections: 2 }),
    ).rejects.toThrow('turn 4 cannot be applied');
    expect(await names(db)).toEqual(['notes-b']);

    await replayProjectionsInOnePass(db, log, [notes, failsAtTurn(99)], { connections: 2 });
    expect(await names(db)).toEqual([]);
    expect(await db.query('SELECT count(*)::int AS n FROM notes_b')).toEqual([{ n: 5 }]);
  });
});
