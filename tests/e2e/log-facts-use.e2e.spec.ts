import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { runHookProcess } from '../support/hook-process';
import { startHarness, type Harness } from '../support/platform-harness';
import { eventually } from '../support/servers';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * What the running system said, used (docs/logs.md): lines arrive over OTLP with their own times for a
 * project named by its repository root, and come back through GET /v1/log-facts for a session's time,
 * through the log_facts MCP tool, and as the runtime signals of the coding digest at session start.
 */
describe('log facts, asked for a session, by the log_facts tool and in the coding digest', () => {
  let harness: Harness;
  let apiKey: string;
  let otherKey: string;
  let repo: string;
  let home: string;
  const now = Date.now();
  const at = (msAgo: number) => new Date(now - msAgo);
  const auth = (key = apiKey) => ({ Authorization: `Bearer ${key}` });

  /** One OTLP record per line, each at its own time, from one service of the project. */
  const otlp = (lines: Array<{ ago: number; severity: 'ERROR' | 'INFO'; text: string }>) => ({
    resourceLogs: [
      {
        resource: {
          attributes: [
            { key: 'service.name', value: { stringValue: 'shop-api' } },
            { key: 'host.name', value: { stringValue: 'web-1' } },
          ],
        },
        scopeLogs: [
          {
            logRecords: lines.map((line) => ({
              timeUnixNano: `${at(line.ago).getTime()}000000`,
              severityText: line.severity,
              body: { stringValue: line.text },
            })),
          },
        ],
      },
    ],
  });
  const repeat = <T>(n: number, make: (i: number) => T) =>
    Array.from({ length: n }, (_, i) => make(i));

  const LINES = [
    // during the session s-window (7 h 30 to 6 h 30 ago), and before s-before
    { ago: 7 * HOUR, severity: 'ERROR' as const, text: 'worker crashed with exit code 137' },
    {
      ago: 7 * HOUR,
      severity: 'ERROR' as const,
      text: 'cron backup failed on shard 3 after 2 tries',
    },
    {
      ago: 6 * HOUR,
      severity: 'ERROR' as const,
      text: 'connection refused by db host db-1 port 5432 again',
    },
    // after the agent's last session (s-before, which ended 4 h ago)
    ...repeat(6, (i) => ({
      ago: 20 * MINUTE + i * MINUTE,
      severity: 'ERROR' as const,
      text: `worker crashed with exit code ${130 + i}`,
    })),
    ...repeat(4, (i) => ({
      ago: 30 * MINUTE + i * MINUTE,
      severity: 'ERROR' as const,
      text: `disk quota exceeded on volume vol-${i} for tenant ${i}`,
    })),
    {
      ago: 30 * MINUTE,
      severity: 'ERROR' as const,
      text: 'connection refused by db host db-2 port 5432 again',
    },
    ...repeat(5, (i) => ({
      ago: 30 * MINUTE,
      severity: 'INFO' as const,
      text: `request served in ${10 + i} ms`,
    })),
  ];

  const allFacts = (key = apiKey) =>
    harness
      .http()
      .get('/v1/log-facts')
      .query({ since: at(48 * HOUR).toISOString(), limit: 100 })
      .set(auth(key));

  beforeAll(async () => {
    harness = await startHarness({ env: { MNEMO_LOGS_OTLP: 'true' } });
    ({ apiKey } = await harness.createAccount('logs-use'));
    ({ apiKey: otherKey } = await harness.createAccount('logs-use-other'));
    home = await mkdtemp(path.join(tmpdir(), 'mnemo-logs-home-'));
    repo = await realpath(await mkdtemp(path.join(tmpdir(), 'mnemo-logs-repo-')));
    execFileSync('git', ['init', '-q', repo]);

    const event = (sessionId: string, type: string, ago: number, payload: object) => ({
      id: randomUUID(),
      type,
      sessionId,
      occurredAt: at(ago).toISOString(),
      payload,
    });
    const started = { source: 'claude-code', cwd: repo, project: repo };
    await harness
      .http()
      .post('/v1/events')
      .set(auth())
      .send({
        events: [
          event('s-window', 'SessionStarted', 7.5 * HOUR, started),
          event('s-window', 'TurnRecorded', 7.4 * HOUR, {
            seq: 1,
            role: 'user',
            text: 'Why do workers crash?',
          }),
          event('s-window', 'SessionEnded', 6.5 * HOUR, { reason: 'exit' }),
          event('s-before', 'SessionStarted', 5 * HOUR, started),
          event('s-before', 'TurnRecorded', 4.9 * HOUR, {
            seq: 1,
            role: 'user',
            text: 'Tidy the billing module',
          }),
          event('s-before', 'SessionEnded', 4 * HOUR, { reason: 'exit' }),
        ],
      })
      .expect(202);
    await harness
      .http()
      .post('/v1/logs')
      .query({ project: repo })
      .set(auth())
      .send(otlp(LINES))
      .expect(200);
    const lines = (body: { facts?: Array<{ count: number }> }) =>
      (body.facts ?? []).reduce((sum, fact) => sum + fact.count, 0);
    await eventually(allFacts, (r) => r.status === 200 && lines(r.body) === LINES.length);
    await eventually(
      () => harness.http().get('/v1/sessions').query({ project: repo }).set(auth()),
      (r) => r.body.sessions?.filter((s: { endedAt: string | null }) => s.endedAt).length === 2,
    );
  }, 120_000);

  afterAll(async () => {
    await harness?.stop();
    await rm(home, { recursive: true, force: true });
    await rm(repo, { recursive: true, force: true });
  });

  const templatesOf = (body: { facts: Array<{ template: string }> }) =>
    body.facts.map((fact) => fact.template).sort();

  it('answers what the system emitted while a session ran, for the caller’s account only', async () => {
    const during = await harness
      .http()
      .get('/v1/log-facts')
      .query({ sessionId: 's-window', project: repo })
      .set(auth())
      .expect(200);
    expect(during.body.session).toMatchObject({
      sessionId: 's-window',
      startedAt: at(7.5 * HOUR).toISOString(),
      endedAt: at(6.5 * HOUR).toISOString(),
    });
    expect([during.body.since, during.body.until]).toEqual([
      at(7.5 * HOUR).toISOString(),
      at(6.5 * HOUR).toISOString(),
    ]);
    expect(templatesOf(during.body)).toEqual([
      'cron backup failed on shard <*> after <*> tries',
      'worker crashed with exit code <*>',
    ]);
    const cron = during.body.facts.find((f: { template: string }) => f.template.startsWith('cron'));
    expect(cron).toMatchObject({
      project: repo,
      severity: 'error',
      countInWindow: 1,
      units: { 'shop-api': 1 },
      hosts: { 'web-1': 1 },
    });

    // another account has no such session, and none of these lines
    await harness
      .http()
      .get('/v1/log-facts')
      .query({ sessionId: 's-window' })
      .set(auth(otherKey))
      .expect(404);
    expect((await allFacts(otherKey).expect(200)).body.facts).toEqual([]);
    const both = await harness
      .http()
      .get('/v1/log-facts')
      .query({ sessionId: 's-window', since: at(HOUR).toISOString() })
      .set(auth())
      .expect(400);
    expect(JSON.stringify(both.body.error)).toContain('sessionId');
  });

  it('the log_facts MCP tool gives the same templates, for a session and by words', async () => {
    const client = new Client({ name: 'mnemo-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(
        new URL('/mcp', `http://127.0.0.1:${harness.platform.httpPort}`),
        { requestInit: { headers: auth() } },
      ),
    );
    try {
      const text = async (args: Record<string, unknown>) => {
        const answer = (await client.callTool({ name: 'log_facts', arguments: args })) as {
          isError?: boolean;
          content: Array<{ text?: string }>;
        };
        expect(answer.isError).toBeFalsy();
        return answer.content.map((c) => c.text ?? '').join('\n');
      };
      const during = await text({ sessionId: 's-window' });
      expect(during).toContain('(session s-window)');
      expect(during).toContain('cron backup failed on shard <*> after <*> tries');
      expect(during).toContain('worker crashed with exit code <*>');
      expect(during).not.toContain('disk quota');

      const quota = await text({ words: 'quota', severity: 'error', change: 'new' });
      expect(quota).toMatch(
        /1\. \[new · error\] disk quota exceeded on volume vol-<\*> for tenant <\*>/,
      );
      expect(quota).toContain('4 lines in the window');
      expect(quota).toContain('units: shop-api (4)');
      expect(quota).not.toContain('worker crashed');

      const refused = (await client.callTool({
        name: 'log_facts',
        arguments: { sessionId: 's-window', since: '2026-12-01' },
      })) as { isError?: boolean; content: Array<{ text?: string }> };
      expect(refused.isError).toBe(true);
      expect(refused.content[0]?.text).toContain('sessionId');
    } finally {
      await client.close();
    }
  });

  it("the coding digest's runtime signals are the error templates new or rising since the agent's last session", async () => {
    const run = await runHookProcess(
      'session-start',
      {
        session_id: 's-digest',
        transcript_path: path.join(home, '.claude/projects/x/s-digest.jsonl'),
        cwd: repo,
        permission_mode: 'default',
        hook_event_name: 'SessionStart',
        source: 'startup',
      },
      {
        PATH: process.env.PATH,
        HOME: home,
        MNEMO_URL: `http://127.0.0.1:${harness.platform.httpPort}`,
        MNEMO_API_KEY: apiKey,
        MNEMO_STATE_DIR: path.join(home, 'state'),
        MNEMO_HOOK_TIMEOUT_MS: '15000',
      },
      { cwd: repo },
    );
    expect(run.code).toBe(0);
    const context = (
      JSON.parse(run.stdout) as { hookSpecificOutput: { additionalContext: string } }
    ).hookSpecificOutput.additionalContext;
    const section = context.split('## Runtime log signals\n')[1]?.split('\n\n')[0] ?? '';
    const signals = section.split('\n').filter((line) => line.startsWith('- '));
    expect(signals).toEqual([
      expect.stringContaining(
        'new error: disk quota exceeded on volume vol-<*> for tenant <*> (4 lines since',
      ),
      expect.stringContaining('rising error: worker crashed with exit code <*> (6 lines since'),
    ]);
    // the info lines, the db error seen before the last session and the cron error of an older one stay out
    expect(context).not.toContain('request served');
    expect(context).not.toContain('connection refused');
    expect(context).not.toContain('cron backup');
  });
});
