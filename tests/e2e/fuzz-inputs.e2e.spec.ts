import fc from 'fast-check';
import * as grpc from '@grpc/grpc-js';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN_KEY, startHarness, type Harness } from '../support/platform-harness';
import { eventually } from '../support/servers';
import { allProjections } from '@mnemo/platform-service';
import { mutate } from '../support/fuzz/hostile.arbitrary';
import {
  namesField,
  operationsOf,
  requestsFor,
  type FuzzKeys,
  type FuzzRequest,
  type Operation,
} from '../support/fuzz/http-fuzz';
import { callRaw, rpcMethods, rpcRequests } from '../support/fuzz/grpc-fuzz';
import { validValue, type JsonSchema } from '../support/fuzz/json-schema.arbitrary';
import { send, type RawResponse } from '../support/fuzz/raw-http';
import { WriteProbe } from '../support/fuzz/write-probe';

/**
 * Every public input, fuzzed over a real socket: each operation of /openapi.json (so a new route is
 * fuzzed without a change here) and each MCP tool of tools/list. A hostile request answers 4xx with
 * the field and reason, never 5xx, and a rejected request leaves the log and the tables as they were.
 * Runs per operation are few (the whole file stays within a minute or so on a loaded 2-core machine);
 * FUZZ_RUNS raises them, FUZZ_SEED replays the seed a failure printed.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
const SEED = process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {};
const BODY_LIMIT = 256 * 1024;

/** Answers about the request's form (body, encoding, URL), given before the key is looked at. */
const TRANSPORT_REFUSALS = new Set([
  'malformed_json',
  'malformed_url',
  'payload_too_large',
  'http_415',
]);
const ERROR_CODES_WITH_ISSUES = new Set(['validation_failed', 'invalid_event']);

/** The error and how to replay it (the seed and path fast-check printed), without the whole counterexample. */
function report(details: {
  errorInstance?: unknown;
  seed: number;
  counterexamplePath?: string | null;
}): string {
  return `${String((details.errorInstance as Error)?.message ?? details.errorInstance).slice(0, 1500)}\n  replay: FUZZ_SEED=${details.seed} (path ${details.counterexamplePath})`;
}

function describeRequest(fuzz: FuzzRequest): string {
  const body = fuzz.request.body === undefined ? '' : String(fuzz.request.body).slice(0, 300);
  return `${fuzz.request.method} ${fuzz.request.path.slice(0, 300)} key=${fuzz.key} body(${fuzz.bodyKind})=${body} ${fuzz.mutation ? `[${fuzz.mutation.in}: ${fuzz.mutation.what}]` : ''}`;
}

/** What is wrong with an answer to a hostile request; null when it is a proper answer. */
function judge(operation: Operation, fuzz: FuzzRequest, response: RawResponse): string | null {
  if (response.status >= 500) return `answered ${response.status}: ${response.text.slice(0, 500)}`;
  if (response.status < 400) return null;
  // Node's own parser answers these before any route runs, without a body of ours.
  if (response.status === 431 || response.status === 414) return null;
  const code = (response.json as { error?: { code?: unknown } } | undefined)?.error?.code;
  // Without a valid key only a 401 says anything, or a refusal of the request's form before any route runs.
  if (
    fuzz.key !== 'valid' &&
    operation.auth === 'account' &&
    response.status !== 401 &&
    !TRANSPORT_REFUSALS.has(String(code))
  )
    return `a ${fuzz.key} key answered ${response.status} ${String(code)}, not 401`;
  if (operation.path === '/mcp') {
    const rpc = response.json as { jsonrpc?: string; error?: { code?: number } } | undefined;
    if (rpc?.jsonrpc === '2.0' && typeof rpc.error?.code === 'number') return null;
  }
  const error = (
    response.json as { error?: { code?: unknown; message?: unknown; issues?: unknown } } | undefined
  )?.error;
  if (!error || typeof error.code !== 'string' || typeof error.message !== 'string')
    return `a ${response.status} without { error: { code, message } }: ${response.text.slice(0, 300)}`;
  if (ERROR_CODES_WITH_ISSUES.has(error.code)) {
    const issues = error.issues as
      Array<{ path?: unknown; reason?: unknown; index?: unknown }> | undefined;
    if (!Array.isArray(issues) || issues.length === 0) return `${error.code} without issues`;
    if (
      issues.some(
        (i) => typeof i.path !== 'string' || typeof i.reason !== 'string' || i.reason.length === 0,
      )
    )
      return `an issue without path and reason: ${JSON.stringify(issues).slice(0, 300)}`;
    // A body field of the wrong type must be named, unless the path or query was refused first.
    const bodyOnly = issues.every((i) => !/^(params|query)\b/.test(String(i.path)));
    if (
      fuzz.mutation?.typeChanged &&
      fuzz.mutation.in === 'body' &&
      fuzz.bodyKind === 'json' &&
      bodyOnly &&
      !namesField(issues, fuzz.mutation)
    )
      return `the issues do not name ${fuzz.mutation.path.join('.')}: ${JSON.stringify(issues).slice(0, 300)}`;
  }
  return null;
}

describe('every public input, fuzzed', () => {
  let harness: Harness;
  let port: number;
  let keys: FuzzKeys;
  let probe: WriteProbe;
  let transcripts: string;
  let document: { paths: Record<string, Record<string, any>> };

  beforeAll(async () => {
    transcripts = await mkdtemp(path.join(tmpdir(), 'mnemo-fuzz-transcripts-'));
    harness = await startHarness({
      env: {
        MNEMO_MAX_BODY_BYTES: String(BODY_LIMIT),
        MNEMO_TRANSCRIPTS_ROOT: transcripts,
        MNEMO_SECRET_KEY: 'fuzz-secret-key-0123456789abcdef',
      },
    });
    port = harness.platform.httpPort!;
    const { apiKey } = await harness.createAccount('fuzz');
    const auth = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
    // Some data, so ids in paths can hit something of this account's.
    // Right after the start a dependency may still answer 503 for a moment.
    const memory = await eventually(
      () =>
        send(port, {
          method: 'POST',
          path: '/v1/memories',
          headers: auth,
          body: JSON.stringify({ content: 'Prefers tea over coffee', category: 'Preferences' }),
        }),
      (answer) => answer.status !== 503,
    );
    const ingest = await send(port, {
      method: 'POST',
      path: '/v1/events',
      headers: auth,
      body: JSON.stringify({
        events: [
          {
            id: randomUUID(),
            type: 'SessionStarted',
            sessionId: 's-fuzz',
            occurredAt: '2026-11-29T10:00:00Z',
            payload: { source: 'claude-code' },
          },
          {
            id: randomUUID(),
            type: 'TurnRecorded',
            sessionId: 's-fuzz',
            occurredAt: '2026-11-29T10:00:01Z',
            payload: { seq: 1, role: 'user', text: 'Remember that I like short answers' },
          },
          {
            id: randomUUID(),
            type: 'ArtifactSaved',
            sessionId: 's-fuzz',
            occurredAt: '2026-11-29T10:00:02Z',
            payload: { artifactId: 'a-fuzz', title: 'Plan', content: 'Ship the fuzz suite' },
          },
        ],
      }),
    });
    expect([memory.status, ingest.status]).toEqual([201, 202]);
    keys = {
      account: apiKey,
      admin: ADMIN_KEY,
      knownIds: ['s-fuzz', 'a-fuzz', String((memory.json as { id?: string }).id)],
      maxBodyBytes: BODY_LIMIT,
    };
    document = (await send(port, { method: 'GET', path: '/openapi.json' })).json;
    probe = await WriteProbe.open(
      harness.platform.infra.log,
      harness.platform.infra.dataSource,
      harness.config.MNEMO_DB_SCHEMA!,
    );
  });
  afterAll(async () => {
    await harness?.stop();
    if (transcripts) await rm(transcripts, { recursive: true, force: true });
  });

  it('answers hostile input on every route with a 4xx that names the field, never a 5xx, and a rejected request writes nothing', async () => {
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(40);
    const failures: string[] = [];
    for (const operation of operations) {
      const details = await fc.check(
        fc.asyncProperty(requestsFor(operation, keys), async (fuzz) => {
          const before = await probe.mark();
          const response = await send(port, fuzz.request);
          const wrong = judge(operation, fuzz, response);
          if (wrong) throw new Error(`${wrong}\n  request: ${describeRequest(fuzz)}`);
          if (response.status >= 400) {
            const writes = await probe.writesSince(
              before,
              fuzz.request.headers?.['x-correlation-id'] ?? '',
            );
            if (writes.length)
              throw new Error(
                `a rejected request (${response.status}) wrote: ${writes.join(', ')}\n  request: ${describeRequest(fuzz)}`,
              );
          }
        }),
        { numRuns: RUNS, ...SEED },
      );
      if (details.failed)
        failures.push(`${operation.method} ${operation.path}: ${report(details)}`);
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('answers hostile arguments to every MCP tool with a tool error saying why, never an internal failure', async () => {
    const rpc = (body: unknown) =>
      send(port, {
        method: 'POST',
        path: '/mcp',
        headers: {
          authorization: `Bearer ${keys.account}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'x-correlation-id': `fuzz-${randomUUID()}`,
        },
        body: JSON.stringify(body),
      });
    const listed = await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
    const tools = (
      listed.json as { result: { tools: Array<{ name: string; inputSchema: JsonSchema }> } }
    ).result.tools;
    expect(tools.length).toBeGreaterThanOrEqual(8);
    const failures: string[] = [];
    for (const tool of tools) {
      const details = await fc.check(
        fc.asyncProperty(validValue(tool.inputSchema).chain(mutate), async (mutation) => {
          const before = await probe.mark();
          const response = await rpc({
            jsonrpc: '2.0',
            id: 2,
            method: 'tools/call',
            params: { name: tool.name, arguments: mutation.value },
          });
          const answer = response.json as
            | {
                result?: { isError?: boolean; content?: Array<{ text?: string }> };
                error?: { code: number; message: string };
              }
            | undefined;
          const text = answer?.result?.content?.map((c) => c.text ?? '').join('\n') ?? '';
          const what = `${tool.name} ${mutation.what}: ${JSON.stringify(mutation.value)?.slice(0, 300)}`;
          if (response.status >= 500 || !answer)
            throw new Error(
              `answered ${response.status}: ${response.text.slice(0, 300)}\n  ${what}`,
            );
          if (answer.error && answer.error.code === -32603)
            throw new Error(`internal JSON-RPC error: ${answer.error.message}\n  ${what}`);
          if (answer.result?.isError && /Mnemo failed \(5|The tool failed|internal/i.test(text))
            throw new Error(
              `a tool error from a failure, not the input: ${text.slice(0, 300)}\n  ${what}`,
            );
          if (answer.result?.isError || answer.error) {
            const writes = await probe.writesSince(before, '');
            const own = writes.filter((w) => !w.startsWith('event'));
            if (own.length)
              throw new Error(`a rejected tool call wrote: ${own.join(', ')}\n  ${what}`);
          }
        }),
        { numRuns: RUNS, ...SEED },
      );
      if (details.failed) failures.push(`${tool.name}: ${report(details)}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers hostile messages and bytes on every gRPC method with a status naming the field, never INTERNAL, and a refused call writes nothing', async () => {
    const methods = rpcMethods();
    expect(methods.map((m) => m.path)).toEqual(
      expect.arrayContaining([
        '/mnemo.v1.IngestService/Ingest',
        '/mnemo.v1.ContextService/GetClaudeMd',
      ]),
    );
    const client = new grpc.Client(
      `127.0.0.1:${harness.platform.grpcPort}`,
      grpc.credentials.createInsecure(),
    );
    // The server's failures, as opposed to the caller's: none may answer a hostile request.
    const serverFaults = new Set([
      grpc.status.INTERNAL,
      grpc.status.UNKNOWN,
      grpc.status.DATA_LOSS,
      grpc.status.UNIMPLEMENTED,
      grpc.status.DEADLINE_EXCEEDED,
      grpc.status.UNAVAILABLE,
    ]);
    const failures: string[] = [];
    try {
      for (const method of methods) {
        const details = await fc.check(
          fc.asyncProperty(rpcRequests(method), async (fuzz) => {
            const metadata = new grpc.Metadata();
            if (fuzz.key === 'valid') metadata.set('authorization', `Bearer ${keys.account}`);
            if (fuzz.key === 'garbled') metadata.set('authorization', 'Bearer mnemo_garbled');
            const before = await probe.mark();
            const answer = await callRaw(client, method.path, fuzz.bytes, metadata);
            const what = `${method.path} key=${fuzz.key} ${fuzz.what}`;
            if (serverFaults.has(answer.code))
              throw new Error(`answered ${grpc.status[answer.code]}: ${answer.details}\n  ${what}`);
            if (fuzz.key !== 'valid' && answer.code !== grpc.status.UNAUTHENTICATED)
              throw new Error(
                `a ${fuzz.key} key answered ${grpc.status[answer.code]}, not UNAUTHENTICATED\n  ${what}`,
              );
            if (answer.code === grpc.status.INVALID_ARGUMENT && answer.details.trim().length === 0)
              throw new Error(`INVALID_ARGUMENT without a reason\n  ${what}`);
            if (answer.code !== grpc.status.OK) {
              const writes = await probe.writesSince(before, '');
              if (writes.some((w) => !w.startsWith('event')))
                throw new Error(
                  `a refused call (${grpc.status[answer.code]}) wrote: ${writes.join(', ')}\n  ${what}`,
                );
            }
          }),
          { numRuns: RUNS * 3, ...SEED },
        );
        if (details.failed) failures.push(`${method.path}: ${report(details)}`);
      }
    } finally {
      client.close();
    }
    expect(failures).toEqual([]);
  });

  it('applies every event the fuzz got accepted: no projection dead-letters one (an accepted write that cannot be stored is half-written too)', async () => {
    const { log } = harness.platform.infra;
    await eventually(
      async () =>
        (
          await Promise.all(
            allProjections().map((p) =>
              log.pending('events', `projection-${p.name}`).catch(() => 0),
            ),
          )
        ).reduce((a, b) => a + b, 0),
      (pending) => pending === 0,
      60_000,
    );
    const letters = await log.listDeadLetters();
    expect(
      letters.map(({ letter }) =>
        `${letter.service}: ${letter.event.type} ${letter.error.code} ${letter.error.message}`.slice(
          0,
          300,
        ),
      ),
    ).toEqual([]);
  }, 90_000);
});
