import { randomUUID } from 'node:crypto';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { EVENTS_PROTO, ingestGrpcBinding } from '@mnemo/gateway-service';
import type { EventEnvelope, StoredEvent } from '@mnemo/contracts';
import { JetStreamEventLog } from '@mnemo/eventing';
import { startHarness, type Harness } from '../support/platform-harness';
import { eventually, TEST_NATS_URL } from '../support/servers';
import { firstItems } from '@mnemo/testing';

/** JetStream's duplicate window for this file's streams: short, so a resend can come after it. */
const WINDOW_MS = 2_000;

/**
 * An event id accepted once is a duplicate for good (docs/event-log.md). JetStream's Nats-Msg-Id dedupe
 * forgets an id after its window; the accepted-id record does not. Resends come after the window has
 * provably passed (JetStream stores a probe sent with the first post a second time), over HTTP, over gRPC,
 * and as a raw message the redaction service sees again.
 */
describe('an event id is a duplicate after the duplicate window too', () => {
  let harness: Harness;
  /** The bare JetStream log under the platform's: no accepted-id record in front of it. */
  let bare: JetStreamEventLog;
  let account: { accountId: string; apiKey: string };
  const auth = () => ({ Authorization: `Bearer ${account.apiKey}` });
  const stored = async (stream: 'events' | 'raw', id: string): Promise<StoredEvent[]> => {
    const found: StoredEvent[] = [];
    for await (const batch of bare.read(stream, 1))
      found.push(...batch.filter((s) => s.event.id === id));
    return found;
  };
  const turnsOf = (sessionId: string) =>
    harness.http().get(`/v1/sessions/${sessionId}/turns`).set(auth());

  beforeAll(async () => {
    harness = await startHarness({ env: { MNEMO_DUPLICATE_WINDOW_MS: String(WINDOW_MS) } });
    bare = await JetStreamEventLog.connect({
      servers: TEST_NATS_URL,
      streamPrefix: harness.config.MNEMO_STREAM_PREFIX,
      subjectPrefix: harness.config.MNEMO_SUBJECT_PREFIX,
    });
    account = await harness.createAccount('resender');
  });

  afterAll(async () => {
    await bare?.close();
    await harness?.stop();
  });

  it('answers a resend over HTTP and gRPC as a duplicate, and a raw redelivery to redaction appends nothing', async () => {
    const turn = {
      id: randomUUID(),
      type: 'TurnRecorded',
      sessionId: 's-again',
      occurredAt: '2026-11-29T10:00:01Z',
      payload: { seq: 1, role: 'user', text: 'said once' },
    };
    const started = {
      id: randomUUID(),
      type: 'SessionStarted',
      sessionId: 's-again',
      occurredAt: '2026-11-29T10:00:00Z',
      payload: { source: 'ai-coaching:interview' },
    };
    await expect(
      harness
        .http()
        .post('/v1/events')
        .set(auth())
        .send({ events: [started, turn] }),
    ).resolves.toMatchObject({ status: 202, body: { accepted: 2, duplicates: 0 } });
    await eventually(
      () => turnsOf('s-again'),
      (r) => r.body.turns?.length === 1,
    );
    const [original] = firstItems(await stored('events', turn.id), 1);

    // A probe appended now, past the record: once JetStream takes it again, the window of everything before it is over.
    const probe: EventEnvelope = {
      id: randomUUID(),
      type: 'WindowProbe',
      version: 1,
      accountId: account.accountId,
      occurredAt: new Date().toISOString(),
      producer: 'test',
      payload: {},
    };
    expect(await bare.append('events', probe)).toMatchObject({ duplicate: false });
    await eventually(
      () => bare.append('events', probe),
      (result) => !result.duplicate,
      WINDOW_MS * 15,
    );

    await expect(
      harness
        .http()
        .post('/v1/events')
        .set(auth())
        .send({ events: [turn] }),
    ).resolves.toMatchObject({ status: 202, body: { accepted: 0, duplicates: 1 } });

    const proto = grpc.loadPackageDefinition(
      protoLoader.loadSync(EVENTS_PROTO, ingestGrpcBinding.loaderOptions),
    ) as any;
    const client = new proto.mnemo.v1.IngestService(
      `127.0.0.1:${harness.platform.grpcPort}`,
      grpc.credentials.createInsecure(),
    );
    const metadata = new grpc.Metadata();
    metadata.set('authorization', `Bearer ${account.apiKey}`);
    const reply = await new Promise((resolve, reject) =>
      client.ingest(
        {
          events: [
            {
              id: turn.id,
              sessionId: 's-again',
              occurredAt: turn.occurredAt,
              turnRecorded: { seq: 1, role: 'user', text: 'said once' },
            },
          ],
        },
        metadata,
        (error: grpc.ServiceError | null, answer: unknown) =>
          error ? reject(error) : resolve(answer),
      ),
    );
    client.close();
    expect(reply).toEqual({ accepted: 0, duplicates: 1 });

    // The redaction service handed the same raw message again (an ack lost past the window): it must not append twice.
    expect(await bare.append('raw', original.event)).toMatchObject({ duplicate: false });
    await eventually(
      async () =>
        (await stored('raw', turn.id)).length + (await bare.pending('raw', 'redaction-raw')),
      (left) => left === 0,
    );

    expect((await stored('events', turn.id)).map((s) => s.seq)).toEqual([original.seq]);
    const turns = await turnsOf('s-again');
    expect(turns.body.turns).toEqual([expect.objectContaining({ seq: 1, text: 'said once' })]);
  });

  it("stores an account's event whose id another account sent first: ids are scoped by account", async () => {
    const owner = await harness.createAccount('owner');
    const squatter = await harness.createAccount('squatter');
    const send = (key: string, sessionId: string, text: string) =>
      harness
        .http()
        .post('/v1/events')
        .set('Authorization', `Bearer ${key}`)
        .send({
          events: [
            {
              id: sharedId,
              type: 'TurnRecorded',
              sessionId,
              occurredAt: '2026-11-29T10:00:01Z',
              payload: { seq: 1, role: 'user', text },
            },
          ],
        });
    const sharedId = randomUUID();
    await expect(send(squatter.apiKey, 's-squat', 'sent first')).resolves.toMatchObject({
      status: 202,
      body: { accepted: 1, duplicates: 0 },
    });
    await expect(send(owner.apiKey, 's-owned', 'the real turn')).resolves.toMatchObject({
      status: 202,
      body: { accepted: 1, duplicates: 0 },
    });
    const turnsFor = (key: string, sessionId: string) =>
      harness.http().get(`/v1/sessions/${sessionId}/turns`).set('Authorization', `Bearer ${key}`);
    const owned = await eventually(
      () => turnsFor(owner.apiKey, 's-owned'),
      (r) => r.body.turns?.length === 1,
    );
    expect(owned.body.turns[0].text).toBe('the real turn');
    await eventually(
      () => turnsFor(squatter.apiKey, 's-squat'),
      (r) => r.body.turns?.length === 1,
    );
    // each account's resend is its own duplicate
    await expect(send(owner.apiKey, 's-owned', 'again')).resolves.toMatchObject({
      body: { accepted: 0, duplicates: 1 },
    });
    expect((await stored('events', sharedId)).map((s) => s.event.accountId).sort()).toEqual(
      [owner.accountId, squatter.accountId].sort(),
    );
  });
});
