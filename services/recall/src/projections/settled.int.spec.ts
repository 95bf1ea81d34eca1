import type { DataSource } from 'typeorm';
import type { StoredEvent } from '@mnemo/contracts';
import {
  applyEvents,
  interruptedReplays,
  pendingReplaysText,
  relevantTo,
  type BulkSql,
} from '@mnemo/persistence';
import { Scratch } from '../../../../tests/support/scratch';
import { recallProjection } from './recall.projection';
import { RecallSettled1765500000100 } from './recall-settled.migration';
import { PriorDecisionsService } from '../api/prior-decisions.service';
import { loadRecallConfig } from '../recall.config';

const ACCOUNT = 'a-settled';
const SESSION = 's-settled';
const at = (seq: number) => new Date(Date.UTC(2026, 10, 1, 10, seq)).toISOString();

const started = (): StoredEvent => ({
  seq: 100,
  event: {
    id: '00000000-0000-4000-8000-000000000100',
    type: 'SessionStarted',
    version: 1,
    accountId: ACCOUNT,
    sessionId: SESSION,
    occurredAt: at(0),
    producer: 'spec',
    payload: { source: 'claude-code', project: '/repo/shop' },
  },
});

const turn = (seq: number, role: 'user' | 'assistant', text: string, logSeq = 100 + seq) =>
  ({
    seq: logSeq,
    event: {
      id: `00000000-0000-4000-8000-${String(logSeq).padStart(12, '0')}`,
      type: 'TurnRecorded',
      version: 1,
      accountId: ACCOUNT,
      sessionId: SESSION,
      occurredAt: at(seq),
      producer: 'spec',
      payload: { seq, role, text },
    },
  }) satisfies StoredEvent;

const FIRST = [
  turn(1, 'user', 'set up the tooling please'),
  turn(
    2,
    'assistant',
    "I'd go with pnpm for the workspace. It links packages instead of copying them.",
  ),
];
const SECOND = [
  turn(3, 'user', 'ok go with that'),
  turn(4, 'assistant', 'Done.'),
  turn(5, 'user', 'Never use yarn in this repo.'),
  turn(6, 'user', 'I prefer small commits, one concern each.'),
];

const rowsOf = (db: DataSource) =>
  db.query(
    `SELECT decision_id, session_id, turn_seq, topic, stance, rationale, occurred_at, last_seq FROM recall_decisions
     WHERE account_id = $1 ORDER BY decision_id`,
    [ACCOUNT],
  );

/**
 * What a session settled, kept once by recall's projection as its turns arrive (docs/coding-memory.md):
 * a yes that arrives in a later batch than the proposal it answers is read with it, a turn recorded again
 * replaces what it gave, and a replay writes the same rows.
 */
describe('recall: settled statements from the turns', () => {
  const live = new Scratch('recall_settled');
  const replayed = new Scratch('recall_settled_replay');
  let db: DataSource;
  beforeAll(async () => {
    db = await live.db(recallProjection.migrations);
    await applyEvents(db.manager, recallProjection, [started(), ...FIRST]);
    await applyEvents(db.manager, recallProjection, SECOND);
  });
  afterAll(async () => {
    await live.drop();
    await replayed.drop();
  });

  it('keeps each decision, convention and way of working once, traced to its turn', async () => {
    const rows: Array<Record<string, unknown>> = await rowsOf(db);
    expect(rows.map((r) => [r.decision_id, r.turn_seq, r.stance])).toEqual([
      [`${SESSION}#3`, 3, 'chose'],
      [`${SESSION}#5`, 5, 'convention'],
      [`${SESSION}#6`, 6, 'preference'],
    ]);
    expect(rows[0]).toEqual(
      expect.objectContaining({
        topic: "I'd go with pnpm for the workspace.",
        rationale: 'It links packages instead of copying them.',
      }),
    );
  });

  it('prior_decisions answers them for the project, ways of working only when asked', async () => {
    const service = new PriorDecisionsService(db, loadRecallConfig({}));
    const newest = await service.find(ACCOUNT, { project: '/repo/shop', limit: 50 });
    expect(newest.map((d) => [d.stance, d.turnSeq])).toEqual([
      ['convention', 5],
      ['chose', 3],
    ]);
    const all = await service.find(ACCOUNT, {
      project: '/repo/shop',
      limit: 50,
      preferences: 'true',
    });
    expect(all.map((d) => d.stance)).toEqual(['preference', 'convention', 'chose']);
    const asked = await service.find(ACCOUNT, { q: 'yarn', limit: 10 });
    expect(asked.map((d) => d.topic)).toEqual(['Never use yarn in this repo.']);
  });

  it('a turn recorded again replaces what it settled', async () => {
    await applyEvents(db.manager, recallProjection, [
      turn(5, 'user', 'thanks, that is all for today', 200),
    ]);
    const rows: Array<Record<string, unknown>> = await rowsOf(db);
    expect(rows.map((r) => r.decision_id)).toEqual([`${SESSION}#3`, `${SESSION}#6`]);
  });

  it('a replay writes the same rows', async () => {
    const fresh = await replayed.db(recallProjection.migrations);
    const sql: BulkSql = {
      query: (statement, parameters) => fresh.query(statement, parameters),
      copyFrom: () => Promise.reject(new Error('recall copies nothing')),
    };
    const loader = recallProjection.replayLoader!();
    await loader.begin(sql);
    for (const batch of [
      [started(), ...FIRST],
      SECOND,
      [turn(5, 'user', 'thanks, that is all for today', 200)],
    ])
      await loader.applyMany(sql, relevantTo(recallProjection, batch));
    await loader.finish(sql);
    expect(await rowsOf(fresh)).toEqual(await rowsOf(db));
  });

  it('on an install that already held turns, the migration leaves recall marked for a replay at the next start', async () => {
    const marks = () =>
      db.query(`SELECT projection, started_by FROM replays_pending WHERE projection = 'recall'`);
    // this schema was migrated when it was empty: nothing to fill in, no mark
    expect(await marks()).toEqual([]);
    const runner = db.createQueryRunner();
    try {
      await new RecallSettled1765500000100().up(runner);
    } finally {
      await runner.release();
    }
    expect(await marks()).toEqual([
      {
        projection: 'recall',
        started_by: expect.stringContaining('RecallSettled1765500000100'),
      },
    ]);
    // the next start and `mnemo doctor` call it an upgrade's rebuild, not a failed replay
    expect(pendingReplaysText(await interruptedReplays(db))).toMatch(
      /^an upgrade asks for recall /,
    );
    await db.query(`DELETE FROM replays_pending WHERE projection = 'recall'`);
  });
});
