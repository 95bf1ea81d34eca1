import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ADMIN_KEY, startHarness, type Harness } from '../support/platform-harness';
import { appendToJournal, type JournalTestEntry } from '../support/journal-export';
import { scratchDir, until } from '../support/own-servers';
import { ServiceProcess } from '../support/service-fleet';

const KILLS = 10;
const PER_ROUND = 300;
const ACCOUNT = 'journal-host';
const SOURCE = (dir: string) => `journald:${dir}`;

/** Round k's lines share a template of their own (k words long), so each round is counted apart. */
const roundEntries = (round: number, count: number): JournalTestEntry[] =>
  Array.from({ length: count }, (_, i) => ({
    message: `worker ${'step '.repeat(round + 1)}finished job ${round * 100_000 + i}`,
  }));
const roundTemplate = (round: number) => `worker ${'step '.repeat(round + 1)}finished job <*>`;

/**
 * A journald source in a `mnemo start --target logs` process of its own, reading a journal directory
 * made with systemd-journal-remote (docs/logs.md, "Sources").
 */
describe('journald source', () => {
  let harness: Harness;
  let dir: string;
  let journal: string;
  let source: ServiceProcess;

  const position = async () => {
    const rows: Array<{ lines: string; skipped: string; cursor: string | null }> =
      await harness.platform.infra.dataSource.query(
        `SELECT lines, skipped, cursor FROM log_source_positions WHERE account_id = $1 AND source_id = $2`,
        [ACCOUNT, SOURCE(journal)],
      );
    return {
      lines: Number(rows[0]?.lines ?? 0),
      skipped: Number(rows[0]?.skipped ?? 0),
      cursor: rows[0]?.cursor ?? null,
    };
  };

  const templateCounts = async () => {
    const rows: Array<{ template: string; count: string }> =
      await harness.platform.infra.dataSource.query(
        `SELECT template, count FROM log_templates WHERE account_id = $1 AND project = 'host'`,
        [ACCOUNT],
      );
    return Object.fromEntries(rows.map((r) => [r.template, Number(r.count)]));
  };

  /** The source's starts, warnings and errors, for a failure's message. */
  const notes = () =>
    readFileSync(source.logFile, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('--- start') || /"level":(40|50|60)/.test(line))
      .join('\n');

  beforeAll(async () => {
    dir = scratchDir('journald');
    journal = path.join(dir, 'journal');
    mkdirSync(journal);
    harness = await startHarness({ target: 'gateway,logs' });
    source = new ServiceProcess('logs-journald', 'logs', dir, () =>
      harness.childEnv({
        LOG_LEVEL: 'info',
        MNEMO_LOGS_ACCOUNT: ACCOUNT,
        MNEMO_LOGS_PROJECT: 'host',
        MNEMO_LOGS_JOURNALD: 'true',
        MNEMO_LOGS_JOURNALD_DIRECTORY: journal,
        MNEMO_LOGS_JOURNALD_SINCE: '2000-01-01',
        MNEMO_LOGS_FLUSH_MS: '50',
      }),
    );
  }, 120_000);

  afterAll(async () => {
    await source?.kill();
    await harness?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('says there is no journal before one exists, then reads it once it does', async () => {
    await source.start();
    await until('no journal shown', async () => {
      const status = await harness
        .http()
        .get('/v1/admin/log-sources/status')
        .set('Authorization', `Bearer ${ADMIN_KEY}`);
      const row = status.body.sources?.find(
        (s: { sourceId: string }) => s.sourceId === SOURCE(journal),
      );
      return row?.state === 'unavailable' && /no journal on this host/.test(row.lastError);
    });
    await source.kill();
    await appendToJournal(journal, roundEntries(0, PER_ROUND));
    await source.start();
    await until('round 0 read', async () => (await position()).lines === PER_ROUND, 60_000);
  }, 300_000);

  it('resumes from its cursor after kill -9 while entries are appended: none lost, none twice', async () => {
    for (let round = 1; round <= KILLS; round++) {
      const before = (await position()).lines;
      const appending = appendToJournal(journal, roundEntries(round, PER_ROUND));
      // killed once it has stored part of what is being appended, whatever it holds in hand
      await until(
        'some of the round stored',
        async () => (await position()).lines > before,
        60_000,
      );
      await source.kill();
      await appending;
      await source.start();
    }
    const last = KILLS + 1;
    await appendToJournal(journal, roundEntries(last, 1));
    const total = PER_ROUND * (KILLS + 1) + 1;
    await until('every entry read', async () => (await position()).lines >= total, 120_000).catch(
      async (error: Error) => {
        throw new Error(
          `${error.message}: ${JSON.stringify(await position())} of ${total}\n` +
            `${JSON.stringify(await templateCounts())}\n${notes()}`,
        );
      },
    );
    expect((await position()).lines).toBe(total);
    expect(await templateCounts()).toEqual(
      Object.fromEntries(
        Array.from({ length: last + 1 }, (_, round) => [
          roundTemplate(round),
          round === last ? 1 : PER_ROUND,
        ]),
      ),
    );
  }, 900_000);

  it('counts a 1 MB and a binary message as skipped, folds a 5 KB and a non-UTF-8 one', async () => {
    const before = await position();
    await appendToJournal(journal, [
      { message: 'm'.repeat(1024 * 1024) },
      { message: Buffer.from([0x00, 0x01, 0xfe, 0x00, 0x02]) },
      {
        message: Buffer.concat([
          Buffer.from('badge caf'),
          Buffer.from([0xff]),
          Buffer.from(' issued to visitor'),
        ]),
      },
      // over 4,096 bytes: journalctl prints it as null without --all
      { message: `big payload ${'0123456789'.repeat(500)}` },
      { message: 'odd entries appended' },
    ]);
    await until(
      'odd entries read',
      async () => {
        const now = await position();
        return now.lines >= before.lines + 3 && now.skipped >= before.skipped + 2;
      },
      60_000,
    );
    expect(await position()).toMatchObject({
      lines: before.lines + 3,
      skipped: before.skipped + 2,
    });
    const rows: Array<{ examples: string[] }> = await harness.platform.infra.dataSource.query(
      `SELECT examples FROM log_templates WHERE account_id = $1 AND template LIKE 'badge%'`,
      [ACCOUNT],
    );
    expect(rows[0]?.examples).toEqual(['badge caf\ufffd issued to visitor']);
    const big: Array<{ template: string; count: string }> =
      await harness.platform.infra.dataSource.query(
        `SELECT template, count FROM log_templates WHERE account_id = $1 AND template LIKE 'big payload%'`,
        [ACCOUNT],
      );
    expect(big).toEqual([{ template: 'big payload <*>', count: '1' }]);
  }, 120_000);
});
