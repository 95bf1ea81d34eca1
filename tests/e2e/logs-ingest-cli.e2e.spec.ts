import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startHarness, type Harness } from '../support/platform-harness';
import { eventually } from '../support/servers';

const run = promisify(execFile);
const MNEMO = path.join(__dirname, '../../bin/mnemo.js');

/** `mnemo logs ingest FILE|-`: a one-off import through the running gateway (docs/logs.md). */
describe('mnemo logs ingest', () => {
  let harness: Harness;
  let account: { accountId: string; apiKey: string };
  let dir: string;
  const env = () => ({
    ...process.env,
    MNEMO_URL: `http://127.0.0.1:${harness.platform.httpPort}`,
    MNEMO_API_KEY: account.apiKey,
    MNEMO_CLIENT_CONFIG: path.join(dir, 'no-client.json'),
  });
  const facts = async (q: string, project: string) =>
    (
      await harness
        .http()
        .get(
          `/v1/log-facts?q=${encodeURIComponent(q)}&project=${project}&since=2000-01-01T00:00:00Z`,
        )
        .set('Authorization', `Bearer ${account.apiKey}`)
    ).body as { facts: Array<{ template: string; count: number; units: object }> };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'mnemo-log-ingest-'));
    harness = await startHarness({ target: 'gateway,logs' });
    account = await harness.createAccount('log-import');
  }, 120_000);
  afterAll(async () => {
    await harness?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('sends a file in batches, folds it into templates and prints a summary', async () => {
    const file = path.join(dir, 'app.log');
    const lines = Array.from({ length: 12_000 }, (_, i) => `cache refill took ${i % 97}ms`);
    await writeFile(
      file,
      `${lines.join('\n')}\n${'z'.repeat(200_000)}\n\u0000\u0001binary\n` + 'import finished', // last line has no newline
    );
    const { stdout } = await run(
      process.execPath,
      [MNEMO, 'logs', 'ingest', file, '--project', 'batch', '--unit', 'cache.service'],
      { env: env() },
    );
    expect(stdout).toMatch(
      /^12003 lines read: 12001 folded into templates, 2 skipped \(empty, binary or too long\); 3 requests to http:\/\/127\.0\.0\.1:\d+; [\d.]+ s\n$/,
    );
    // the gateway answers once the windows are in the log; the read model follows
    const found = await eventually(
      () => facts('cache refill', 'batch'),
      (answer) => JSON.stringify(answer.facts[0]?.units) === '{"cache.service":12000}',
    );
    expect(found.facts).toEqual([
      expect.objectContaining({
        template: 'cache refill took <*>',
        count: 12_000,
        units: { 'cache.service': 12_000 },
      }),
    ]);
    await eventually(
      () => facts('import finished', 'batch'),
      (answer) => answer.facts.length === 1,
    );
  });

  it('reads standard input with -', async () => {
    const child = spawn(process.execPath, [MNEMO, 'logs', 'ingest', '-', '--project', 'piped'], {
      env: env(),
    });
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stdin.end('queue depth 4 reached\nqueue depth 9 reached\n');
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    expect(stdout).toMatch(/^2 lines read: 2 folded into templates, 0 skipped/);
    const piped = await eventually(
      () => facts('queue depth', 'piped'),
      (answer) => answer.facts[0]?.count === 2,
    );
    expect(piped.facts).toEqual([
      expect.objectContaining({ template: 'queue depth <*> reached', count: 2 }),
    ]);
  });

  it('names the missing key instead of sending', async () => {
    await expect(
      run(process.execPath, [MNEMO, 'logs', 'ingest', '-'], {
        env: { ...env(), MNEMO_API_KEY: '' },
      }),
    ).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/no API key/) });
  });
});
