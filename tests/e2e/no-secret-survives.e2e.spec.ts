import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Redis from 'ioredis';
import { findPlantedSecrets, sampleSecrets } from '@mnemo/redaction';
import { allProjections } from '@mnemo/platform-service';
import { ADMIN_KEY, startHarness, type Harness } from '../support/platform-harness';
import { eventually, TEST_REDIS_URL } from '../support/servers';

// A salt of its own, so no other test's planted values can be confused with these.
const SECRETS = sampleSecrets('no-secret-survives');
const ALL = Object.values(SECRETS).join('\n\n');
const SESSION = 'secret-session';

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
  const base = { sessionId: 'secret-transcript', cwd, gitBranch: 'main', version: '2.1.39', userType: 'external', isSidechain: false };
  const at = (s: number) => `2026-11-20T10:00:${String(s).padStart(2, '0')}.000Z`;
  const lines = [
    { type: 'summary', summary: `Rotating keys ${SECRETS.github_token}`, leafUuid: 'x' },
    { ...base, type: 'user', uuid: 's-1', timestamp: at(1), message: { role: 'user', content: `Please use these:\n${ALL}` } },
    {
      ...base, type: 'assistant', uuid: 's-2', timestamp: at(2),
      message: { id: 'm1', role: 'assistant', content: [{ type: 'tool_use', id: 'tu1', name: 'Write', input: { file_path: `${cwd}/.env`, content: ALL } }] },
    },
    { ...base, type: 'user', uuid: 's-3', timestamp: at(3), message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'tu1', content: `wrote:\n${ALL}` }] } },
    { ...base, type: 'assistant', uuid: 's-4', timestamp: at(4), message: { id: 'm2', role: 'assistant', content: [{ type: 'text', text: `Done. Stored ${ALL}` }] } },
  ];
  return `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`;
}

describe('no planted secret survives anywhere: durable stream, tables, Redis, logs', () => {
  let harness: Harness;
  let account: { accountId: string; apiKey: string };
  let work: string;
  const logs = new LogLines();

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'mnemo-secrets-'));
    const project = path.join(work, 'projects', '-repo');
    await mkdir(project, { recursive: true });
    await writeFile(path.join(project, 'secret-transcript.jsonl'), secretTranscript(path.join(work, 'repo')));
    harness = await startHarness({ env: { MNEMO_TRANSCRIPTS_ROOT: path.join(work, 'projects'), LOG_LEVEL: 'debug' }, logDestination: logs });
    account = await harness.createAccount('secrets');
  });
  afterAll(async () => {
    await harness?.stop();
    await rm(work, { recursive: true, force: true });
  });

  it('redacts every family planted in every kind of input before it is stored or logged', async () => {
    const at = '2026-11-29T10:00:00Z';
    const event = (type: string, payload: unknown, sessionId = SESSION) => ({ id: randomUUID(), type, sessionId, occurredAt: at, payload });
    const events = [
      event('SessionStarted', { source: 'ai-coaching:interview', title: 'Keys', cwd: `/home/dev/${SECRETS.password}` }),
      // a title holds one secret at most (500 characters), so every family gets a session of its own
      ...Object.entries(SECRETS).map(([kind, secret]) => event('SessionStarted', { source: 'claude-code', title: `t ${secret}` }, `title-${kind}`)),
      event('TurnRecorded', { seq: 1, role: 'user', text: `My keys:\n${ALL}` }),
      event('TurnRecorded', {
        seq: 2,
        role: 'assistant',
        text: 'Saving them.',
        toolCalls: [{ id: 'tu1', name: 'Bash', input: JSON.stringify({ command: `echo "${ALL}" > .env` }), result: ALL }],
      }),
      event('ArtifactSaved', { artifactId: 'a1', title: 'Credentials', content: `# Keys\n${ALL}`, gist: SECRETS.jwt }),
      ...Object.entries(SECRETS).map(([kind, secret]) => event('BookmarkAdded', { bookmarkId: `b-${kind}`, text: `remember ${secret}` })),
      event('SessionOutcomeRecorded', {
        summary: ALL.slice(0, 4000),
        firstUserTurn: SECRETS.anthropic_key,
        lastAssistantTurn: SECRETS.aws_access_key,
        filesRead: [`/tmp/${SECRETS.npm_token}`],
        filesEdited: [],
        toolsCalled: { Bash: 1 },
        commitShas: [],
        outcome: 'unknown',
      }),
    ];
    const posted = await harness.http().post('/v1/events').set('Authorization', `Bearer ${account.apiKey}`).send({ events });
    expect(posted.status).toBe(202);

    const ingested = await harness.http().post(`/v1/admin/session-ingest?accountId=${account.accountId}`).set('Authorization', `Bearer ${ADMIN_KEY}`);
    expect(ingested.body).toMatchObject({ status: 'completed', sessions: 1 });

    // what a person types into the Memory Explorer goes straight to the durable log, not through MNEMO_RAW
    // (a memory holds at most 400 characters: the long families, a key file, are planted above)
    const typeable = Object.entries(SECRETS).filter(([, secret]) => secret.length <= 300);
    expect(typeable.length).toBeGreaterThan(Object.keys(SECRETS).length - 5);
    for (const [kind, secret] of typeable) {
      const created = await harness.http().post('/v1/memories').set('Authorization', `Bearer ${account.apiKey}`).send({ factType: 'preference', content: `Keeps ${kind} as ${secret}.` });
      expect({ kind, status: created.status, body: created.status === 201 ? null : created.body }).toEqual({ kind, status: 201, body: null });
    }
    // and a context built from all of it
    const claudeMd = await harness.http().get(`/v1/context/claude-md?sessionId=${SESSION}&format=json`).set('Authorization', `Bearer ${account.apiKey}`);
    expect(claudeMd.status).toBe(200);
    expect(findPlantedSecrets(JSON.stringify(claudeMd.body), SECRETS)).toEqual([]);

    const { log, dataSource } = harness.platform.infra;
    await eventually(async () => (await readAll('raw')).length, (n) => n === 0);
    for (const projection of allProjections()) {
      await eventually(() => log.pending('events', `projection-${projection.name}`), (pending) => pending === 0);
    }
    const api = (url: string) => harness.http().get(url).set('Authorization', `Bearer ${account.apiKey}`);
    await eventually(() => api('/v1/sessions/secret-transcript/outcome'), (r) => r.status === 200);

    // the durable stream
    const stream = JSON.stringify(await readAll('events'));
    expect(stream).toContain('[REDACTED:');
    expect(findPlantedSecrets(stream, SECRETS)).toEqual([]);

    // every table of this test's schema
    const tables: Array<{ table_name: string }> = await dataSource.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 AND table_type = 'BASE TABLE'`,
      [harness.config.MNEMO_DB_SCHEMA],
    );
    expect(tables.map((t) => t.table_name)).toEqual(expect.arrayContaining(['turns', 'sessions', 'session_outcomes']));
    for (const { table_name } of tables) {
      const rows: Array<{ row: string }> = await dataSource.query(`SELECT t::text AS row FROM "${table_name}" t`);
      expect({ table: table_name, leaks: findPlantedSecrets(rows.map((r) => r.row).join('\n'), SECRETS) }).toEqual({ table: table_name, leaks: [] });
    }

    // what the API answers
    const answers = await Promise.all(['/v1/sessions?limit=200', `/v1/sessions/${SESSION}/turns`, '/v1/sessions/secret-transcript/turns', '/v1/sessions/secret-transcript/outcome'].map(api));
    expect(findPlantedSecrets(JSON.stringify(answers.map((a) => a.body)), SECRETS)).toEqual([]);

    // every Redis key under this test's prefix
    const redis = new Redis(TEST_REDIS_URL);
    try {
      const dump: string[] = [];
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${harness.config.MNEMO_CACHE_PREFIX}*`, 'COUNT', 500);
        cursor = next;
        for (const key of keys) dump.push(key, JSON.stringify(await redisValue(redis, key)));
      } while (cursor !== '0');
      expect(findPlantedSecrets(dump.join('\n'), SECRETS)).toEqual([]);
    } finally {
      redis.disconnect();
    }

    // the logs, at debug level
    expect(logs.lines.length).toBeGreaterThan(0);
    expect(findPlantedSecrets(logs.lines.join(''), SECRETS)).toEqual([]);
  });

  async function readAll(stream: 'events' | 'raw') {
    const all = [];
    for await (const batch of harness.platform.infra.log.read(stream, 1)) all.push(...batch);
    return all;
  }
});

async function redisValue(redis: Redis, key: string): Promise<unknown> {
  switch (await redis.type(key)) {
    case 'string': return redis.get(key);
    case 'hash': return redis.hgetall(key);
    case 'list': return redis.lrange(key, 0, -1);
    case 'set': return redis.smembers(key);
    case 'zset': return redis.zrange(key, 0, -1, 'WITHSCORES');
    case 'stream': return redis.xrange(key, '-', '+');
    default: return null;
  }
}
