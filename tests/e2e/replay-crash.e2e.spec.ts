import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildEvent, type EventEnvelope } from '@mnemo/contracts';
import { InProcessEventLog } from '@mnemo/eventing';
import { startEmbeddedMnemo, type EmbeddedMnemo } from '../support/embedded-mnemo';
import { stopProcess, until } from '../support/own-servers';

const run = promisify(execFile);
const MNEMO = path.join(__dirname, '../../bin/mnemo.js');

/**
 * A rebuild of the read models killed with SIGKILL halfway (docs/event-log.md, "A full replay across a
 * crash"): here `mnemo doctor --repair` into a fresh database, whose tables are empty until the replay
 * commits while the live consumers are long past the log's start. The install must not present the
 * half-done rebuild as ready: the doctor names the unfinished replay, and the next start finishes it
 * before it serves, so the read models equal a replay of the log again.
 */
describe('a replay killed midway', () => {
  let dataDir: string;
  let running: EmbeddedMnemo | undefined;
  let repair: ChildProcess | undefined;
  const env = () => ({
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    MNEMO_DATA_DIR: dataDir,
    MNEMO_SESSION_INGEST_ENABLED: 'false',
    LOG_LEVEL: 'warn',
  });
  const cli = (...args: string[]) =>
    run(process.execPath, [MNEMO, ...args], { env: env(), timeout: 600_000 });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'mnemo-replay-crash-'));
    // a log long enough that the embedded database takes some seconds to replay it
    const log = new InProcessEventLog({ dataDir: path.join(dataDir, 'log') });
    for (let session = 0; session < 200; session += 1)
      await log.appendMany('events', sessionEvents(`acct-${session % 2}`, `s-${session}`, 19));
    await log.close();
  });
  afterAll(async () => {
    repair?.kill('SIGKILL');
    await stopProcess((running?.child as ChildProcess) ?? null);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is named by the doctor and finished by the next start', async () => {
    // the install projects the log live, so its consumers are at the log's end
    running = await startEmbeddedMnemo(env(), 300_000);
    await until(
      'every projection caught up',
      async () => {
        const metrics = await (await fetch(`${running!.base}/metrics`)).text();
        const lags = [...metrics.matchAll(/^mnemo_projection_lag_events\{[^}]*\} (\S+)$/gm)];
        return lags.length > 0 && lags.every(([, lag]) => lag === '0');
      },
      600_000,
    );
    await stopProcess(running.child);
    running = undefined;

    await rm(path.join(dataDir, 'pgdata', 'global', 'pg_control'));
    repair = spawn(process.execPath, [MNEMO, 'doctor', '--repair'], {
      env: env(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let printed = '';
    repair.stdout!.on('data', (chunk) => (printed += chunk));
    repair.stderr!.on('data', (chunk) => (printed += chunk));
    const exited = new Promise((resolve) => repair!.once('exit', resolve));
    await until(
      'the repair replaying',
      () => {
        if (/verdict/.test(printed) || repair!.exitCode !== null)
          throw new Error(`the repair ended before it could be killed:\n${printed}`);
        return /repair: .* at seq \d+ of \d+/.test(printed);
      },
      300_000,
    );
    repair.kill('SIGKILL');
    await exited;

    const doctor = cli('doctor');
    await expect(doctor).rejects.toMatchObject({
      code: 1,
      stdout: expect.stringMatching(/FAIL read models: a replay of .* did not finish/),
    });

    running = await startEmbeddedMnemo(env(), 600_000);
    const ready = await fetch(`${running.base}/readyz`);
    expect({ status: ready.status, body: await ready.json() }).toMatchObject({
      status: 200,
      body: { checks: { 'read models': 'ok' } },
    });
    await stopProcess(running.child);
    running = undefined;
    await expect(cli('doctor')).resolves.toMatchObject({
      stdout: expect.stringContaining('verdict: healthy'),
    });
  }, 1_800_000);
});

/**
 * A session of turns only, months old: no reactor acts on it (no pause to compact, past the quiet-time
 * sweep's lookback), so the log stays as written while the platform runs.
 */
function sessionEvents(accountId: string, sessionId: string, turns: number): EventEnvelope[] {
  const at = (second: number) => new Date(Date.UTC(2026, 0, 5, 10, 0, second)).toISOString();
  const event = (type: string, occurredAt: string, payload: unknown) =>
    buildEvent({
      type,
      id: randomUUID(),
      accountId,
      sessionId,
      occurredAt,
      producer: 'replay-crash',
      payload,
    } as never) as EventEnvelope;
  return [
    event('SessionStarted', at(0), { source: 'claude-code' }),
    ...Array.from({ length: turns }, (_, i) =>
      event('TurnRecorded', at(i + 1), {
        seq: i + 1,
        role: i % 2 ? 'assistant' : 'user',
        text: `turn ${i + 1} of ${sessionId}: the retry test in the payments client flakes at step ${i}`,
      }),
    ),
  ];
}
