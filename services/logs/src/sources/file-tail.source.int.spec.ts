import {
  appendFileSync,
  mkdtempSync,
  renameSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import type { EventLog, Logger, Subscription } from '@mnemo/eventing';
import { startProjector } from '@mnemo/persistence';
import { Scratch } from '../../../../tests/support/scratch';
import { eventually } from '@mnemo/testing';
import { logFactsProjection } from '../projections/log-facts.projection';
import { FileTailReader } from './file-tail.reader';
import { TemplateMiners } from './log-sink';
import { LogSourceRunner } from './log-source.runner';
import { LogSourceStatus1765000000200 } from './log-source-status.migration';

const silent: Logger = { debug() {}, info() {}, warn() {}, error() {} };
const ACCOUNT = 'file-host';
const lines = (words: string, from: number, count: number) =>
  Array.from({ length: count }, (_, i) => `${words} ${from + i}\n`).join('');

describe('file source (NATS, Postgres)', () => {
  const scratch = new Scratch('logs_file');
  let log: EventLog;
  let db: DataSource;
  let projector: Subscription;
  let dir: string;
  const running: Subscription[] = [];

  const sourceId = (file: string) => `file:${file}`;
  const start = (file: string) => {
    const runner = new LogSourceRunner(
      { log, db, miners: new TemplateMiners({ log, db }), logger: silent },
      { accountId: ACCOUNT, project: 'files', sourceId: sourceId(file) },
      new FileTailReader({ path: file, pollMs: 20 }),
      { flushMs: 50, retryMs: 50, unavailableRetryMs: 100 },
    );
    const subscription = runner.start();
    running.push(subscription);
    return subscription;
  };
  const position = async (file: string) => {
    const rows: Array<{ lines: string; skipped: string; windows: string }> = await db.query(
      `SELECT lines, skipped, windows FROM log_source_positions WHERE account_id = $1 AND source_id = $2`,
      [ACCOUNT, sourceId(file)],
    );
    return {
      lines: Number(rows[0]?.lines ?? 0),
      skipped: Number(rows[0]?.skipped ?? 0),
      windows: Number(rows[0]?.windows ?? 0),
    };
  };
  const counted = (file: string, read: { lines?: number; skipped?: number }) =>
    eventually(
      () => position(file),
      (p) => p.lines >= (read.lines ?? 0) && p.skipped >= (read.skipped ?? 0),
      60_000,
    );
  const templates = async () => {
    const rows: Array<{ template: string; count: string; examples: string[] }> = await db.query(
      `SELECT template, count, examples FROM log_templates WHERE account_id = $1 ORDER BY template`,
      [ACCOUNT],
    );
    return Object.fromEntries(rows.map((r) => [r.template, Number(r.count)]));
  };

  beforeAll(async () => {
    log = await scratch.log();
    db = await scratch.db([...logFactsProjection.migrations, LogSourceStatus1765000000200], 6);
    projector = await startProjector(
      { dataSource: db, log, logger: silent, service: 'logs' },
      logFactsProjection,
      { ackWaitMs: 2000 },
    );
    dir = mkdtempSync(path.join(tmpdir(), 'mnemo-tail-'));
  });
  afterAll(async () => {
    for (const subscription of running) await subscription.stop();
    await projector?.stop();
    await scratch.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('follows a rename-and-create rotation and a truncation, then resumes where it stopped', async () => {
    const file = path.join(dir, 'app.log');
    writeFileSync(file, lines('cache warmed shard', 0, 5));
    const first = start(file);
    await counted(file, { lines: 5 });

    // rotation: the old file keeps what its writer adds before the switch; a new file starts
    renameSync(file, `${file}.1`);
    appendFileSync(`${file}.1`, lines('cache warmed shard', 5, 2));
    writeFileSync(file, lines('request served in', 0, 3));
    await counted(file, { lines: 10 });

    // truncation (copytruncate): the file starts over, shorter than what was read
    truncateSync(file, 0);
    writeFileSync(file, lines('queue drained after', 0, 2));
    await counted(file, { lines: 12 });

    // stopped while lines are written: the next start reads from the stored position, once
    await first.stop();
    appendFileSync(file, lines('queue drained after', 2, 4));
    start(file);
    await counted(file, { lines: 16 });
    appendFileSync(file, 'worker stopped cleanly\n');
    await counted(file, { lines: 17 });
    expect((await position(file)).lines).toBe(17);
    expect(await templates()).toEqual({
      'cache warmed shard <*>': 7,
      'queue drained after <*>': 6,
      'request served in <*>': 3,
      'worker stopped cleanly': 1,
    });
  }, 120_000);

  it('counts a 1 MB line and a binary line as skipped, folds a non-UTF-8 one, and keeps the rest', async () => {
    const file = path.join(dir, 'odd.log');
    writeFileSync(file, 'odd batch began\n');
    start(file);
    await counted(file, { lines: 1 });
    appendFileSync(file, `${'x'.repeat(1024 * 1024)}\n`);
    appendFileSync(file, Buffer.from([0x00, 0x01, 0x02, 0xff, 0x00, 0x7f, 0x0a]));
    appendFileSync(
      file,
      Buffer.concat([
        Buffer.from('user caf'),
        Buffer.from([0xff]),
        Buffer.from(' signed in from the north office\n'),
      ]),
    );
    appendFileSync(file, 'odd batch ended\n');
    await counted(file, { lines: 3, skipped: 2 });
    expect(await position(file)).toMatchObject({ lines: 3, skipped: 2 });
    const rows: Array<{ examples: string[] }> = await db.query(
      `SELECT examples FROM log_templates WHERE account_id = $1 AND template LIKE 'user%'`,
      [ACCOUNT],
    );
    expect(rows[0]?.examples).toEqual(['user caf\ufffd signed in from the north office']);
    const status: Array<{ state: string; last_error: string | null }> = await db.query(
      `SELECT state, last_error FROM log_source_status WHERE account_id = $1 AND source_id = $2`,
      [ACCOUNT, sourceId(file)],
    );
    expect(status).toEqual([{ state: 'running', last_error: null }]);
  }, 120_000);

  it('takes a flood of 100,000 lines in a burst in a few windows, each line once', async () => {
    const file = path.join(dir, 'flood.log');
    writeFileSync(file, '');
    start(file);
    await eventually(
      async () =>
        (
          await db.query(`SELECT state FROM log_source_status WHERE source_id = $1`, [
            sourceId(file),
          ])
        )[0]?.state,
      (state) => state === 'running',
    );
    appendFileSync(file, lines('flood request id', 0, 100_000));
    appendFileSync(file, 'flood over\n');
    await counted(file, { lines: 100_001 });
    const read = await position(file);
    expect(read.lines).toBe(100_001);
    // windows, not events per line
    expect(read.windows).toBeLessThan(1000);
    const counts = await templates();
    expect(counts['flood request id <*>']).toBe(100_000);
  }, 180_000);

  it('says so when the file is not there', async () => {
    const file = path.join(dir, 'missing.log');
    start(file);
    const rows = await eventually(
      () =>
        db.query<Array<{ state: string; last_error: string }>>(
          `SELECT state, last_error FROM log_source_status WHERE source_id = $1`,
          [sourceId(file)],
        ),
      (found) => found[0]?.state === 'unavailable',
    );
    expect(rows[0]?.last_error).toBe(`no file at ${file}`);
  });

  it('is read by one runner at a time: a second waits in standby and takes over when the first stops', async () => {
    const file = path.join(dir, 'shared.log');
    writeFileSync(file, lines('shared job ran', 0, 50));
    const first = start(file);
    await counted(file, { lines: 50 });
    start(file);
    await eventually(
      () =>
        db.query<Array<{ state: string }>>(
          `SELECT state FROM log_source_status WHERE source_id = $1`,
          [sourceId(file)],
        ),
      (rows) => rows[0]?.state === 'standby',
    );
    appendFileSync(file, lines('shared job ran', 50, 50));
    await counted(file, { lines: 100 });
    await first.stop();
    appendFileSync(file, lines('shared job ran', 100, 50));
    await counted(file, { lines: 150 });
    appendFileSync(file, 'shared run over\n');
    await counted(file, { lines: 151 });
    expect((await position(file)).lines).toBe(151);
    expect((await templates())['shared job ran <*>']).toBe(150);
  }, 120_000);
});
