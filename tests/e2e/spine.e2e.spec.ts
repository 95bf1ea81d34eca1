import { randomUUID } from 'node:crypto';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { EVENTS_PROTO, ingestGrpcBinding } from '@mnemo/gateway-service';
import type { StoredEvent } from '@mnemo/contracts';
import { applyBatch, checksumProjection, replayProjection } from '@mnemo/persistence';
import { allProjections } from '@mnemo/platform-service';
import { ADMIN_KEY, startHarness, type Harness } from '../support/platform-harness';
import { eventually } from '../support/servers';
import { everyProjectionSeeds } from '../support/every-projection-seeds';

const GITHUB_TOKEN = `ghp_${'a1B2c3D4e5F6g7H8i9J0'.repeat(2).slice(0, 36)}`;

const sessionStarted = (sessionId: string) => ({
  id: randomUUID(),
  type: 'SessionStarted',
  sessionId,
  occurredAt: '2026-11-29T10:00:00Z',
  payload: { source: 'ai-coaching:interview', title: 'Career check-in' },
});
const turn = (sessionId: string, seq: number, text: string) => ({
  id: randomUUID(),
  type: 'TurnRecorded',
  sessionId,
  occurredAt: `2026-11-29T10:00:${String(seq % 60).padStart(2, '0')}Z`,
  payload: { seq, role: seq % 2 ? 'user' : 'assistant', text },
});

async function allEvents(harness: Harness, stream: 'events' | 'raw'): Promise<StoredEvent[]> {
  const events: StoredEvent[] = [];
  for await (const batch of harness.platform.infra.log.read(stream, 1)) events.push(...batch);
  return events;
}

describe('the spine: session events in, redacted turns out, rebuilt by replay', () => {
  let harness: Harness;
  let account: { accountId: string; apiKey: string };
  const post = (body: unknown, key = account.apiKey) =>
    harness
      .http()
      .post('/v1/events')
      .set('Authorization', `Bearer ${key}`)
      .send(body as object);
  const turnsOf = async (sessionId: string, key = account.apiKey) =>
    harness.http().get(`/v1/sessions/${sessionId}/turns`).set('Authorization', `Bearer ${key}`);

  beforeAll(async () => {
    harness = await startHarness();
    account = await harness.createAccount('acme');
  });
  afterAll(async () => harness?.stop());

  it('serves posted turns, redacted, and keeps the planted token out of the durable stream and Postgres', async () => {
    const events = [
      sessionStarted('s-1'),
      turn('s-1', 1, 'I want to move into product management next year.'),
      turn('s-1', 2, `Use this token: ${GITHUB_TOKEN} for the repo.`),
      {
        id: randomUUID(),
        type: 'SegmentPaused',
        sessionId: 's-1',
        occurredAt: '2026-11-29T10:20:00Z',
        payload: { segment: 1 },
      },
    ];
    const response = await post({ events });
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ accepted: 4, duplicates: 0 });

    const turns = await eventually(
      () => turnsOf('s-1'),
      (r) => r.status === 200 && r.body.turns.length === 2,
    );
    expect(turns.body.turns[0]).toEqual({
      seq: 1,
      role: 'user',
      text: 'I want to move into product management next year.',
      occurredAt: '2026-11-29T10:00:01.000Z',
    });
    expect(turns.body.turns[1].text).toContain('[REDACTED:github_token]');
    expect(turns.body.turns[1].text).not.toContain(GITHUB_TOKEN);

    const stream = JSON.stringify(await allEvents(harness, 'events'));
    expect(stream).toContain('product management');
    expect(stream).not.toContain(GITHUB_TOKEN);
    const rows = await harness.platform.infra.dataSource.query(
      `SELECT t::text AS row FROM turns t UNION ALL SELECT s::text FROM sessions s`,
    );
    expect(JSON.stringify(rows)).not.toContain(GITHUB_TOKEN);
    // the raw work queue keeps nothing once redacted
    await eventually(
      () => allEvents(harness, 'raw'),
      (raw) => raw.length === 0,
    );

    const sessions = await harness
      .http()
      .get('/v1/sessions')
      .set('Authorization', `Bearer ${account.apiKey}`);
    expect(sessions.body.sessions).toEqual([
      expect.objectContaining({ id: 's-1', source: 'ai-coaching:interview', turnCount: 2 }),
    ]);
  });

  it('echoes the correlation id and stamps it on the events of the request', async () => {
    const event = turn('s-corr', 1, 'correlated');
    const response = await post({ events: [event] }).set('x-correlation-id', 'corr-42');
    expect(response.headers['x-correlation-id']).toBe('corr-42');
    const stored = await eventually(
      async () => (await allEvents(harness, 'events')).find((e) => e.event.id === event.id),
      Boolean,
    );
    expect(stored?.event.correlationId).toBe('corr-42');
  });

  it('takes the same events over gRPC, with the same rules and answers', async () => {
    const proto = grpc.loadPackageDefinition(
      protoLoader.loadSync(EVENTS_PROTO, ingestGrpcBinding.loaderOptions),
    ) as any;
    const client = new proto.mnemo.v1.IngestService(
      `127.0.0.1:${harness.platform.grpcPort}`,
      grpc.credentials.createInsecure(),
    );
    const call = (request: unknown, key = account.apiKey) =>
      new Promise<{ error: grpc.ServiceError | null; reply: unknown }>((resolve) => {
        const metadata = new grpc.Metadata();
        metadata.set('authorization', `Bearer ${key}`);
        client.ingest(request, metadata, (error: grpc.ServiceError | null, reply: unknown) =>
          resolve({ error, reply }),
        );
      });
    const at = '2026-11-29T11:00:00Z';
    const events = [
      {
        id: randomUUID(),
        sessionId: 's-grpc',
        occurredAt: at,
        sessionStarted: { source: 'java-producer' },
      },
      {
        id: randomUUID(),
        sessionId: 's-grpc',
        occurredAt: at,
        turnRecorded: { seq: 1, role: 'user', text: `over gRPC with ${GITHUB_TOKEN}` },
      },
    ];
    await expect(call({ events })).resolves.toEqual({
      error: null,
      reply: { accepted: 2, duplicates: 0 },
    });
    const turns = await eventually(
      () => turnsOf('s-grpc'),
      (r) => r.body.turns?.length === 1,
    );
    expect(turns.body.turns[0].text).toBe('over gRPC with [REDACTED:github_token]');

    const before = await harness.platform.infra.log.lastSeq('raw');
    const bad = await call({
      events: [
        {
          id: randomUUID(),
          sessionId: 's-grpc',
          occurredAt: at,
          turnRecorded: { seq: 2, role: 'user' },
        },
      ],
    });
    expect(bad.error?.code).toBe(grpc.status.INVALID_ARGUMENT);
    expect(bad.error?.details).toContain('events[0].payload.text');
    expect(await harness.platform.infra.log.lastSeq('raw')).toBe(before);
    expect((await call({ events }, 'mnemo_wrong')).error?.code).toBe(grpc.status.UNAUTHENTICATED);
    client.close();
  });

  it('stores an event id posted twice once', async () => {
    const event = turn('s-dup', 1, 'said once');
    await expect(post({ events: [sessionStarted('s-dup'), event] })).resolves.toMatchObject({
      status: 202,
      body: { accepted: 2, duplicates: 0 },
    });
    await expect(post({ events: [event] })).resolves.toMatchObject({
      status: 202,
      body: { accepted: 0, duplicates: 1 },
    });
    await eventually(
      () => turnsOf('s-dup'),
      (r) => r.body.turns?.length === 1,
    );
    const stored = (await allEvents(harness, 'events')).filter((e) => e.event.id === event.id);
    expect(stored).toHaveLength(1);
  });

  it("never lets one account's key read another's data", async () => {
    const other = await harness.createAccount('other');
    await eventually(
      () => turnsOf('s-1'),
      (r) => r.body.turns?.length === 2,
    );
    expect((await turnsOf('s-1', other.apiKey)).status).toBe(404);
    const sessions = await harness
      .http()
      .get('/v1/sessions')
      .set('Authorization', `Bearer ${other.apiKey}`);
    expect(sessions.body.sessions).toEqual([]);
  });

  describe('bad input gets the right 4xx with a reason, and nothing is written', () => {
    const rawCount = async () => harness.platform.infra.log.lastSeq('raw');

    it.each([
      [
        'an unknown event type',
        { events: [{ ...turn('s-bad', 1, 'x'), type: 'SomethingElse' }] },
        400,
        'type',
      ],
      [
        'a missing field',
        {
          events: [
            sessionStarted('s-bad'),
            { ...turn('s-bad', 1, 'x'), payload: { seq: 1, role: 'user' } },
          ],
        },
        400,
        'payload.text',
      ],
      ['no events at all', { events: [] }, 400, 'events'],
    ])('%s', async (_name, body, status, path) => {
      const before = await rawCount();
      const response = await post(body);
      expect(response.status).toBe(status);
      expect(response.body.error.issues).toEqual(
        expect.arrayContaining([expect.objectContaining({ path })]),
      );
      expect(await rawCount()).toBe(before);
    });

    it('malformed JSON', async () => {
      const before = await rawCount();
      const response = await harness
        .http()
        .post('/v1/events')
        .set('Authorization', `Bearer ${account.apiKey}`)
        .set('Content-Type', 'application/json')
        .send('{"events": [');
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('malformed_json');
      expect(await rawCount()).toBe(before);
    });

    it('a body over 5 MB', async () => {
      const before = await rawCount();
      const big = { events: [turn('s-big', 1, 'x'.repeat(6 * 1024 * 1024))] };
      const response = await post(big);
      expect(response.status).toBe(413);
      expect(response.body.error.code).toBe('payload_too_large');
      expect(await rawCount()).toBe(before);
    });

    it('a turns page after a seq no turn can have (past the int4 a seq is), not a 500', async () => {
      const response = await harness
        .http()
        .get('/v1/sessions/s-1/turns')
        .query({ afterSeq: '9007199254740991' })
        .set('Authorization', `Bearer ${account.apiKey}`);
      expect(response.status).toBe(400);
      expect(response.body.error.issues).toEqual([
        expect.objectContaining({ path: 'query.afterSeq' }),
      ]);
    });

    it('a wrong or missing key, and the admin route without the admin key', async () => {
      expect((await post({ events: [turn('s', 1, 'x')] }, 'mnemo_wrong')).status).toBe(401);
      expect((await harness.http().post('/v1/events').send({ events: [] })).status).toBe(401);
      expect(
        (
          await harness
            .http()
            .post('/v1/admin/accounts')
            .set('Authorization', `Bearer ${account.apiKey}`)
            .send({ name: 'x' })
        ).status,
      ).toBe(403);
      const badAccount = await harness
        .http()
        .post('/v1/admin/accounts')
        .set('Authorization', `Bearer ${ADMIN_KEY}`)
        .send({ name: '' });
      expect(badAccount.status).toBe(400);
      expect(badAccount.body.error.issues).toEqual([
        expect.objectContaining({ path: 'body.name' }),
      ]);
    });
  });

  it('rebuilds every projection by replay to the checksum of the live run, with rows in every table, and a redelivery changes none', async () => {
    const events = [
      sessionStarted('s-replay'),
      ...Array.from({ length: 50 }, (_, i) => turn('s-replay', i + 1, `turn number ${i + 1}`)),
    ];
    await post({ events });
    const { dataSource, log } = harness.platform.infra;
    const side = await harness.createAccount('replay-side');
    await log.appendMany('events', everyProjectionSeeds(account.accountId, side.accountId));
    await eventually(
      () => turnsOf('s-replay'),
      (r) => r.body.turns?.length === 50,
    );
    const emptyTables: string[] = [];
    for (const projection of allProjections()) {
      // Reactors answer some seeded events with events of their own, some after a debounce: a comparison counts
      // only when no event reached the log between the live checksum and the end of the redelivery; else it is retried.
      const run = await eventually(
        async () => {
          const lastSeq = await log.lastSeq('events');
          await eventually(
            () => log.pending('events', `projection-${projection.name}`),
            (pending) => pending === 0,
          );
          const live = await checksumProjection(dataSource, projection);
          const result = await replayProjection(dataSource, log, projection);
          const replayed = await checksumProjection(dataSource, projection);
          // the whole log delivered again, as a consumer that died before its ack would get it: an idempotent projection keeps its rows
          await applyBatch(
            dataSource,
            projection,
            (await allEvents(harness, 'events')).filter((stored) => stored.seq <= result.lastSeq),
          );
          return {
            lastSeq,
            live,
            result,
            replayed,
            redelivered: await checksumProjection(dataSource, projection),
            end: await log.lastSeq('events'),
          };
        },
        (r) => r.result.lastSeq === r.lastSeq && r.end === r.lastSeq,
      );
      emptyTables.push(
        ...Object.entries(run.live)
          .filter(([, sum]) => sum.startsWith('0:'))
          .map(([table]) => `${projection.name}.${table}`),
      );
      expect(run.result.lastSeq).toBe(run.end);
      expect({ projection: projection.name, ...run.replayed }).toEqual({
        projection: projection.name,
        ...run.live,
      });
      expect({ projection: projection.name, ...run.redelivered }).toEqual({
        projection: projection.name,
        ...run.live,
      });
    }
    expect(emptyTables).toEqual([]);
  });

  it('answers health, readiness and metrics', async () => {
    await expect(harness.http().get('/healthz')).resolves.toMatchObject({ status: 200 });
    const ready = await harness.http().get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.checks).toEqual({
      log: 'ok',
      database: 'ok',
      cache: 'ok',
      'read models': 'ok',
    });
    const metrics = await harness.http().get('/metrics');
    expect(metrics.text).toContain('mnemo_events_consumed_total');
    expect(metrics.text).toMatch(/mnemo_projection_lag_events\{projection="sessions"\} 0/);
  });
});
