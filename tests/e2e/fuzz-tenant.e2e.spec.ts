import fc from 'fast-check';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { startHarness, type Harness } from '../support/platform-harness';
import { eventually } from '../support/servers';
import { operationsOf, type Operation } from '../support/fuzz/http-fuzz';
import { validValue, type JsonSchema } from '../support/fuzz/json-schema.arbitrary';
import {
  encodeComponent,
  openEventStream,
  queryString,
  send,
  type RawResponse,
} from '../support/fuzz/raw-http';
import { PROTO_DIR } from '../support/fuzz/grpc-fuzz';
import { itemAt } from '@mnemo/testing';

/**
 * The tenant fuzz: account B, holding every id of account A's data (sessions, memories, artifacts,
 * plans, takes, proposals, insights, keys), drives random requests over HTTP, gRPC, the change stream
 * and MCP. Nothing of A's may come back (A's text carries a canary word B never wrote), nothing of
 * A's may change (A's read APIs answer the same before and after), and a key that is A's with one
 * character off, cut short or garbled is a 401. FUZZ_RUNS and FUZZ_SEED as in fuzz-inputs.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const SEED = process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {};
const CANARY = `quokka${randomBytes(4).toString('hex')}`;

/** A's read APIs: what must read the same after B's requests. */
const A_READS = [
  '/v1/sessions',
  '/v1/sessions/s-a/turns',
  '/v1/sessions/s-a/visited',
  '/v1/memories',
  '/v1/proposals',
  '/v1/artifacts',
  '/v1/artifacts/art-a?level=full',
  '/v1/plans',
  '/v1/reminders',
  '/v1/insights',
  '/v1/life-inventory/takes',
  '/v1/llm-keys',
  '/v1/account/settings',
];

type Account = { accountId: string; apiKey: string };

describe("one account never reads or changes another's data, whatever ids and keys it sends", () => {
  let harness: Harness;
  let port: number;
  let a: Account;
  let b: Account;
  let aIds: string[];
  let before: Record<string, string>;
  let operations: Operation[];

  const as = (
    account: Account | string,
    method: string,
    url: string,
    body?: unknown,
    extra: Record<string, string> = {},
  ) =>
    send(port, {
      method,
      path: url,
      headers: {
        authorization: typeof account === 'string' ? account : `Bearer ${account.apiKey}`,
        'x-correlation-id': `tenant-fuzz-${randomUUID()}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...extra,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  /** A's data as its read APIs show it, ids and all, without the fields that move by themselves. */
  async function snapshotOfA(): Promise<Record<string, string>> {
    const entries = await Promise.all(
      A_READS.map(async (url) => {
        const answer = await as(a, 'GET', url);
        return [
          url,
          `${answer.status} ${answer.text.replace(/"(generatedAt|serverTime|now|expiresAt|lastSeenAt)":"[^"]*"/g, '')}`,
        ] as const;
      }),
    );
    return Object.fromEntries(entries);
  }

  const leaks = (answer: RawResponse | string) =>
    (typeof answer === 'string' ? answer : answer.text).includes(CANARY);

  beforeAll(async () => {
    harness = await startHarness({
      env: { MNEMO_SECRET_KEY: 'tenant-secret-key-0123456789abcdef' },
    });
    port = harness.platform.httpPort!;
    a = await harness.createAccount('tenant-a');
    b = await harness.createAccount('tenant-b');
    const at = (s: number) => new Date(Date.UTC(2026, 10, 29, 10, 0, s)).toISOString();
    const event = (type: string, s: number, payload: unknown, sessionId = 's-a') => ({
      id: randomUUID(),
      type,
      sessionId,
      occurredAt: at(s),
      payload,
    });
    const seeded = await as(a, 'POST', '/v1/events', {
      events: [
        event('SessionStarted', 0, {
          source: 'claude-code',
          title: `Planning ${CANARY}`,
          project: '/repo/a',
          developer: 'ann',
        }),
        event('TurnRecorded', 1, {
          seq: 1,
          role: 'user',
          text: `My secret project is ${CANARY} and I prefer tea`,
        }),
        event('TurnRecorded', 2, {
          seq: 2,
          role: 'assistant',
          text: `Noted: ${CANARY} stays between us.`,
        }),
        event('ArtifactSaved', 3, {
          artifactId: 'art-a',
          title: `Notes ${CANARY}`,
          content: `The ${CANARY} plan in full`,
          gist: `${CANARY} gist`,
        }),
        event('PlanProposed', 4, {
          planId: 'plan-a',
          title: `Ship ${CANARY}`,
          steps: [`step ${CANARY}`],
        }),
        event('ReminderSet', 5, { reminderId: 'rem-a', text: `Call about ${CANARY}` }),
        event('BookmarkAdded', 6, { bookmarkId: 'bm-a', text: `Bookmark ${CANARY}`, turnSeq: 1 }),
        event('SessionOutcomeRecorded', 7, {
          summary: `Worked on ${CANARY}`,
          firstUserTurn: CANARY,
          lastAssistantTurn: CANARY,
          filesRead: [`src/${CANARY}.ts`],
          filesEdited: [],
          toolsCalled: {},
          commitShas: [],
          outcome: 'merged',
        }),
      ],
    });
    expect(seeded.status).toBe(202);
    const memory = await eventually(
      () =>
        as(a, 'POST', '/v1/memories', { content: `Loves ${CANARY} tea`, category: 'Preferences' }),
      (r) => r.status !== 503,
    );
    expect(memory.status).toBe(201);
    const take = await as(a, 'POST', '/v1/life-inventory/takes', { inventoryType: 'life-wheel' });
    await as(a, 'POST', '/v1/sessions/s-a/visited', { path: `src/${CANARY}.ts`, note: CANARY });
    await as(a, 'PUT', '/v1/llm-keys', {
      apiKey: `sk-ant-api03-${randomBytes(20).toString('hex')}`,
      label: CANARY,
    });
    // A's data is in every read model before the fuzz starts, so "unchanged" compares settled views.
    await eventually(
      () => as(a, 'GET', '/v1/sessions/s-a/turns'),
      (r) => r.status === 200 && leaks(r),
    );
    await eventually(
      () => as(a, 'GET', '/v1/artifacts/art-a?level=full'),
      (r) => r.status === 200 && leaks(r),
    );
    await eventually(
      () => as(a, 'GET', '/v1/plans'),
      (r) => leaks(r),
    );
    await eventually(
      () => as(a, 'GET', '/v1/memories'),
      (r) => leaks(r),
    );
    const ids = await Promise.all(
      [
        '/v1/memories',
        '/v1/proposals',
        '/v1/insights',
        '/v1/llm-keys',
        '/v1/life-inventory/takes',
      ].map((url) => as(a, 'GET', url)),
    );
    const found = new Set<string>([
      's-a',
      'art-a',
      'plan-a',
      'rem-a',
      'bm-a',
      a.accountId,
      String((memory.json as { id?: string }).id),
      String(
        (take.json as { id?: string; takeId?: string })?.takeId ??
          (take.json as { id?: string })?.id,
      ),
    ]);
    for (const answer of ids)
      for (const match of answer.text.matchAll(
        /"(?:id|takeId|keyId|proposalId|insightId)":"([^"]+)"/g,
      ))
        found.add(itemAt(match, 1));
    aIds = [...found].filter((id) => id !== 'undefined');
    operations = operationsOf(
      (await send(port, { method: 'GET', path: '/openapi.json' })).json,
    ).filter((o) => o.auth === 'account');
    before = await snapshotOfA();
  });
  afterAll(async () => harness?.stop());

  /** A request as B (or with a key that is almost A's), its ids and id-like fields all A's. */
  function requestsAsB(operation: Operation) {
    const id = fc.constantFrom(...aIds);
    const key = fc.oneof(
      { weight: 6, arbitrary: fc.constant({ kind: 'b', header: `Bearer ${b.apiKey}` }) },
      fc.constantFrom(
        {
          kind: 'garbled',
          header: `Bearer ${a.apiKey.slice(0, -1)}${a.apiKey.endsWith('x') ? 'y' : 'x'}`,
        },
        { kind: 'garbled', header: `Bearer ${a.apiKey.slice(0, -4)}` },
        { kind: 'garbled', header: `Bearer ${a.apiKey}${b.apiKey.slice(-4)}` },
        { kind: 'garbled', header: `Bearer ${a.accountId}` },
        { kind: 'garbled', header: `Bearer ${randomBytes(24).toString('hex')}` },
      ),
    );
    // Every field that names a session, an account or a thing by id is given one of A's.
    const withAIds = (schema: JsonSchema | null) =>
      schema
        ? fc
            .tuple(validValue(schema), id, fc.array(id, { minLength: 1, maxLength: 3 }))
            .map(([value, one, many]) =>
              JSON.parse(JSON.stringify(value ?? {}), (k, v) =>
                /^(sessionIds|pinned)$/.test(k)
                  ? many
                  : /(^id$|Id$|^sessionId$)/.test(k) && typeof v === 'string'
                    ? one
                    : v,
              ),
            )
        : fc.constant(undefined);
    return fc.record({
      params: fc.array(id, {
        minLength: operation.pathParams.length,
        maxLength: operation.pathParams.length,
      }),
      query: withAIds(operation.query),
      body: withAIds(operation.body),
      key,
      extraQuery: fc.record(
        { accountId: fc.constant(a.accountId), sessionId: id },
        { requiredKeys: [] },
      ),
    });
  }

  it("answers B nothing of A's over HTTP, changes nothing of A's, and answers a key that is almost A's with 401", async () => {
    expect(aIds.length).toBeGreaterThanOrEqual(7);
    const failures: string[] = [];
    for (const operation of operations) {
      const details = await fc.check(
        fc.asyncProperty(
          requestsAsB(operation),
          async ({ params, query, body, key, extraQuery }) => {
            let i = 0;
            const url =
              operation.path.replace(/\{[^}]+\}/g, () => encodeComponent(params[i++] ?? '')) +
              queryString({ ...extraQuery, ...(query ?? {}) });
            const answer = await as(
              key.header,
              operation.method,
              url,
              ['POST', 'PUT', 'PATCH'].includes(operation.method) ? (body ?? {}) : undefined,
              operation.path === '/mcp' ? { accept: 'application/json, text/event-stream' } : {},
            );
            const what = `${operation.method} ${url} key=${key.kind} body=${JSON.stringify(body)?.slice(0, 300)}`;
            if (key.kind === 'garbled' && answer.status !== 401)
              throw new Error(`a garbled key answered ${answer.status}\n  ${what}`);
            if (answer.status >= 500)
              throw new Error(`answered ${answer.status}: ${answer.text.slice(0, 300)}\n  ${what}`);
            if (leaks(answer))
              throw new Error(`B read A's data: ${answer.text.slice(0, 500)}\n  ${what}`);
          },
        ),
        { numRuns: RUNS, ...SEED },
      );
      if (details.failed)
        failures.push(
          `${operation.method} ${operation.path}: ${String((details.errorInstance as Error)?.message).slice(0, 1200)}\n  replay: FUZZ_SEED=${details.seed}`,
        );
    }
    expect(failures).toEqual([]);
    expect(await snapshotOfA()).toEqual(before);
  }, 300_000);

  it("answers B nothing of A's over MCP, whichever of A's ids the tools are given", async () => {
    const rpc = (body: unknown) =>
      as(b, 'POST', '/mcp', body, { accept: 'application/json, text/event-stream' });
    const tools = (
      (await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} })).json as {
        result: { tools: Array<{ name: string; inputSchema: JsonSchema }> };
      }
    ).result.tools;
    expect(tools.map((t) => t.name)).toEqual(
      expect.arrayContaining([
        'search_memories',
        'remember_fact',
        'recall_conversation',
        'mark_visited',
      ]),
    );
    const failures: string[] = [];
    for (const tool of tools) {
      // Words from A's text (never the canary itself: a tool may echo its query)
      const args = fc
        .tuple(
          validValue(tool.inputSchema),
          fc.constantFrom(...aIds),
          fc.constantFrom('tea', 'secret project', 'plan in full', 'biscuits'),
        )
        .map(([value, one, words]) =>
          JSON.parse(JSON.stringify(value ?? {}), (k, v) =>
            k === 'sessionIds'
              ? [one]
              : /(^id$|Id$|^sessionId$)/.test(k) && typeof v === 'string'
                ? one
                : /^(query|q|task|text|content)$/.test(k)
                  ? words
                  : v,
          ),
        );
      const details = await fc.check(
        fc.asyncProperty(args, async (input) => {
          const answer = await rpc({
            jsonrpc: '2.0',
            id: 2,
            method: 'tools/call',
            params: { name: tool.name, arguments: input },
          });
          if (answer.status >= 500)
            throw new Error(`answered ${answer.status}: ${answer.text.slice(0, 300)}`);
          if (leaks(answer))
            throw new Error(
              `B read A's data through ${tool.name}(${JSON.stringify(input)}): ${answer.text.slice(0, 500)}`,
            );
        }),
        { numRuns: RUNS, ...SEED },
      );
      if (details.failed)
        failures.push(
          `${tool.name}: ${String((details.errorInstance as Error)?.message).slice(0, 1200)}\n  replay: FUZZ_SEED=${details.seed}`,
        );
    }
    expect(failures).toEqual([]);
    expect(await snapshotOfA()).toEqual(before);
  }, 120_000);

  it("answers B nothing of A's over gRPC, and its ingest under A's session ids lands in B's account only", async () => {
    const load = (file: string) =>
      grpc.loadPackageDefinition(
        protoLoader.loadSync(path.join(PROTO_DIR, file), {
          keepCase: false,
          longs: Number,
          enums: String,
          defaults: true,
          oneofs: true,
        }),
      ) as any;
    const context = new (load('gateway.proto').mnemo.v1.ContextService)(
      `127.0.0.1:${harness.platform.grpcPort}`,
      grpc.credentials.createInsecure(),
    );
    const ingest = new (load('events.proto').mnemo.v1.IngestService)(
      `127.0.0.1:${harness.platform.grpcPort}`,
      grpc.credentials.createInsecure(),
    );
    const call = (client: any, method: string, request: unknown, key: string) =>
      new Promise<{ code: number; reply: unknown }>((resolve) => {
        const metadata = new grpc.Metadata();
        metadata.set('authorization', key);
        client[method](request, metadata, (error: grpc.ServiceError | null, reply: unknown) =>
          resolve({ code: error ? error.code : 0, reply }),
        );
      });
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...aIds),
          fc.array(fc.constantFrom(...aIds), { maxLength: 3 }),
          fc.boolean(),
          async (sessionId, pinned, garbled) => {
            const key = garbled ? `Bearer ${a.apiKey.slice(0, -2)}` : `Bearer ${b.apiKey}`;
            const md = await call(
              context,
              'getClaudeMd',
              {
                sessionId: /^[A-Za-z0-9_\-:]+$/.test(sessionId) ? sessionId : 's-a',
                pinned,
                source: '',
                isRedo: false,
              },
              key,
            );
            const block = await call(context, 'getMemoryBlock', {}, key);
            if (garbled)
              expect([md.code, block.code]).toEqual([
                grpc.status.UNAUTHENTICATED,
                grpc.status.UNAUTHENTICATED,
              ]);
            expect(JSON.stringify([md.reply, block.reply])).not.toContain(CANARY);
          },
        ),
        { numRuns: RUNS * 2, ...SEED },
      );
      // B sends events under A's session id and A's artifact id: they are B's.
      const sent = await call(
        ingest,
        'ingest',
        {
          events: [
            {
              id: randomUUID(),
              sessionId: 's-a',
              occurredAt: new Date().toISOString(),
              artifactSaved: { artifactId: 'art-a', title: 'B owns this', content: 'B content' },
            },
          ],
        },
        `Bearer ${b.apiKey}`,
      );
      expect(sent).toMatchObject({ code: 0, reply: { accepted: 1 } });
      await eventually(
        () => as(b, 'GET', '/v1/artifacts/art-a?level=full'),
        (r) => r.status === 200 && r.text.includes('B content'),
      );
    } finally {
      context.close();
      ingest.close();
    }
    expect(await snapshotOfA()).toEqual(before);
  }, 120_000);

  it("streams B its own memory changes and never one of A's", async () => {
    const stream = openEventStream(port, '/v1/memories/stream', {
      authorization: `Bearer ${b.apiKey}`,
    });
    try {
      expect(await stream.status).toBe(200);
      const garbled = await send(port, {
        method: 'GET',
        path: '/v1/memories/stream',
        headers: { authorization: `Bearer ${a.apiKey.slice(0, -1)}` },
      });
      expect(garbled.status).toBe(401);
      // A changes its memories while B listens; then B changes one of its own, which B must see.
      const aMemory = await as(a, 'POST', '/v1/memories', {
        content: `Also ${CANARY} biscuits`,
        category: 'Preferences',
      });
      expect(aMemory.status).toBe(201);
      await as(a, 'DELETE', `/v1/memories/${String((aMemory.json as { id: string }).id)}`);
      const bMemory = await as(b, 'POST', '/v1/memories', {
        content: 'B likes oolong',
        category: 'Preferences',
      });
      expect(bMemory.status).toBe(201);
      const bId = String((bMemory.json as { id: string }).id);
      // The stream names changes by id: B's shows up, and none of A's ids (the new one or those seeded) ever do.
      await eventually(
        async () => stream.data.join('\n'),
        (text) => text.includes(bId),
      );
      const aMemoryIds = [String((aMemory.json as { id: string }).id), ...aIds];
      expect(
        aMemoryIds.filter((id) => id.length > 8 && stream.data.join('\n').includes(id)),
      ).toEqual([]);
      expect(stream.data.join('\n')).not.toContain(CANARY);
    } finally {
      stream.close();
    }
  });
});
