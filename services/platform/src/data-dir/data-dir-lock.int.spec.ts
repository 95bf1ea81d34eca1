import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { acquireDataDirLock, DataDirBusyError, readDataDirOwner } from './data-dir-lock';

const STALE_MS = 2000;

/** Another process that takes the folder and keeps it until it is killed. */
function holder(dataDir: string): Promise<ChildProcess> {
  const script = `require(${JSON.stringify(path.join(__dirname, 'data-dir-lock.ts'))})
    .acquireDataDirLock(${JSON.stringify(dataDir)}, { command: 'holder', staleMs: ${STALE_MS}, onCompromised() {} })
    .then((held) => { held.advertise('http://127.0.0.1:1'); console.log('held'); setInterval(() => {}, 1000); });`;
  const child = spawn(process.execPath, ['-r', '@swc-node/register', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.includes('held') && resolve(child));
    child.once('exit', (code) => reject(new Error(`the holder exited (${code})`)));
  });
}

const exited = (child: ChildProcess) =>
  new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));

describe('one process owns a data folder', () => {
  let dataDir: string;
  let child: ChildProcess | undefined;
  const options = { command: 'test', staleMs: STALE_MS, onCompromised: () => undefined };

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'mnemo-lock-'));
  });
  afterEach(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited(child);
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a second owner while the first runs, naming its pid, command and URL', async () => {
    child = await holder(dataDir);
    const second = acquireDataDirLock(dataDir, options);
    await expect(second).rejects.toBeInstanceOf(DataDirBusyError);
    await expect(second).rejects.toThrow(
      new RegExp(`pid ${child.pid}, \`mnemo holder\` since .*serving http://127\\.0\\.0\\.1:1`),
    );
  }, 30_000);

  it('takes over the lock of a process killed with SIGKILL once its heartbeat is stale', async () => {
    child = await holder(dataDir);
    child.kill('SIGKILL');
    await exited(child);
    const waitedFor: Array<number | null> = [];
    const lock = await acquireDataDirLock(dataDir, {
      ...options,
      onWaitingForStale: (owner) => waitedFor.push(owner?.pid ?? null),
    });
    expect(waitedFor).toEqual([child.pid]);
    expect(readDataDirOwner(dataDir)).toMatchObject({ pid: process.pid, command: 'test' });
    await lock.release();
  }, 30_000);

  it('lets the folder go on release: the next owner takes it at once', async () => {
    const first = await acquireDataDirLock(dataDir, options);
    await expect(acquireDataDirLock(dataDir, options)).rejects.toBeInstanceOf(DataDirBusyError);
    await first.release();
    expect(readDataDirOwner(dataDir)).toBeNull();
    const next = await acquireDataDirLock(dataDir, {
      ...options,
      onWaitingForStale: () => {
        throw new Error('waited for a lock that was let go');
      },
    });
    await next.release();
  });
});
