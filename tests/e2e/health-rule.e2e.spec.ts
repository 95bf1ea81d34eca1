import { randomUUID } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { startHarness, type Harness } from '../support/platform-harness';
import { eventually } from '../support/servers';
import { personOverMcp } from '../support/person-over-mcp';

type Driver = Awaited<ReturnType<typeof personOverMcp>>;

type ToolAnswer = { isError?: boolean; content: Array<{ type: string; text?: string }> };
const textOf = (answer: unknown) =>
  (answer as ToolAnswer).content.map((c) => c.text ?? '').join('\n');

/**
 * Every door that writes a memory goes through memory's one health rule. The coach's MCP
 * remember_fact takes a fact only from the person's current message, one per answer, and a health
 * detail only as a proposal; the background extraction (offline adapter) proposes what the wording rule
 * reads as health, and the block keeps it out while the module is off.
 */
describe('the health rule behind every write path', () => {
  let harness: Harness;
  let mcp: Client;
  let auth: Driver['auth'];
  let get: Driver['get'];
  let say: Driver['say'];
  let next: Driver['next'];

  const memories = async () =>
    ((await get('/v1/memories?category=All&pageSize=100')).body.memories ?? []) as Array<{
      content: string;
    }>;
  const proposals = async () =>
    ((await get('/v1/proposals')).body.proposals ?? []) as Array<{
      content: string;
      reason: string;
    }>;

  beforeAll(async () => {
    harness = await startHarness({
      target: 'gateway,redaction,cost-ledger,ingest,compaction,memory,context',
    });
    ({ mcp, auth, get, say, next } = await personOverMcp(harness, {
      name: 'health-rule',
      source: { source: 'health-coach' },
      clockFrom: '2026-12-01T08:00:00Z',
    }));
  });
  afterAll(async () => {
    await mcp?.close().catch(() => undefined);
    await harness?.stop();
  });

  it('MCP remember_fact of a medication gives a proposal, not a memory', async () => {
    await say(
      's-knee',
      1,
      'user',
      'I hurt my knee last week and I am taking ibuprofen 400mg twice a day.',
    );
    const answer = await mcp.callTool({
      name: 'remember_fact',
      arguments: { fact: 'knee injury, ibuprofen 400mg', sessionId: 's-knee' },
    });
    expect(answer.isError).toBeFalsy();
    expect(textOf(answer)).toMatch(/^Not remembered yet: it is a health detail/);
    expect(textOf(answer)).not.toMatch(/confirmed/i);
    expect((await proposals()).map((p) => p.content)).toContain('knee injury, ibuprofen 400mg');
    expect((await memories()).filter((m) => /ibuprofen/i.test(m.content))).toEqual([]);
    const block = await get('/v1/context/memory-block');
    expect(block.status).toBe(200);
    expect(JSON.stringify(block.body)).not.toMatch(/ibuprofen/i);
  });

  it('refuses a second fact in one answer, with the reason, and a fact the person did not say', async () => {
    await say(
      's-run',
      1,
      'user',
      'I prefer running in the early morning, and I want to finish a half marathon in May.',
    );
    const first = await mcp.callTool({
      name: 'remember_fact',
      arguments: { fact: 'Prefers running in the early morning', sessionId: 's-run' },
    });
    expect([first.isError ?? false, textOf(first)]).toEqual([
      false,
      expect.stringMatching(/^Remembered \(preference, memory /),
    ]);
    const second = await mcp.callTool({
      name: 'remember_fact',
      arguments: { fact: 'Wants to finish a half marathon in May', sessionId: 's-run' },
    });
    expect(second.isError).toBe(true);
    expect(textOf(second)).toMatch(/one fact per answer/);
    expect((await memories()).map((m) => m.content)).not.toContain(
      'Wants to finish a half marathon in May',
    );

    // the next message of the person opens a new answer; a fact it does not hold is still refused
    await say('s-run', 2, 'assistant', 'Early runs it is.');
    await say('s-run', 3, 'user', 'Also, I like oat milk in my coffee.');
    const unsaid = await mcp.callTool({
      name: 'remember_fact',
      arguments: { fact: 'Has a dog called Biscuit', sessionId: 's-run' },
    });
    expect(unsaid.isError).toBe(true);
    expect(textOf(unsaid)).toMatch(/current message/);
    const said = await mcp.callTool({
      name: 'remember_fact',
      arguments: { fact: 'Likes oat milk in coffee', sessionId: 's-run' },
    });
    expect(said.isError).toBeFalsy();
  });

  it('"I take melatonin most nights" offline gives a proposal, kept out of the block until both modules are on', async () => {
    const session = 's-melatonin';
    const events = [
      {
        id: randomUUID(),
        type: 'SessionStarted',
        sessionId: session,
        occurredAt: next(),
        payload: { source: 'health-coach' },
      },
      {
        id: randomUUID(),
        type: 'TurnRecorded',
        sessionId: session,
        occurredAt: next(),
        payload: { seq: 1, role: 'user', text: 'I take melatonin most nights.' },
      },
      {
        id: randomUUID(),
        type: 'TurnRecorded',
        sessionId: session,
        occurredAt: next(),
        payload: { seq: 2, role: 'assistant', text: 'Thanks for telling me.' },
      },
      {
        id: randomUUID(),
        type: 'SegmentPaused',
        sessionId: session,
        occurredAt: next(),
        payload: { segment: 1 },
      },
    ];
    await harness.http().post('/v1/events').set(auth()).send({ events }).expect(202);
    const pending = await eventually(
      () => get('/v1/proposals'),
      (r) =>
        (r.body.proposals as Array<{ content: string }>).some((p) => /melatonin/i.test(p.content)),
      60_000,
    );
    const proposal = (pending.body.proposals as Array<{ id: string; content: string }>).find((p) =>
      /melatonin/i.test(p.content),
    )!;
    expect((await memories()).filter((m) => /melatonin/i.test(m.content))).toEqual([]);
    const block = async () => JSON.stringify((await get('/v1/context/memory-block')).body);
    expect(await block()).not.toMatch(/melatonin/i);

    const settings = (body: Record<string, boolean>) =>
      harness.http().put('/v1/account/settings').set(auth()).send(body).expect(200);
    await settings({ healthModuleOn: true });
    await harness
      .http()
      .post(`/v1/proposals/${proposal.id}/confirm`)
      .set(auth())
      .send({})
      .expect((r) => expect(r.status).toBeLessThan(300));
    await eventually(memories, (list) => list.some((m) => /melatonin/i.test(m.content)), 30_000);
    // confirmed and the health module on, but the medications module still off: out of the block
    expect(await block()).not.toMatch(/melatonin/i);
    const on = await settings({ medicationsModuleOn: true });
    expect(on.body).toMatchObject({ healthModuleOn: true, medicationsModuleOn: true });
    await eventually(block, (text) => /melatonin/i.test(text), 30_000);
  });

  it('propose_plan: one per answer, three open at most, each refusal with its reason', async () => {
    const propose = (title: string) =>
      harness.http().post('/v1/plans').set(auth()).send({ sessionId: 's-plans', title });
    await say('s-plans', 1, 'user', 'I want to walk more and sleep earlier.');
    const first = await propose('Walk 30 minutes after lunch');
    expect([first.status, first.body.status]).toEqual([201, 'proposed']);
    const second = await propose('In bed by 11 on weeknights');
    expect(second.status).toBe(409);
    expect(second.body.error.message).toMatch(/one plan per answer/);

    await say('s-plans', 2, 'assistant', 'Here is a plan.');
    await say('s-plans', 3, 'user', 'Add stretching too.');
    expect((await propose('Stretch ten minutes every morning')).status).toBe(201);
    await say('s-plans', 4, 'assistant', 'Done.');
    await say('s-plans', 5, 'user', 'And drink more water.');
    expect((await propose('Two litres of water a day')).status).toBe(201);
    await say('s-plans', 6, 'assistant', 'Noted.');
    await say('s-plans', 7, 'user', 'One more: cycle to work.');
    const fourth = await propose('Cycle to work twice a week');
    expect(fourth.status).toBe(409);
    expect(fourth.body.error.message).toMatch(/3 plans are already open/);
    const open = (await get('/v1/plans')).body.plans as Array<{ status: string }>;
    expect(open.filter((p) => p.status === 'proposed')).toHaveLength(3);
  });
});
