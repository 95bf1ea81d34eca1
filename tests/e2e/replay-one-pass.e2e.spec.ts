import { JetStreamEventLog } from '@mnemo/eventing';
import {
  checksumProjection,
  dropSchema,
  openDataSource,
  readCheckpoint,
  replayProjection,
  replayProjectionsInOnePass,
} from '@mnemo/persistence';
import { allMigrations, allProjections, findProjections } from '@mnemo/platform-service';
import type { DataSource } from 'typeorm';
import { replayLog } from '../support/replay-log';
import { TEST_DATABASE_URL, TEST_NATS_URL, uniqueName } from '../support/servers';

/**
 * A full replay reads the log once for every projection (replayProjectionsInOnePass) and must leave the
 * rows a replay of each projection on its own, one event at a time (no replay loader, no applyMany), leaves. Each way writes a database schema of its own, so
 * a projection the one pass skipped shows as empty tables, not as the other way's rows.
 */
describe('a replay of every projection in one read of the log', () => {
  const ns = uniqueName('onepass').toLowerCase();
  let log: JetStreamEventLog;
  let perProjection: DataSource;
  let onePass: DataSource;
  const open = (schema: string) =>
    openDataSource({ url: TEST_DATABASE_URL, poolSize: 4, migrations: allMigrations(), schema });
  const checksums = async (dataSource: DataSource, names = allProjections()) =>
    Object.fromEntries(
      await Promise.all(
        names.map(async (p) => [p.name, await checksumProjection(dataSource, p)] as const),
      ),
    );

  beforeAll(async () => {
    log = await JetStreamEventLog.connect({
      servers: TEST_NATS_URL,
      streamPrefix: ns.toUpperCase(),
      subjectPrefix: ns,
    });
    await log.ensureStreams();
    for (const chunk of replayLog({
      events: 1200,
      accounts: ['acct-a', 'acct-b'],
      turnsPerSegment: 6,
      openSessions: 5,
    }))
      await log.appendMany('events', chunk);
    perProjection = await open(`${ns}_each`);
    onePass = await open(`${ns}_once`);
    // one event at a time (apply), in batches smaller than a session, so the one pass's loaders (which
    // chunk a session once, at the end) and the batched writes of applyMany are held to the rows the
    // events give one by one
    for (const projection of allProjections())
      await replayProjection(
        perProjection,
        log,
        { ...projection, replayLoader: undefined, applyMany: undefined },
        { batchSize: 41 },
      );
  }, 240_000);

  afterAll(async () => {
    await perProjection?.destroy();
    await onePass?.destroy();
    await dropSchema(TEST_DATABASE_URL, `${ns}_each`);
    await dropSchema(TEST_DATABASE_URL, `${ns}_once`);
    await log?.deleteStreams();
    await log?.close();
  });

  it('leaves every table as the replays one projection at a time do, with rows in every table', async () => {
    const expected = await checksums(perProjection);
    const empty = Object.entries(expected).flatMap(([name, tables]) =>
      Object.entries(tables)
        .filter(([, sum]) => sum.startsWith('0:'))
        .map(([table]) => `${name}.${table}`),
    );
    expect(empty).toEqual([]);

    // small batches and three connections: state a loader keeps between batches, projections side by side
    const results = await replayProjectionsInOnePass(onePass, log, allProjections(), {
      batchSize: 97,
      connections: 3,
    });
    expect(await checksums(onePass)).toEqual(expected);
    const lastSeq = await log.lastSeq('events');
    expect(results.map((r) => r.projection)).toEqual(allProjections().map((p) => p.name));
    for (const { projection, lastSeq: reached } of results) {
      expect({ projection, reached }).toEqual({ projection, reached: lastSeq });
      expect({ projection, checkpoint: await readCheckpoint(onePass, projection) }).toEqual({
        projection,
        checkpoint: lastSeq,
      });
    }
  }, 240_000);

  it('gives the same rows on one connection (the embedded database has one) and in big batches', async () => {
    await replayProjectionsInOnePass(onePass, log, allProjections(), { connections: 1 });
    expect(await checksums(onePass)).toEqual(await checksums(perProjection));
  }, 240_000);

  it('replays one projection on its own (`--projection recall`) and leaves the others as they were', async () => {
    const others = allProjections().filter((p) => p.name !== 'recall');
    const before = await checksums(onePass, others);
    await onePass.query('DELETE FROM recall_turns');
    await replayProjectionsInOnePass(onePass, log, findProjections('recall'));
    expect(await checksums(onePass)).toEqual(await checksums(perProjection));
    expect(await checksums(onePass, others)).toEqual(before);
  }, 240_000);
});
