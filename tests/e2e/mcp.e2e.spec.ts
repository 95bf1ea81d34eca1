import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startHarness, type Harness } from '../support/platform-harness';
import { eventually } from '../support/servers';
import { closedPortUrl, MNEMO_BIN as MNEMO, silentServer } from '../support/hook-process';

const TOOLS = [
  'recall_conversation',
  'prior_work',
  'prior_decisions',
  'search_memories',
  'remember_fact',
  'get_context',
  'mark_visited',
  'recall_visited',
  'drift_since',
  'skill_candidates',
  'log_facts',
  'refactor_plans',
  'record_measurements',
  'propose_plan',
];

type ToolAnswer = { isError?: boolean; content: Array<{ type: string; text?: string }> };
const textOf = (answer: unknown) =>
  (answer as ToolAnswer).content.map((c) => c.text ?? '').join('\n');

async function stdioClient(env: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'mnemo-test', version: '1.0.0' });
  const base: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: env.HOME ?? tmpdir() };
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [MNEMO, 'mcp'],
      env: { ...base, ...env },
      stderr: 'ignore',
    }),
  );
  return client;
}

describe('the MCP server, through the SDK client', () => {
  let harness: Harness;
  let apiKey: string;
  let baseUrl: string;
  let home: string;
  const clients: Client[] = [];

  beforeAll(async () => {
    harness = await startHarness();
    ({ apiKey } = await harness.createAccount('mcp'));
    baseUrl = `http://127.0.0.1:${harness.platform.httpPort}`;
    home = await mkdtemp(path.join(tmpdir(), 'mnemo-mcp-home-'));
    const auth = { Authorization: `Bearer ${apiKey}` };
    await harness
      .http()
      .post('/v1/memories')
      .set(auth)
      .send({ content: 'Prefers pnpm over npm for monorepos', category: 'Preferences' })
      .expect(201);
    await harness
      .http()
      .post('/v1/events')
      .set(auth)
      .send({
        events: [
          {
            id: randomUUID(),
            type: 'SessionStarted',
            sessionId: 's-mcp',
            occurredAt: '2026-11-29T10:00:00Z',
            payload: { source: 'claude-code' },
          },
          {
            id: randomUUID(),
            type: 'TurnRecorded',
            sessionId: 's-mcp',
            occurredAt: '2026-11-29T10:00:01Z',
            payload: { seq: 1, role: 'user', text: 'The cache keeps failing with pool timeouts' },
          },
          {
            id: randomUUID(),
            type: 'TurnRecorded',
            sessionId: 's-mcp',
            occurredAt: '2026-11-29T10:00:02Z',
            payload: {
              seq: 2,
              role: 'assistant',
              text: 'We replaced the Redis connection pool with one multiplexed client: the pool timeouts are gone.',
            },
          },
          {
            id: randomUUID(),
            type: 'SessionStarted',
            sessionId: 's-mcp-2',
            occurredAt: '2026-11-30T10:00:00Z',
            payload: { source: 'claude-code' },
          },
          {
            id: randomUUID(),
            type: 'TurnRecorded',
            sessionId: 's-mcp-2',
            occurredAt: '2026-11-30T10:00:01Z',
            payload: {
              seq: 1,
              role: 'user',
              text: 'Are the Redis connection pool timeouts back after the multiplexed client change?',
            },
          },
        ],
      })
      .expect(202);
    await eventually(
      () =>
        harness
          .http()
          .post('/v1/recall')
          .set(auth)
          .send({ query: 'redis connection pool timeouts' }),
      (r) => r.status === 200 && r.body.hits?.length === 2,
    );
  });

  afterAll(async () => {
    for (const client of clients) await client.close().catch(() => undefined);
    await harness?.stop();
    await rm(home, { recursive: true, force: true });
  });

  const transports: Array<[string, () => Promise<Client>]> = [
    [
      'stdio (mnemo mcp)',
      async () =>
        stdioClient({
          HOME: home,
          MNEMO_URL: baseUrl,
          MNEMO_API_KEY: apiKey,
          MNEMO_STATE_DIR: path.join(home, 'state'),
        }),
    ],
    [
      'streamable HTTP (/mcp on the gateway)',
      async () => {
        const client = new Client({ name: 'mnemo-test', version: '1.0.0' });
        await client.connect(
          new StreamableHTTPClientTransport(new URL('/mcp', baseUrl), {
            requestInit: { headers: { Authorization: `Bearer ${apiKey}` } },
          }),
        );
        return client;
      },
    ],
  ];

  describe.each(transports)('over %s', (transportName, connect) => {
    let client: Client;
    beforeAll(async () => {
      client = await connect();
      clients.push(client);
    });

    it('lists the fourteen tools, each with a description and every argument described', async () => {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(TOOLS);
      for (const tool of tools) {
        expect(tool.description?.length).toBeGreaterThan(100);
        const properties = (tool.inputSchema.properties ?? {}) as Record<
          string,
          { description?: string }
        >;
        expect(Object.keys(properties).length).toBeGreaterThan(0);
        for (const [name, schema] of Object.entries(properties))
          expect([name, schema.description]).toEqual([name, expect.stringMatching(/\w{3}/)]);
      }
    });

    it('searches memories and remembers a new fact that search then finds', async () => {
      const found = await client.callTool({
        name: 'search_memories',
        arguments: { query: 'pnpm monorepos' },
      });
      expect(found.isError).toBeFalsy();
      expect(textOf(found)).toContain('Prefers pnpm over npm for monorepos');

      // one fact per transport, in words of its own: the two runs share an account, and the second
      // `remember_fact` of a fact the first kept would update it rather than add one. The fact is one
      // the person said in their current message (memory's rule for remember_fact).
      const fact = `Deploys the ${transportName.split(' ')[0]} demo with Fly.io from the ${randomUUID().slice(0, 8)} branch`;
      const sessionId = `s-mcp-fact-${transportName.split(' ')[0]}`;
      await harness
        .http()
        .post('/v1/events')
        .set({ Authorization: `Bearer ${apiKey}` })
        .send({
          events: [
            {
              id: randomUUID(),
              type: 'TurnRecorded',
              sessionId,
              occurredAt: '2026-11-30T11:00:00Z',
              payload: { seq: 1, role: 'user', text: `Note that ${fact.toLowerCase()}.` },
            },
          ],
        })
        .expect(202);
      const saved = await eventually(
        () =>
          client.callTool({
            name: 'remember_fact',
            arguments: { fact, category: 'Facts', sessionId },
          }),
        // until ingest has the message, there is no current message to remember from
        (answer) => !textOf(answer).includes('a message of the person'),
      );
      expect(saved.isError).toBeFalsy();
      expect(textOf(saved)).toContain(fact);
      const again = await eventually(
        () =>
          client.callTool({
            name: 'search_memories',
            arguments: { query: fact.split(' ').at(-2)! },
          }),
        (answer) => textOf(answer).includes(fact),
      );
      expect(again.isError).toBeFalsy();
    });

    it("records the user's own measurements and reads them back with their usual range", async () => {
      // each transport records the same ids, so the second one's batch is all duplicates; the band is
      // the median 58.25 ± 2 × 1.4826 × MAD 0.5 (docs/day-series.md)
      const measurements = [7000, 8000, 9000, 8500].map((value, i) => ({
        metric: 'resting_hr_mcp',
        value: 50 + value / 1000,
        unit: 'bpm',
        day: `2026-11-0${i + 1}`,
        source: 'watch',
        id: `mcp-hr-${i}`,
      }));
      const recorded = await client.callTool({
        name: 'record_measurements',
        arguments: { measurements },
      });
      expect([recorded.isError, textOf(recorded)]).toEqual([
        undefined,
        expect.stringMatching(/^Recorded (4 measurements|0 measurements \(4 already known\))\.$/),
      ]);
      const read = await eventually(
        () =>
          client.callTool({
            name: 'record_measurements',
            arguments: { action: 'read', metric: 'resting_hr_mcp' },
          }),
        (answer) => textOf(answer).includes('4 days'),
      );
      expect(textOf(read)).toBe(
        'resting_hr_mcp (bpm, daily median): 4 days in the last 28; latest 2026-11-04: 58.5 bpm; usually 56.77–59.73 bpm (median 58.25)',
      );
    });

    it('gets the memory block and the CLAUDE.md, which names the saved preference', async () => {
      const block = await client.callTool({
        name: 'get_context',
        arguments: { kind: 'memory_block' },
      });
      expect(block.isError).toBeFalsy();
      const claudeMd = await eventually(
        () =>
          client.callTool({
            name: 'get_context',
            arguments: { kind: 'claude_md', sessionId: 's-mcp' },
          }),
        (answer) => textOf(answer).includes('pnpm'),
      );
      expect(claudeMd.isError).toBeFalsy();
    });

    it('recalls past conversations, a page at a time with a cursor', async () => {
      const first = await client.callTool({
        name: 'recall_conversation',
        arguments: { query: 'redis connection pool timeouts', limit: 1 },
      });
      expect(first.isError).toBeFalsy();
      const text = textOf(first);
      expect(text).toMatch(/^1\. \[\d\.\d\d\] 2026-11-\d\d · session s-mcp(-2)? · turns \d/);
      const cursor = text.match(/cursor "([^"]+)"/)?.[1];
      expect(cursor).toBeDefined();
      const second = await client.callTool({
        name: 'recall_conversation',
        arguments: { query: 'redis connection pool timeouts', limit: 1, cursor },
      });
      expect(textOf(second)).toMatch(/^2\. /);
      const sessions = [text, textOf(second)]
        .map((t) => t.match(/session (s-mcp(-2)?) /)?.[1])
        .sort();
      expect(sessions).toEqual(['s-mcp', 's-mcp-2']);
    });

    it('marks code as visited and lists it back for the session', async () => {
      const marked = await client.callTool({
        name: 'mark_visited',
        arguments: {
          path: 'src/cache/redis.ts',
          startLine: 10,
          endLine: 40,
          symbol: 'createClient',
          note: 'the client is created here',
          sessionId: 's-mcp',
        },
      });
      expect(marked.isError).toBeFalsy();
      expect(textOf(marked)).toBe(
        'Marked src/cache/redis.ts:10-40 createClient as visited in session s-mcp.',
      );
      const listed = await client.callTool({
        name: 'recall_visited',
        arguments: { sessionId: 's-mcp', filter: 'cache/' },
      });
      expect(textOf(listed)).toMatch(
        /^1\. src\/cache\/redis\.ts:10-40 createClient \(2\d{3}-\d\d-\d\d \d\d:\d\d\)\n {3}the client is created here$/,
      );
      const none = await client.callTool({
        name: 'recall_visited',
        arguments: { sessionId: 's-mcp', filter: 'billing/' },
      });
      expect(textOf(none)).toBe('Nothing marked as visited in session s-mcp matching "billing/".');
    });

    it('answers drift_since from snapshots sent as events, redacted on the way in', async () => {
      const symbol = (name: string, signature: string, bodyHash: string) => ({
        name,
        kind: 'function',
        signature,
        startLine: 1,
        endLine: 3,
        bodyHash,
      });
      const snapshot = (at: string, contentHash: string, symbols: unknown[]) => ({
        id: randomUUID(),
        type: 'SymbolSnapshotRecorded',
        sessionId: 's-drift',
        occurredAt: at,
        payload: {
          project: '/repo-drift',
          path: 'src/items.ts',
          language: 'typescript',
          contentHash: contentHash.repeat(64),
          lineCount: 3,
          symbols,
        },
      });
      const secret = 'ghp_' + 'Xy7'.repeat(12);
      await harness
        .http()
        .post('/v1/events')
        .set({ Authorization: `Bearer ${apiKey}` })
        .send({
          events: [
            snapshot('2026-12-01T10:00:00Z', 'a', [
              symbol('load', 'function load(id: string)', '1'.repeat(16)),
            ]),
            snapshot('2026-12-04T10:00:00Z', 'b', [
              symbol('fetchItem', 'function fetchItem(id: string)', '1'.repeat(16)),
              symbol('token', `function token(t = '${secret}')`, '2'.repeat(16)),
            ]),
          ],
        })
        .expect(202);
      const ask = (since: string) =>
        client.callTool({
          name: 'drift_since',
          arguments: { path: '/repo-drift/src/items.ts', since },
        });
      const text = textOf(
        await eventually(
          () => ask('2026-12-02'),
          (answer) => textOf(answer).includes('fetchItem'),
        ),
      );
      expect(text.split('\n').slice(1)).toEqual([
        "+ L1-L3 function token(t = '[REDACTED:github_token]')",
        '» L1-L3 function load → fetchItem',
      ]);
      expect(textOf(await ask('2026-11-01'))).toMatch(
        /^No snapshot of src\/items\.ts at or before 2026-11-01; the first is from 2026-12-01 10:00: no delta to give\./,
      );
    });

    it('answers prior work and prior decisions (none yet) without an error', async () => {
      const work = await client.callTool({
        name: 'prior_work',
        arguments: { file: 'src/cache/nothing-here.ts' },
      });
      expect([work.isError, textOf(work)]).toEqual([
        undefined,
        'No earlier session worked on src/cache/nothing-here.ts.',
      ]);
      const decisions = await client.callTool({
        name: 'prior_decisions',
        arguments: { query: 'graphql federation' },
      });
      expect(decisions.isError).toBeFalsy();
      expect(textOf(decisions)).toBe('No earlier decision about "graphql federation".');
    });

    it.each([
      ['recall_conversation', { query: '' }, /query/],
      ['recall_visited', {}, /sessionId: required/],
      ['recall_conversation', { query: 'redis pool', limit: 500 }, /limit/],
      ['prior_work', { file: 'a.ts', task: 'add a cache' }, /exactly one of file or task/],
      ['prior_work', {}, /exactly one of file or task/],
      ['search_memories', { query: 'pnpm', category: 'Gossip' }, /category/],
      ['remember_fact', { fact: 'x'.repeat(401) }, /fact/],
      ['get_context', { kind: 'everything' }, /kind/],
      ['mark_visited', { path: 'src/a.ts', sessionId: 'bad id with spaces' }, /sessionId/],
      ['recall_conversation', { query: 'redis pool', cursor: 'not-a-cursor' }, /cursor/],
    ])(
      'answers %s with bad input %j by a tool error naming the field',
      async (name, args, reason) => {
        const answer = await client.callTool({ name, arguments: args });
        expect(answer.isError).toBe(true);
        expect(textOf(answer)).toMatch(reason);
      },
    );
  });

  it('cites a visited symbol by its lines and flags it once its body changed (stdio, where the files are)', async () => {
    const project = await mkdtemp(path.join(tmpdir(), 'mnemo-visited-'));
    const file = path.join(project, 'src', 'guard.ts');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(
      file,
      'import { x } from "y";\n\nexport class ApiKeyGuard {\n  canActivate(key: string): boolean {\n    return key === x;\n  }\n}\n',
    );
    const client = await stdioClient({
      HOME: home,
      MNEMO_URL: baseUrl,
      MNEMO_API_KEY: apiKey,
      MNEMO_STATE_DIR: path.join(home, 'state'),
      CLAUDE_PROJECT_DIR: project,
    });
    clients.push(client);
    try {
      const marked = await client.callTool({
        name: 'mark_visited',
        arguments: {
          path: 'src/guard.ts',
          symbol: 'ApiKeyGuard.canActivate',
          sessionId: 's-visit',
        },
      });
      expect(textOf(marked)).toBe(
        'Marked src/guard.ts:4-6 ApiKeyGuard.canActivate as visited in session s-visit.',
      );
      const recall = async () =>
        textOf(
          await client.callTool({ name: 'recall_visited', arguments: { sessionId: 's-visit' } }),
        );
      expect(await recall()).toContain('[unchanged since verified, now at L4-L6]');
      // a line above moves it, which is no change; a new body is
      await writeFile(file, `// moved down\n${await readFile(file, 'utf8')}`);
      expect(await recall()).toContain('[unchanged since verified, now at L5-L7]');
      await writeFile(
        file,
        (await readFile(file, 'utf8')).replace('key === x', 'timingSafeEqual(key, x)'),
      );
      expect(await recall()).toContain('[changed since verified (now L5-L7): read it again]');
    } finally {
      await rm(project, { recursive: true, force: true });
    }
  });

  describe('when Mnemo is down or does not answer (stdio)', () => {
    it('answers every tool with an error saying Mnemo is unavailable', async () => {
      const client = await stdioClient({
        HOME: home,
        MNEMO_URL: await closedPortUrl(),
        MNEMO_API_KEY: 'k',
        MNEMO_STATE_DIR: path.join(home, 'state'),
      });
      clients.push(client);
      const calls: Array<[string, Record<string, unknown>]> = [
        ['recall_conversation', { query: 'redis pool' }],
        ['prior_work', { task: 'add a cache' }],
        ['prior_decisions', { query: 'queues' }],
        ['search_memories', { query: 'pnpm' }],
        ['remember_fact', { fact: 'Uses vim', sessionId: 's-1' }],
        ['get_context', { kind: 'claude_md', sessionId: 's-1' }],
        ['mark_visited', { path: 'src/a.ts', sessionId: 's-1' }],
        ['recall_visited', { sessionId: 's-1' }],
      ];
      for (const [name, args] of calls) {
        const answer = await client.callTool({ name, arguments: args });
        expect([name, answer.isError, textOf(answer)]).toEqual([
          name,
          true,
          expect.stringMatching(/Mnemo is unavailable: .*ECONNREFUSED/),
        ]);
      }
    });

    it('answers -32602 naming the field, not -32603, to a tools/call whose arguments are not an object', async () => {
      const child = spawn(process.execPath, [MNEMO, 'mcp'], {
        env: {
          PATH: process.env.PATH ?? '',
          HOME: home,
          MNEMO_URL: await closedPortUrl(),
          MNEMO_API_KEY: 'k',
          MNEMO_STATE_DIR: path.join(home, 'state'),
        },
        stdio: ['pipe', 'pipe', 'ignore'],
      });
      try {
        const answers = createInterface({ input: child.stdout });
        const lines: string[] = [];
        answers.on('line', (line) => lines.push(line));
        const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
        send({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {
            protocolVersion: '2025-06-18',
            capabilities: {},
            clientInfo: { name: 'raw', version: '1' },
          },
        });
        await eventually(
          async () => lines.length,
          (n) => n >= 1,
        );
        send({ jsonrpc: '2.0', method: 'notifications/initialized' });
        send({
          jsonrpc: '2.0',
          id: 2,
          method: 'tools/call',
          params: { name: 'search_memories', arguments: '' },
        });
        const answer = await eventually(
          async () =>
            lines
              .map((l) => JSON.parse(l) as { id?: number; error?: unknown })
              .find((m) => m.id === 2),
          Boolean,
        );
        expect(answer?.error).toEqual({
          code: -32602,
          message: expect.stringMatching(/^Invalid params for tools\/call: params\.arguments: /),
        });
      } finally {
        child.kill();
      }
    });

    it('answers a tool error, not a hang, when Mnemo takes the connection and never answers', async () => {
      const silent = await silentServer();
      try {
        const client = await stdioClient({
          HOME: home,
          MNEMO_URL: silent.url,
          MNEMO_API_KEY: 'k',
          MNEMO_MCP_TIMEOUT_MS: '300',
          MNEMO_STATE_DIR: path.join(home, 'state'),
        });
        clients.push(client);
        const answer = await client.callTool({
          name: 'search_memories',
          arguments: { query: 'pnpm' },
        });
        expect(answer.isError).toBe(true);
        expect(textOf(answer)).toContain('no answer within 300 ms');
      } finally {
        await silent.close();
      }
    });
  });

  describe('the HTTP endpoint', () => {
    it('requires an API key', async () => {
      const response = await fetch(new URL('/mcp', baseUrl), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(response.status).toBe(401);
    });

    it('answers 405 to GET: it is stateless and opens no stream', async () => {
      const response = await fetch(new URL('/mcp', baseUrl), {
        headers: { Authorization: `Bearer ${apiKey}` },
      });
      expect(response.status).toBe(405);
    });
  });
});
