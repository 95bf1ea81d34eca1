import { execFile, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startEmbeddedMnemo, type EmbeddedMnemo } from '../support/embedded-mnemo';
import { stopProcess } from '../support/own-servers';
import { eventually } from '../support/servers';

const run = promisify(execFile);
const MNEMO = path.join(__dirname, '../../bin/mnemo.js');

/**
 * The sequence a new user tried on the embedded default (`npm start`, then `mnemo replay` in another
 * terminal, restart, stop, start again), which left PGlite's folder corrupt: /readyz ready while
 * /v1/sessions answered 500, then "PGlite failed to initialize properly". One process owns the data
 * folder now: the CLI goes through the running one, a second start is refused naming it, a killed
 * owner's lock is taken over, and `mnemo doctor --repair` rebuilds a database that does not open.
 */
describe('one owner of the embedded data folder', () => {
  let dataDir: string;
  let running: EmbeddedMnemo | undefined;
  let apiKey: string;
  const env = () => ({
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    MNEMO_DATA_DIR: dataDir,
    MNEMO_SESSION_INGEST_ENABLED: 'false',
    LOG_LEVEL: 'warn',
  });
  const cli = (...args: string[]) =>
    run(process.execPath, [MNEMO, ...args], { env: env(), timeout: 600_000 });
  const start = async () => {
    running = await startEmbeddedMnemo(env(), 300_000);
    return running;
  };
  const get = (route: string) =>
    fetch(`${running!.base}${route}`, { headers: { authorization: `Bearer ${apiKey}` } });
  const turnsOf = async (sessionId: string) =>
    eventually(
      async () => {
        const response = await get(`/v1/sessions/${sessionId}/turns`);
        return { status: response.status, turns: ((await response.json()) as any).turns ?? [] };
      },
      (answer) => answer.status === 200 && answer.turns.length === 3,
      30_000,
    );

  // every case starts from this folder: one session of turns under the local account (a case run on
  // its own, `-t doctor`, had no key and met 401)
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'mnemo-data-folder-'));
    await start();
    apiKey = JSON.parse(await readFile(path.join(dataDir, 'local-account.json'), 'utf8')).apiKey;
    const post = await fetch(`${running!.base}/v1/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ events: sessionEvents('s-folder') }),
    });
    expect(post.status).toBe(202);
    await turnsOf('s-folder');
  }, 600_000);
  afterAll(async () => {
    await stopProcess((running?.child as ChildProcess) ?? null);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('goes through the running process, refuses a second one, and survives restarts', async () => {
    const replay = await cli('replay', '--projection', 'all');
    expect(replay.stderr).toContain(`replaying through pid ${running!.child.pid}`);
    expect(replay.stdout).toMatch(/sessions: \d+ events to seq \d+/);
    const checksum = JSON.parse((await cli('checksum', '--json')).stdout);
    expect(checksum.sessions.turns).toMatch(/^3:/);
    await expect(cli('dlq', 'list')).resolves.toMatchObject({ stdout: 'no dead letters\n' });

    const second = cli('start', '--target', 'all');
    await expect(second).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`in use by pid ${running!.child.pid}, \`mnemo start\` since`),
    });
    await expect(second).rejects.toMatchObject({
      stderr: expect.stringContaining(`serving ${running!.base}`),
    });
    expect((await turnsOf('s-folder')).turns).toHaveLength(3);

    await stopProcess(running!.child);
    await start();
    const ready = await fetch(`${running!.base}/readyz`);
    expect(ready.status).toBe(200);
    expect(((await ready.json()) as any).checks['read models']).toBe('ok');
    expect((await turnsOf('s-folder')).turns).toHaveLength(3);

    await stopProcess(running!.child);
    await start();
    expect((await turnsOf('s-folder')).turns).toHaveLength(3);
  }, 1_200_000);

  it('takes over the folder of a process killed with SIGKILL', async () => {
    const killed = running!.child;
    await stopProcess(killed, 'SIGKILL');
    await start();
    const owner = JSON.parse(await readFile(path.join(dataDir, 'owner.json'), 'utf8'));
    expect(owner).toMatchObject({ pid: running!.child.pid, command: 'start', url: running!.base });
    expect(owner.pid).not.toBe(killed.pid);
    expect((await turnsOf('s-folder')).turns).toHaveLength(3);
    await stopProcess(running!.child);
  }, 600_000);

  it('doctor finds a database that does not open and rebuilds it from the log', async () => {
    await stopProcess(running!.child);
    await expect(cli('doctor')).resolves.toMatchObject({
      stdout: expect.stringContaining('verdict: healthy'),
    });
    await rm(path.join(dataDir, 'pgdata', 'global', 'pg_control'));
    await expect(cli('doctor')).rejects.toMatchObject({
      code: 1,
      stdout: expect.stringMatching(/FAIL database: does not open[\s\S]*doctor --repair/),
    });
    const repaired = await cli('doctor', '--repair');
    expect(repaired.stdout).toMatch(/moved the database that does not open to .*pgdata\.broken-/);
    expect(repaired.stdout).toContain('verdict: repaired');
    await start();
    expect((await turnsOf('s-folder')).turns).toHaveLength(3);
  }, 1_200_000);
});

function sessionEvents(sessionId: string) {
  return [
    {
      id: randomUUID(),
      type: 'SessionStarted',
      sessionId,
      occurredAt: '2026-11-29T10:00:00Z',
      payload: { source: 'claude-code' },
    },
    ...[1, 2, 3].map((seq) => ({
      id: randomUUID(),
      type: 'TurnRecorded',
      sessionId,
      occurredAt: '2026-11-29T10:00:01Z',
      payload: { seq, role: 'user', text: `turn ${seq} of the data folder check` },
    })),
  ];
}
