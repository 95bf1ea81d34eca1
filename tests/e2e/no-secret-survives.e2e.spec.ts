import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { settleConsumers } from '../support/settle';
import type { NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import Redis from 'ioredis';
import { GATEWAY_PROTO, PROTO_OPTIONS } from '@mnemo/context-service';
import { findLeakedWindows, plantedSecrets, plantedShapes } from '@mnemo/redaction';
import { ADMIN_KEY, startHarness, type Harness } from '../support/platform-harness';
import { appendToJournal } from '../support/journal-export';
import { eventually, TEST_NATS_URL, TEST_REDIS_URL } from '../support/servers';

/** A unary method of a client made by grpc-js from the proto: request, metadata, callback. */
type UnaryCall = (
  request: object,
  metadata: grpc.Metadata,
  callback: (error: grpc.ServiceError | null, reply: unknown) => void,
) => void;

// A salt of its own, so no other test's planted values can be confused with these. Every family the
// redactor knows is planted (its first documented form), and every shape code and config give a
// secret (compared, in an XML element, a cut JWT…); a leak is any 8-character window of a secret.
const PLANTED = {
  ...plantedSecrets('no-secret-survives'),
  ...plantedShapes('no-secret-survives'),
};
const SECRETS: Record<string, string> = Object.fromEntries(
  Object.entries(PLANTED).map(([kind, p]) => [kind, p.text]),
);
const ALL = Object.values(SECRETS).join('\n\n');
const SESSION = 'secret-session';
const SETTLE_MS = 120_000;

/** Whole samples, in order, up to `max` characters: a cut sample would plant half a secret. */
function wholeSamples(max: number): string {
  let out = '';
  for (const sample of Object.values(SECRETS)) {
    if (out.length + sample.length + 2 > max) break;
    out += `${sample}\n\n`;
  }
  return out;
}

/** The planted secrets some 8-character window of which shows in `haystack`: kind, window and where. */
const leaks = (haystack: string): string[] =>
  findLeakedWindows(haystack, PLANTED).map(({ kind, window }) => {
    const at = haystack.indexOf(window);
    return `${kind}: ${window} in …${haystack.slice(Math.max(0, at - 60), at + 40)}…`;
  });

/** Every secret in a log line: a file source reads it line by line, so a secret of several lines is cut. */
const secretLogLines = (): string[] =>
  Object.values(SECRETS).flatMap((secret) =>
    secret.split('\n').map((part) => `auth: rejected ${part} for deploy`),
  );

/** Collects every log line the platform writes. */
class LogLines extends Writable {
  readonly lines: string[] = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.lines.push(chunk.toString('utf8'));
    done();
  }
}

/** One transcript whose prompt, tool input, tool result, answer and title line all carry every secret. */
function secretTranscript(cwd: string): string {
  const base = {
    sessionId: 'secret-transcript',
    cwd,
    gitBranch: 'main',
    version: '2.1.39',
    userType: 'external',
    isSidechain: false,
  };
  const at = (s: number) => `2026-11-20T10:00:${String(s).padStart(2, '0')}.000Z`;
  const lines = [
    { type: 'summary', summary: `Rotating keys ${SECRETS.github_token}`, leafUuid: 'x' },
    {
      ...base,
      type: 'user',
      uuid: 's-1',
      timestamp: at(1),
      message: { role: 'user', content: `Please use these:\n${ALL}` },
    },
    {
      ...base,
      type: 'assistant',
      uuid: 's-2',
      timestamp: at(2),
      message: {
        id: 'm1',
        role: 'assistant',
        content: [
          {
            type: 'tool_use',
            id: 'tu1',
            name: 'Write',
            input: { file_path: `${cwd}/.env`, content: ALL },
          },
        ],
      },
    },
    {
      ...base,
      type: 'user',
      uuid: 's-3',
      timestamp: at(3),
      message: {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 'tu1', content: `wrote:\n${ALL}` }],
      },
    },
    {
      ...base,
      type: 'assistant',
      uuid: 's-4',
      timestamp: at(4),
      message: {
        id: 'm2',
        role: 'assistant',
        content: [{ type: 'text', text: `Done. Stored ${ALL}` }],
      },
    },
  ];
  return `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`;
}

describe('no planted secret survives anywhere: durable and dead-letter streams, tables, API answers, Redis, logs', () => {
  let harness: Harness;
  let account: { accountId: string; apiKey: string };
  let work: string;
  let nc: NatsConnection;
  let jsm: JetStreamManager;
  let contextClient: grpc.Client & Record<string, UnaryCall>;
  const logs = new LogLines();

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'mnemo-secrets-'));
    const project = path.join(work, 'projects', '-repo');
    await mkdir(project, { recursive: true });
    await writeFile(
      path.join(project, 'secret-transcript.jsonl'),
      secretTranscript(path.join(work, 'repo')),
    );
    // the host's log sources: a tailed file and a journal, each line carrying a secret
    await writeFile(path.join(work, 'secret.log'), `${secretLogLines().join('\n')}\n`);
    await mkdir(path.join(work, 'journal'));
    await appendToJournal(path.join(work, 'journal'), [
      ...Object.values(SECRETS).map((secret) => ({
        message: `auth: rejected ${secret} for deploy`,
      })),
      // a message that is not UTF-8 arrives as bytes
      { message: Buffer.concat([Buffer.from(`token ${SECRETS.jwt} `), Buffer.from([0xff])]) },
    ]);
    harness = await startHarness({
      env: {
        MNEMO_TRANSCRIPTS_ROOT: path.join(work, 'projects'),
        LOG_LEVEL: 'debug',
        MNEMO_LOGS_FILES: path.join(work, 'secret.log'),
        MNEMO_LOGS_JOURNALD: 'true',
        MNEMO_LOGS_JOURNALD_DIRECTORY: path.join(work, 'journal'),
        MNEMO_LOGS_JOURNALD_SINCE: '2000-01-01',
        MNEMO_LOGS_OTLP: 'true',
        MNEMO_LOGS_FLUSH_MS: '100',
        MNEMO_LOGS_FILE_POLL_MS: '50',
      },
      logDestination: logs,
    });
    account = await harness.createAccount('secrets');
    nc = await connect({ servers: TEST_NATS_URL });
    jsm = await jetstreamManager(nc);
    const proto = grpc.loadPackageDefinition(
      protoLoader.loadSync(GATEWAY_PROTO, PROTO_OPTIONS),
    ) as any;
    contextClient = new proto.mnemo.v1.ContextService(
      `127.0.0.1:${harness.platform.grpcPort}`,
      grpc.credentials.createInsecure(),
    );
  });
  afterAll(async () => {
    contextClient?.close();
    await nc?.close();
    await harness?.stop();
    await rm(work, { recursive: true, force: true });
  });

  it(
    'redacts every family planted in every kind of input before it is stored or logged',
    async () => {
      const at = '2026-11-29T10:00:00Z';
      const event = (type: string, payload: unknown, sessionId = SESSION) => ({
        id: randomUUID(),
        type,
        sessionId,
        occurredAt: at,
        payload,
      });
      const events = [
        event('SessionStarted', {
          source: 'ai-coaching:interview',
          title: 'Keys',
          cwd: `/home/dev/${SECRETS.password}`,
        }),
        // a title holds one secret at most (500 characters), so every family gets a session of its own
        ...Object.entries(SECRETS)
          .filter(([, secret]) => secret.length <= 490)
          .map(([, secret], i) =>
            event('SessionStarted', { source: 'claude-code', title: `t ${secret}` }, `title-${i}`),
          ),
        event('TurnRecorded', { seq: 1, role: 'user', text: `My keys:\n${ALL}` }),
        event('TurnRecorded', {
          seq: 2,
          role: 'assistant',
          text: 'Saving them.',
          toolCalls: [
            {
              id: 'tu1',
              name: 'Bash',
              input: JSON.stringify({ command: `echo "${ALL}" > .env` }),
              result: ALL,
            },
          ],
        }),
        event('ArtifactSaved', {
          artifactId: 'a1',
          title: 'Credentials',
          content: `# Keys\n${ALL}`,
          gist: SECRETS.jwt,
        }),
        ...Object.values(SECRETS).map((secret, i) =>
          event('BookmarkAdded', { bookmarkId: `b-${i}`, text: `remember ${secret}` }),
        ),
        event('SessionOutcomeRecorded', {
          summary: wholeSamples(4000),
          firstUserTurn: SECRETS.anthropic_key,
          lastAssistantTurn: SECRETS.aws_access_key,
          filesRead: [`/tmp/${SECRETS.npm_token}`],
          filesEdited: [],
          toolsCalled: { Bash: 1 },
          commitShas: [],
          outcome: 'unknown',
        }),
      ];
      const posted = await harness
        .http()
        .post('/v1/events')
        .set('Authorization', `Bearer ${account.apiKey}`)
        .send({ events });
      expect(posted.status).toBe(202);

      const ingested = await harness
        .http()
        .post(`/v1/admin/session-ingest?accountId=${account.accountId}`)
        .set('Authorization', `Bearer ${ADMIN_KEY}`);
      expect(ingested.body).toMatchObject({ status: 'completed', sessions: 1 });

      // what a person types into the Memory Explorer goes straight to the durable log, not through MNEMO_RAW
      // (a memory holds at most 400 characters: the long families, a key file, are planted above)
      const typeable = Object.entries(SECRETS).filter(([, secret]) => secret.length <= 300);
      expect(typeable.length).toBeGreaterThan(Object.keys(SECRETS).length - 10);
      // (the content never names the kind: `duffel_token` would share a window with `duffel_test_…`)
      for (const [i, [kind, secret]] of typeable.entries()) {
        const created = await harness
          .http()
          .post('/v1/memories')
          .set('Authorization', `Bearer ${account.apiKey}`)
          .send({ factType: 'preference', content: `Keeps key ${i} as ${secret}.` });
        expect({
          kind,
          status: created.status,
          body: created.status === 201 ? null : created.body,
        }).toEqual({ kind, status: 201, body: null });
      }
      // a log line is raw input too (docs/logs.md): every family in lines pushed to the logs service
      const pushedLogs = await harness
        .http()
        .post('/v1/logs/lines')
        .set('Authorization', `Bearer ${account.apiKey}`)
        .send({
          project: 'secrets',
          unit: 'auth',
          lines: Object.values(SECRETS).map(
            (secret) => `ERROR login failed with ${secret} for bob`,
          ),
        });
      expect(pushedLogs.status).toBe(200);
      expect(pushedLogs.body.lines).toBeGreaterThan(0);
      const folded = await eventually(
        () =>
          harness
            .http()
            .get('/v1/log-facts?limit=100')
            .set('Authorization', `Bearer ${account.apiKey}`),
        // every line kept is counted (a template is seen before its window's counts arrive)
        (r) =>
          r.status === 200 &&
          (r.body.facts ?? []).reduce((n: number, f: { count: number }) => n + f.count, 0) ===
            pushedLogs.body.lines,
        SETTLE_MS,
      );
      expect(JSON.stringify(folded.body.facts)).toContain('[REDACTED:');
      // log lines pushed to the account: plain lines (what `mnemo logs ingest` sends) and OTLP
      const pushedLines = await harness
        .http()
        .post('/v1/logs/lines')
        .set('Authorization', `Bearer ${account.apiKey}`)
        .send({ project: 'secrets', lines: Object.values(SECRETS) });
      expect(pushedLines.status).toBe(200);
      const otlp = await harness
        .http()
        .post('/v1/logs?project=secrets')
        .set('Authorization', `Bearer ${account.apiKey}`)
        .send({
          resourceLogs: [
            {
              scopeLogs: [
                {
                  logRecords: Object.values(SECRETS).map((secret) => ({
                    severityText: 'ERROR',
                    body: { stringValue: `login failed with ${secret}` },
                    attributes: [{ key: 'credential', value: { stringValue: secret } }],
                  })),
                },
              ],
            },
          ],
        });
      expect(otlp.status).toBe(200);
      // the host sources have read every line they were given
      const { dataSource: db } = harness.platform.infra;
      const expectedRead = {
        [`file:${path.join(work, 'secret.log')}`]: secretLogLines().length,
        [`journald:${path.join(work, 'journal')}`]: Object.keys(SECRETS).length + 1,
      };
      await eventually(
        () =>
          db.query<Array<{ source_id: string; read: string }>>(
            `SELECT source_id, lines + skipped AS read FROM log_source_positions`,
          ),
        (rows) =>
          Object.entries(expectedRead).every(
            ([source, n]) => Number(rows.find((r) => r.source_id === source)?.read ?? 0) >= n,
          ),
        SETTLE_MS,
      );

      // every stage settles before anything is scanned: the raw queue drained, every consumer of the
      // durable stream (projections and the memory and compaction reactors) with nothing pending
      await settle();
      const api = (url: string) =>
        harness.http().get(url).set('Authorization', `Bearer ${account.apiKey}`);
      await eventually(
        () => api('/v1/sessions/secret-transcript/outcome'),
        (r) => r.status === 200,
        SETTLE_MS,
      );
      await settle();

      // the durable stream
      const stream = JSON.stringify(await readAll('events'));
      expect(stream).toContain('[REDACTED:');
      expect(leaks(stream)).toEqual([]);

      // the dead-letter stream, every message of it
      const deadLetters = await readDeadLetterStream();
      expect(leaks(deadLetters)).toEqual([]);

      // every table of this test's schema
      const { dataSource } = harness.platform.infra;
      const tables: Array<{ table_name: string }> = await dataSource.query(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 AND table_type = 'BASE TABLE'`,
        [harness.config.MNEMO_DB_SCHEMA],
      );
      expect(tables.map((t) => t.table_name)).toEqual(
        expect.arrayContaining([
          'turns',
          'sessions',
          'session_outcomes',
          'memory_facts',
          'log_templates',
        ]),
      );
      for (const { table_name } of tables) {
        const rows: Array<{ row: string }> = await dataSource.query(
          `SELECT t::text AS row FROM "${table_name}" t`,
        );
        expect({ table: table_name, leaks: leaks(rows.map((r) => r.row).join('\n')) }).toEqual({
          table: table_name,
          leaks: [],
        });
      }

      // every API answer: sessions, turns, outcome, memories (every page), search, proposals, artifacts,
      // the memory block and CLAUDE.md over HTTP and over gRPC, recall
      const answers: unknown[] = [];
      const keep = async (url: string) => {
        const response = await api(url);
        expect({ url, status: response.status }).toEqual({ url, status: 200 });
        answers.push(response.body);
        return response.body;
      };
      for (const url of [
        '/v1/sessions?limit=200',
        `/v1/sessions/${SESSION}/turns`,
        '/v1/sessions/secret-transcript/turns',
        '/v1/sessions/secret-transcript/outcome',
      ])
        await keep(url);
      const memoryCount = (await keep('/v1/memories?pageSize=100&page=1')).total as number;
      expect(memoryCount).toBeGreaterThanOrEqual(typeable.length);
      for (let page = 2; (page - 1) * 100 < memoryCount; page++)
        await keep(`/v1/memories?pageSize=100&page=${page}`);
      for (const q of ['Keeps', 'token', 'password', 'secret'])
        await keep(`/v1/memories/search?q=${q}`);
      await keep('/v1/proposals');
      const logFacts = await keep('/v1/log-facts?since=2000-01-01T00:00:00Z&limit=100');
      expect(JSON.stringify(logFacts)).toContain('[REDACTED:');
      const sources = await harness
        .http()
        .get('/v1/admin/log-sources/status')
        .set('Authorization', `Bearer ${ADMIN_KEY}`);
      expect(sources.status).toBe(200);
      answers.push(sources.body);
      const artifacts = await keep('/v1/artifacts');
      const artifactIds = JSON.stringify(artifacts).match(/"(?:id|artifactId)":"([^"]+)"/g) ?? [];
      expect(artifactIds.length).toBeGreaterThan(0);
      await keep('/v1/artifacts/a1');
      await keep(`/v1/context/claude-md?sessionId=${SESSION}&format=json`);
      await keep('/v1/context/memory-block');
      for (const q of ['', 'login', 'failed']) await keep(`/v1/log-facts?limit=100&q=${q}`);
      const recall = await harness
        .http()
        .post('/v1/recall')
        .set('Authorization', `Bearer ${account.apiKey}`)
        .send({ query: 'keys' });
      answers.push({ status: recall.status, body: recall.body });
      answers.push(
        await grpcCall('GetClaudeMd', { sessionId: SESSION }),
        await grpcCall('GetMemoryBlock', {}),
      );
      expect(answers.at(-2)).toMatchObject({ markdown: expect.any(String) });
      expect(leaks(JSON.stringify(answers))).toEqual([]);

      // every Redis key under this test's prefix (the context reads above filled the cache)
      const redis = new Redis(TEST_REDIS_URL);
      try {
        const dump: string[] = [];
        let cursor = '0';
        do {
          const [next, keys] = await redis.scan(
            cursor,
            'MATCH',
            `${harness.config.MNEMO_CACHE_PREFIX}*`,
            'COUNT',
            500,
          );
          cursor = next;
          for (const key of keys) dump.push(key, JSON.stringify(await redisValue(redis, key)));
        } while (cursor !== '0');
        expect(dump.length).toBeGreaterThan(0);
        expect(leaks(dump.join('\n'))).toEqual([]);
      } finally {
        redis.disconnect();
      }

      // the logs, at debug level
      expect(logs.lines.length).toBeGreaterThan(0);
      expect(leaks(logs.lines.join(''))).toEqual([]);
    },
    10 * 60_000,
  );

  const settle = () => settleConsumers(jsm, harness.config.MNEMO_STREAM_PREFIX, SETTLE_MS);

  async function readDeadLetterStream(): Promise<string> {
    const name = `${harness.config.MNEMO_STREAM_PREFIX}_DLQ`;
    const { first_seq: first, last_seq: last } = (await jsm.streams.info(name)).state;
    const letters: string[] = [];
    for (let seq = Math.max(1, first); seq <= last; seq++) {
      const message = await jsm.streams.getMessage(name, { seq }).catch(() => null);
      if (message) letters.push(new TextDecoder().decode(message.data));
    }
    return letters.join('\n');
  }

  function grpcCall(method: string, request: object): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const metadata = new grpc.Metadata();
      metadata.set('authorization', `Bearer ${account.apiKey}`);
      const call = contextClient[method];
      if (!call) throw new Error(`the context service has no method ${method}`);
      call.call(
        contextClient,
        request,
        metadata,
        (error: grpc.ServiceError | null, reply: unknown) =>
          error ? reject(error) : resolve(reply),
      );
    });
  }

  async function readAll(stream: 'events' | 'raw') {
    const all = [];
    for await (const batch of harness.platform.infra.log.read(stream, 1)) all.push(...batch);
    return all;
  }
});

async function redisValue(redis: Redis, key: string): Promise<unknown> {
  switch (await redis.type(key)) {
    case 'string':
      return redis.get(key);
    case 'hash':
      return redis.hgetall(key);
    case 'list':
      return redis.lrange(key, 0, -1);
    case 'set':
      return redis.smembers(key);
    case 'zset':
      return redis.zrange(key, 0, -1, 'WITHSCORES');
    case 'stream':
      return redis.xrange(key, '-', '+');
    default:
      return null;
  }
}
