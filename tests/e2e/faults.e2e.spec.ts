import { startFakeAnthropic, systemOf, type FakeAnthropic } from '@mnemo/testing';
import {
  freePort,
  OwnNats,
  OwnPostgres,
  OwnRedis,
  removeDir,
  scratchDir,
  until,
} from '../support/own-servers';
import { ServiceFleet } from '../support/service-fleet';
import {
  billedUsd,
  checksumsLiveAndReplayed,
  postUntilAccepted,
  quiesce,
  readCounters,
  RESERVATION_TTL_MS,
  routeModel,
  sessionEvents,
  TURNS_PER_SESSION,
  unsettledReservations,
  type Api,
} from '../support/fault-fixture';

const ADMIN_KEY = 'faults-admin-key-0123456789';
const ACCOUNT_KEY = `sk-ant-api03-${'Fq9'.repeat(12)}Wxyz`;

/**
 * The platform as it is deployed — every service a process of its own, two of memory and of
 * context — on a NATS, a Redis and a PostgreSQL of this suite's own (free loopback ports, temp dirs), so
 * stopping them never touches the machine's shared servers. Each fault runs against a round of sessions in
 * flight; after it, nothing is pending or dead-lettered, every counter a lost or doubled event would move
 * (turns, summaries, facts, spend against what the fake provider billed) is exact, and the live read models
 * equal a clean replay of the same log. While a dependency is down the gateway answers 503 with the
 * dependency's name, never 500, and /readyz names it.
 */
describe('faults: kill, restart, stall — nothing lost, nothing doubled', () => {
  let dir: string;
  let nats: OwnNats;
  let redis: OwnRedis;
  let postgres: OwnPostgres;
  let fake: FakeAnthropic;
  let fleet: ServiceFleet;
  let api: Api;
  let accountId: string;
  let stalled = false;
  /** Sessions posted so far, and those whose compaction met a stalled model. */
  let posted = 0;
  const stalledRefs = new Set<string>();
  /** When workers were last killed: only a call in flight then may be left unsettled. */
  let killedAt: number | undefined;

  const get = (path: string, key = api.apiKey) =>
    fetch(`${api.url}${path}`, {
      headers: { authorization: `Bearer ${key}` },
      signal: AbortSignal.timeout(20_000),
    });
  const round = async (count: number, during?: () => Promise<void>) => {
    const refs = Array.from({ length: count }, () => `ref-${(posted += 1)}`);
    const posting = (async () => {
      for (const ref of refs) await postUntilAccepted(api, sessionEvents(ref));
    })();
    await during?.();
    await posting;
    return refs;
  };

  /** The sessions the fake provider billed an extraction for: each must end as exactly one fact. */
  const extractedRefs = () =>
    new Set(
      fake.billed
        .filter((r) => systemOf(r.body).includes('durable facts'))
        .map((r) => /ref-\d+/.exec(JSON.stringify(r.body))?.[0]),
    );

  /** The promises every fault must keep, checked on everything posted so far. */
  const expectConverged = async () => {
    const sessions = posted;
    const compacted = sessions - stalledRefs.size;
    // Wait for the outcome first (bounded), then for quiet, then check exact values: an overshoot shows.
    await until(
      'sessions summarized',
      async () => (await readCounters(postgres.url, accountId)).summaries >= compacted,
      120_000,
    );
    const { deadLetters } = await quiesce([nats.url]);
    const counters = await readCounters(postgres.url, accountId);
    const facts = extractedRefs().size;
    expect({ deadLetters, ...counters }).toEqual({
      deadLetters: 0,
      sessions,
      turns: sessions * TURNS_PER_SESSION,
      summaries: compacted,
      facts,
      contextFacts: facts,
      spendUsd: expect.any(Number),
    });
    expect(facts).toBeGreaterThanOrEqual(compacted);
    // Spend: what the provider billed, each answered call once (a redelivered reaction that pays twice is
    // billed twice). The one gap: a worker killed after the provider answered and before it committed
    // leaves its reservation unsettled, so that call is billed and not spent. Only a kill does that, and
    // only to a call reserved before it.
    const unsettled = await unsettledReservations(postgres.url, accountId);
    if (killedAt === undefined) expect(unsettled.count).toBe(0);
    else if (unsettled.newestReservedAt !== null)
      expect(unsettled.newestReservedAt).toBeLessThanOrEqual(killedAt);
    const spentCalls = Math.round(counters.spendUsd / billedUsd(1));
    expect(counters.spendUsd).toBeCloseTo(billedUsd(spentCalls), 9);
    expect(spentCalls).toBeLessThanOrEqual(fake.billed.length);
    expect(spentCalls).toBeGreaterThanOrEqual(fake.billed.length - unsettled.count);
    const { live, replayed } = await checksumsLiveAndReplayed({
      databaseUrl: postgres.url,
      natsServers: nats.url,
    });
    expect(live).toEqual(replayed);
  };

  beforeAll(async () => {
    dir = scratchDir('mnemo-faults');
    const [natsPort, redisPort, pgPort, httpPort] = await Promise.all([
      freePort(),
      freePort(),
      freePort(),
      freePort(),
    ]);
    nats = new OwnNats(natsPort, dir);
    redis = new OwnRedis(redisPort, dir);
    postgres = new OwnPostgres(pgPort, dir);
    await Promise.all([nats.start(), redis.start(), postgres.init()]);
    fake = await startFakeAnthropic();
    routeModel(fake, () => stalled);
    const env = (name: string): NodeJS.ProcessEnv => ({
      ...process.env,
      NATS_URL: nats.url,
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      MNEMO_HTTP_PORT: name === 'gateway' ? String(httpPort) : '0',
      MNEMO_GRPC_PORT: '0',
      MNEMO_ADMIN_KEY: ADMIN_KEY,
      MNEMO_SECRET_KEY: 'faults-master-secret',
      MNEMO_DB_POOL_SIZE: '4',
      MNEMO_ACK_WAIT_MS: '5000',
      MNEMO_MAX_DELIVER: '5',
      MNEMO_SESSION_INGEST_ENABLED: 'false',
      MNEMO_MEMORY_QUIET_MINUTES: '100000',
      ANTHROPIC_BASE_URL: fake.url,
      ANTHROPIC_API_KEY: '',
      MNEMO_LLM_MAX_RETRIES: '0',
      MNEMO_LLM_TIMEOUT_MS: '3000',
      MNEMO_LLM_OFFLINE_FALLBACK: 'false',
      MNEMO_COST_LEDGER_TIMEOUT_MS: '3000',
      MNEMO_COST_RESERVATION_TTL_MS: String(RESERVATION_TTL_MS),
      LOG_LEVEL: 'info',
    });
    fleet = new ServiceFleet(
      [
        { target: 'gateway' },
        { target: 'redaction' },
        { target: 'cost-ledger' },
        { target: 'ingest' },
        { target: 'compaction' },
        { target: 'memory', copies: 2 },
        { target: 'context', copies: 2 },
        { target: 'recall' },
        { target: 'profile' },
        { target: 'insight' },
      ],
      dir,
      env,
    );
    await fleet.start().catch((error) => {
      process.stderr.write(`${fleet.tails()}\n`);
      throw error;
    });
    api = { url: `http://127.0.0.1:${httpPort}`, apiKey: '' };
    const created = await fetch(`${api.url}/v1/admin/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN_KEY}` },
      body: JSON.stringify({ name: 'faults' }),
    });
    expect(created.status).toBe(201);
    ({ accountId, apiKey: api.apiKey } = (await created.json()) as {
      accountId: string;
      apiKey: string;
    });
    const key = await fetch(`${api.url}/v1/llm-keys`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${api.apiKey}` },
      body: JSON.stringify({ apiKey: ACCOUNT_KEY }),
    });
    expect(key.status).toBe(201);
  }, 600_000);

  afterAll(async () => {
    await fleet?.stop();
    await fake?.close();
    await Promise.all(
      [nats?.stop(), redis?.stop(), postgres?.stop({ kill: true })].map((p) =>
        p?.catch(() => undefined),
      ),
    );
    // MNEMO_FAULTS_KEEP=1 keeps the servers' and services' logs for a look after a failure.
    if (dir && !process.env.MNEMO_FAULTS_KEEP) removeDir(dir);
  }, 120_000);

  afterEach(() => {
    const state = expect.getState();
    if (state.assertionCalls > 0 && state.numPassingAsserts < state.assertionCalls)
      process.stderr.write(`${fleet.tails()}\n`);
  });

  it('converges on a clean round: the baseline every fault is held to', async () => {
    await round(4);
    await expectConverged();
  }, 240_000);

  it('kill -9 of workers mid-batch (a memory, a context, ingest) loses and doubles nothing', async () => {
    await round(8, async () => {
      // Mid-batch: once the first new turns are projected, the workers are busy with the rest.
      await until(
        'turns arriving',
        async () => (await readCounters(postgres.url, accountId)).turns > 4 * TURNS_PER_SESSION + 6,
        60_000,
      );
      await Promise.all(['memory-1', 'context-1', 'ingest'].map((name) => fleet.get(name).kill()));
      killedAt = Date.now();
    });
    await Promise.all(['memory-1', 'context-1', 'ingest'].map((name) => fleet.get(name).start()));
    await expectConverged();
  }, 300_000);

  it('a NATS restart: 503 naming the log while it is down, then ingest resumes on its own', async () => {
    await nats.stop({ kill: true });
    // A session sent while the log is down: refused, then sent again with the same ids once it is back.
    const events = sessionEvents(`ref-${(posted += 1)}`);
    const down = await postRaw(events);
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({
      error: { code: 'dependency_unavailable', message: expect.stringMatching(/^log/) },
    });
    const ready = await get('/readyz');
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { checks: Record<string, string> }).checks).toMatchObject({
      log: expect.stringMatching(/^down/),
      database: 'ok',
      cache: 'ok',
    });
    await nats.start();
    await postUntilAccepted(api, events);
    await round(4);
    await expectConverged();
  }, 300_000);

  it('a PostgreSQL restart: reads answer 503 naming the database, projections catch up after', async () => {
    await postgres.stop({ kill: true });
    const down = await get('/v1/memories');
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({
      error: { code: 'dependency_unavailable', message: expect.stringMatching(/^database/) },
    });
    const ready = await get('/readyz');
    expect(((await ready.json()) as { checks: Record<string, string> }).checks).toMatchObject({
      database: expect.stringMatching(/^down/),
      log: 'ok',
    });
    const refs = round(3);
    await postgres.start();
    await refs;
    await expectConverged();
  }, 300_000);

  it('a Redis restart: /readyz names the cache, no answer is a 500, and nothing is lost', async () => {
    await redis.stop({ kill: true });
    const ready = await get('/readyz');
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { checks: Record<string, string> }).checks).toMatchObject({
      cache: expect.stringMatching(/^down/),
      log: 'ok',
      database: 'ok',
    });
    const block = await get('/v1/context/memory-block');
    expect([200, 503]).toContain(block.status);
    const refs = round(3);
    await redis.start();
    await refs;
    await expectConverged();
  }, 300_000);

  it('a stalled model API: compaction gives up in time, the session is not blocked, the spend is what was billed', async () => {
    stalled = true;
    const refs = await round(2);
    for (const ref of refs) stalledRefs.add(ref);
    await until(
      'both compactions asked the stalled model',
      () =>
        refs.every((ref) => fake.requests.some((r) => JSON.stringify(r.body).includes(`${ref}:`))),
      60_000,
    );
    const turns = await get(`/v1/sessions/s-${refs[0]}/turns`);
    expect(turns.status).toBe(200);
    stalled = false;
    await round(2);
    await expectConverged();
  }, 300_000);

  const postRaw = async (events: object[]) => {
    const response = await fetch(`${api.url}/v1/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${api.apiKey}` },
      body: JSON.stringify({ events }),
      signal: AbortSignal.timeout(30_000),
    });
    return { status: response.status, body: await response.json() };
  };
});
