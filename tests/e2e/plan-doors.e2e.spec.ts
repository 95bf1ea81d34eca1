import { randomUUID } from 'node:crypto';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { EVENTS_PROTO, ingestGrpcBinding } from '@mnemo/gateway-service';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { startHarness, type Harness } from '../support/platform-harness';
import { personOverMcp } from '../support/person-over-mcp';

type Driver = Awaited<ReturnType<typeof personOverMcp>>;

/**
 * A plan proposed as a producer's event (POST /v1/events, and gRPC's Ingest behind the same service)
 * meets the rule POST /v1/plans does: one plan per answer, three open at most, each refusal a 409
 * with its reason, and nothing of a refused batch written.
 */
describe('every door behind the plan limits', () => {
  let harness: Harness;
  let mcp: Client;
  let auth: Driver['auth'];
  let get: Driver['get'];
  let say: Driver['say'];
  let next: Driver['next'];

  beforeAll(async () => {
    harness = await startHarness({ target: 'gateway,redaction,ingest,memory,context' });
    ({ mcp, auth, get, say, next } = await personOverMcp(harness, {
      name: 'plan-doors',
      source: { source: 'health-coach' },
      clockFrom: '2026-12-01T08:00:00Z',
    }));
  });
  afterAll(async () => {
    await mcp?.close().catch(() => undefined);
    await harness?.stop();
  });

  const planEvent = (planId: string, title: string) => ({
    id: randomUUID(),
    type: 'PlanProposed',
    sessionId: 's-doors',
    occurredAt: next(),
    payload: { planId, title },
  });
  const send = (...events: object[]) =>
    harness.http().post('/v1/events').set(auth()).send({ events });
  const open = async () =>
    ((await get('/v1/plans')).body.plans as Array<{ id: string; status: string }>).filter(
      (p) => p.status !== 'closed',
    );

  it('POST /v1/events: one plan per answer, three open at most, a retry is a duplicate', async () => {
    await say('s-doors', 1, 'user', 'I want to walk more and sleep earlier.');
    const walk = planEvent('pl-walk', 'Walk 30 minutes after lunch');
    expect((await send(walk)).status).toBe(202);
    expect((await send(walk)).body).toEqual({ accepted: 0, duplicates: 1 });

    const second = await send(planEvent('pl-sleep', 'In bed by 11 on weeknights'));
    expect(second.status).toBe(409);
    expect(second.body.error.message).toMatch(/one plan per answer/);

    // two plans in one batch, each after its own message of the person
    const both = await send(
      {
        id: randomUUID(),
        type: 'TurnRecorded',
        sessionId: 's-doors',
        occurredAt: next(),
        payload: { seq: 2, role: 'user', text: 'Add stretching.' },
      },
      planEvent('pl-stretch', 'Stretch ten minutes every morning'),
      {
        id: randomUUID(),
        type: 'TurnRecorded',
        sessionId: 's-doors',
        occurredAt: next(),
        payload: { seq: 3, role: 'user', text: 'And water.' },
      },
      planEvent('pl-water', 'Two litres of water a day'),
    );
    expect(both.status).toBe(202);

    await say('s-doors', 4, 'user', 'One more: cycle to work.');
    const fourth = await send(planEvent('pl-cycle', 'Cycle to work twice a week'));
    expect(fourth.status).toBe(409);
    expect(fourth.body.error.message).toMatch(/3 plans are already open/);
    expect((await open()).map((p) => p.id).sort()).toEqual(['pl-stretch', 'pl-walk', 'pl-water']);
  });

  it('gRPC Ingest: a plan beyond three open is refused as POST /v1/plans refuses it', async () => {
    const proto = grpc.loadPackageDefinition(
      protoLoader.loadSync(EVENTS_PROTO, ingestGrpcBinding.loaderOptions),
    ) as any;
    const client = new proto.mnemo.v1.IngestService(
      `127.0.0.1:${harness.platform.grpcPort}`,
      grpc.credentials.createInsecure(),
    );
    const metadata = new grpc.Metadata();
    metadata.set('authorization', `Bearer ${auth().Authorization.slice('Bearer '.length)}`);
    await say('s-doors', 5, 'user', 'And a last one: meditate.');
    const refusal = await new Promise<grpc.ServiceError | null>((resolve) =>
      client.ingest(
        {
          events: [
            {
              id: randomUUID(),
              sessionId: 's-doors',
              occurredAt: next(),
              planProposed: { planId: 'pl-meditate', title: 'Meditate ten minutes' },
            },
          ],
        },
        metadata,
        (error: grpc.ServiceError | null) => resolve(error),
      ),
    );
    client.close();
    expect(refusal?.code).toBe(grpc.status.ABORTED);
    expect(refusal?.details).toMatch(/3 plans are already open/);
    expect((await open()).map((p) => p.id)).not.toContain('pl-meditate');
  });

  it('MCP: record_measurements, propose_plan one per answer, and the briefing in daily totals', async () => {
    // a fresh account: the one above already holds three open plans
    const walker = await personOverMcp(harness, {
      name: 'plan-doors-mcp',
      source: { source: 'health-coach' },
      clockFrom: '2026-12-02T08:00:00Z',
    });
    const viaMcp = async (name: string, args: Record<string, unknown>) => {
      const answer = (await walker.mcp.callTool({ name, arguments: args })) as {
        isError?: boolean;
        content: Array<{ text?: string }>;
      };
      return {
        isError: Boolean(answer.isError),
        text: answer.content.map((c) => c.text).join('\n'),
      };
    };
    // three samples a day whose daily totals run 8,000…8,600 steps
    const samples = Array.from({ length: 7 }, (_, d) =>
      [2000, 3000, 3000 + d * 100].map((value, i) => ({
        metric: 'steps',
        value,
        unit: 'steps',
        at: `2026-11-0${d + 1}T${String(9 + i * 4).padStart(2, '0')}:00:00Z`,
        source: 'watch',
        id: `w-${d}-${i}`,
      })),
    ).flat();
    expect(await viaMcp('record_measurements', { measurements: samples })).toEqual({
      isError: false,
      text: 'Recorded 21 measurements.',
    });
    expect((await viaMcp('record_measurements', { measurements: samples })).text).toBe(
      'Recorded 0 measurements (21 already known).',
    );
    const dated = { ...samples[0], id: 'w-x', day: '2026-11-01' };
    expect(await viaMcp('record_measurements', { measurements: [dated] })).toEqual({
      isError: true,
      text: expect.stringMatching(/measurements\.0\.day: give exactly one of day or at/),
    });

    await walker.say('s-mcp-plan', 1, 'user', 'I want to walk 8,000 steps a day.');
    const proposed = await viaMcp('propose_plan', {
      title: 'Walk 8,000 steps a day',
      measure: { metric: 'steps', unit: 'steps', target: 8000 },
      sessionId: 's-mcp-plan',
    });
    expect(proposed.isError).toBe(false);
    const planId = /\[plan ([^,\]]+), proposed\]/.exec(proposed.text)?.[1];
    expect(planId).toBeDefined();
    const second = await viaMcp('propose_plan', {
      title: 'Sleep by eleven',
      sessionId: 's-mcp-plan',
    });
    expect(second).toEqual({ isError: true, text: expect.stringMatching(/one plan per answer/) });

    const activated = await harness
      .http()
      .post(`/v1/plans/${planId}/activate`)
      .set(walker.auth())
      .send({});
    expect(activated.status).toBe(200);
    const briefing = await viaMcp('get_context', { kind: 'briefing' });
    expect(briefing.isError).toBe(false);
    expect(briefing.text.split('\n').length).toBeLessThanOrEqual(2);
    // daily totals, never the per-sample mean of about 2,770
    expect(briefing.text).toContain(
      'Walk 8,000 steps a day: 8,300 steps a day on average (daily totals) over the last 7 days to 2026-11-07',
    );
    expect((await viaMcp('propose_plan', { action: 'list' })).text).toContain(
      '8,300 steps a day on average',
    );
    await walker.mcp.close().catch(() => undefined);
  });
});
