import { randomBytes } from 'node:crypto';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { contextSourcesProjection } from '@mnemo/context-service';
import { memoryProjection } from '@mnemo/memory-service';
import { replayProjection } from '@mnemo/persistence';
import { profileProjection } from '@mnemo/profile-service';
import { startHarness, type Harness } from '../support/platform-harness';
import { personOverMcp } from '../support/person-over-mcp';
import { settleConsumers } from '../support/settle';
import { eventually, TEST_NATS_URL } from '../support/servers';

type Driver = Awaited<ReturnType<typeof personOverMcp>>;
type ToolAnswer = { isError?: boolean; content: Array<{ type: string; text?: string }> };
const textOf = (answer: unknown) =>
  (answer as ToolAnswer).content.map((c) => c.text ?? '').join('\n');

// The coach's wording, not the person's: the turn that carries the person's own words is the
// conversation, kept as such; what must not survive in clear is the proposal's text.
const SALT = randomBytes(4).toString('hex');
const PLANTED = `Takes 3 mg of Quillfeather melatonin most nights (${SALT})`;
const REASON = 'states a dose ("3 mg")';
const key = () => randomBytes(32).toString('base64');

/**
 * The proposal trail at rest (docs/memory-facts.md): a proposal's text, and the reason quoting it,
 * are sealed before they reach the log, so no stream and no table holds them in clear; the API
 * still reads them, a confirmation still saves the person's fact, and a replay rebuilds it all.
 */
describe('the proposal trail, sealed at rest', () => {
  let harness: Harness;
  let mcp: Client;
  let auth: Driver['auth'];
  let get: Driver['get'];
  let say: Driver['say'];
  let nc: NatsConnection;
  let jsm: JetStreamManager;

  beforeAll(async () => {
    harness = await startHarness({
      target: 'gateway,redaction,ingest,memory,context,profile',
      // two keys: the newest (first) seals, any opens
      env: { MNEMO_TRAIL_KEYS: `k2:${key()},k1:${key()}` },
    });
    ({ mcp, auth, get, say } = await personOverMcp(harness, {
      name: 'proposal-trail',
      source: { source: 'health-coach' },
      clockFrom: '2026-12-03T08:00:00Z',
    }));
    nc = await connect({ servers: TEST_NATS_URL });
    jsm = await jetstreamManager(nc);
  });
  afterAll(async () => {
    await mcp?.close().catch(() => undefined);
    await nc?.close();
    await harness?.stop();
  });

  const proposals = async () =>
    ((await get('/v1/proposals')).body.proposals ?? []) as Array<{
      id: string;
      content: string;
      reason: string;
    }>;
  /** Where the planted text or its reason shows in clear in `haystack`. */
  const inClear = (haystack: string) =>
    [PLANTED, REASON, `Quillfeather melatonin most nights (${SALT}`]
      .filter((planted) => haystack.toLowerCase().includes(planted.toLowerCase()))
      .map((planted) => {
        const at = haystack.toLowerCase().indexOf(planted.toLowerCase());
        return `${planted} in …${haystack.slice(Math.max(0, at - 60), at + planted.length + 20)}…`;
      });

  async function scanStreamAndTables(): Promise<{ stream: string; leaks: string[] }> {
    await settleConsumers(jsm, harness.config.MNEMO_STREAM_PREFIX, 60_000);
    const { dataSource, log } = harness.platform.infra;
    const events = [];
    for await (const batch of log.read('events', 1)) events.push(...batch);
    const stream = JSON.stringify(events);
    const leaks = inClear(stream).map((l) => `stream: ${l}`);
    const tables: Array<{ table_name: string }> = await dataSource.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 AND table_type = 'BASE TABLE'`,
      [harness.config.MNEMO_DB_SCHEMA],
    );
    expect(tables.map((t) => t.table_name)).toEqual(
      expect.arrayContaining(['memory_proposals', 'context_fact_proposals', 'profile_facts']),
    );
    for (const { table_name } of tables) {
      const rows: Array<{ row: string }> = await dataSource.query(
        `SELECT t::text AS row FROM "${table_name}" t`,
      );
      leaks.push(...inClear(rows.map((r) => r.row).join('\n')).map((l) => `${table_name}: ${l}`));
    }
    return { stream, leaks };
  }

  it('keeps no proposal text in clear in the log or any table, and still answers it', async () => {
    await say('s-trail', 1, 'user', 'I take the Quillfeather melatonin, 3 mg, most nights.');
    const answer = await mcp.callTool({
      name: 'remember_fact',
      arguments: { fact: PLANTED, sessionId: 's-trail' },
    });
    expect(textOf(answer)).toMatch(/^Not remembered yet: it is a health detail/);
    expect(await proposals()).toEqual([
      expect.objectContaining({ content: PLANTED, reason: REASON }),
    ]);
    // every copy of the proposal is written: memory's, the context's and the profile's
    const { dataSource } = harness.platform.infra;
    await eventually(
      () =>
        dataSource.query(
          `SELECT (SELECT count(*)::int FROM context_fact_proposals) AS context, (SELECT count(*)::int FROM profile_facts) AS profile`,
        ),
      (rows: Array<{ context: number; profile: number }>) =>
        rows.some((r) => r.context === 1 && r.profile === 1),
      30_000,
    );

    const { stream, leaks } = await scanStreamAndTables();
    expect(leaks).toEqual([]);
    // sealed under the newest key, the key's id stored beside the ciphertext
    expect(stream).toMatch(/"content":"trail:v1:k2:[\w-]+:[\w-]+:[\w-]+"/);
    // the person is still asked in their words: with both modules on, the block offers it
    await harness
      .http()
      .put('/v1/account/settings')
      .set(auth())
      .send({ healthModuleOn: true, medicationsModuleOn: true })
      .expect(200);
    const block = await eventually(
      async () => JSON.stringify((await get('/v1/context/memory-block')).body),
      (text) => text.includes(PLANTED),
      30_000,
    );
    expect(block).toContain(PLANTED);
  });

  it('rebuilds the proposals from the sealed log, and a confirmation saves the text it reads', async () => {
    const { dataSource, log } = harness.platform.infra;
    for (const projection of [memoryProjection, contextSourcesProjection, profileProjection])
      await replayProjection(dataSource, log, projection);
    const proposal = (await proposals()).find((p) => p.content === PLANTED);
    expect(proposal).toEqual(expect.objectContaining({ content: PLANTED, reason: REASON }));
    expect((await scanStreamAndTables()).leaks).toEqual([]);

    const confirmed = await harness
      .http()
      .post(`/v1/proposals/${String(proposal?.id)}/confirm`)
      .set(auth())
      .send({});
    expect(confirmed.status).toBeLessThan(300);
    // once confirmed it is the person's memory, kept like every other memory
    await eventually(
      async () =>
        ((await get('/v1/memories?category=All&pageSize=100')).body.memories ?? []) as Array<{
          content: string;
        }>,
      (memories) => memories.some((m) => m.content === PLANTED),
      30_000,
    );
  });
});
