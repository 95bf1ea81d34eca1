import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { lock } from 'proper-lockfile';
import { z } from 'zod';

/**
 * The lock is a directory (mkdir is atomic) whose mtime its holder refreshes every UPDATE_MS; one not
 * refreshed for STALE_MS belongs to a process that died (`kill -9`, a power cut) and is taken over. A
 * holder whose event loop stalls keeps its lock as long as nobody took it meanwhile.
 */
const STALE_MS = 20_000;
const UPDATE_MS = 5_000;
const RETRY_MS = 500;

/** Who holds a data folder, written beside the lock (mode 600: the token opens its operations API). */
export const DataDirOwner = z.object({
  pid: z.number().int(),
  host: z.string(),
  command: z.string(),
  startedAt: z.string(),
  /** The gateway's URL, once a `start` listens; other commands go through it. */
  url: z.string().nullable(),
  /** Opens the running process's operations routes to whoever can read this folder. */
  token: z.string(),
});
export type DataDirOwner = z.infer<typeof DataDirOwner>;

export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: DataDirOwner | null,
  ) {
    super(busyMessage(dataDir, owner));
    this.name = 'DataDirBusyError';
  }
}

export interface DataDirLock {
  readonly dataDir: string;
  readonly owner: DataDirOwner;
  /** Records the gateway's URL, so other commands can go through this process. */
  advertise(url: string): void;
  release(): Promise<void>;
}

export interface AcquireOptions {
  /** The command that takes the folder (`start`, `replay`, `doctor`, …), shown to whoever finds it taken. */
  command: string;
  /** Another process took the lock over (this one was stopped past STALE_MS): it must stop writing. */
  onCompromised: (error: Error) => void;
  /** Told once when the holder is gone and its lock is waited out. */
  onWaitingForStale?: (owner: DataDirOwner | null) => void;
  /** How long a lock goes without its heartbeat before it is taken over (STALE_MS; at least 2 s). */
  staleMs?: number;
}

const ownerFile = (dataDir: string) => path.join(dataDir, 'owner.json');
const lockPath = (dataDir: string) => path.join(dataDir, 'owner.lock');

/**
 * Takes a data folder for this process: the embedded log and PGlite are files one process may open at a
 * time (two PGlite instances on one folder corrupt its catalog). A live holder is refused with its pid,
 * command, start time and URL; a dead one's lock is waited out (at most STALE_MS) and taken over.
 */
export async function acquireDataDirLock(
  dataDir: string,
  options: AcquireOptions,
): Promise<DataDirLock> {
  mkdirSync(dataDir, { recursive: true });
  const stale = Math.max(options.staleMs ?? STALE_MS, 2000);
  let waiting = false;
  for (const deadline = Date.now() + stale + 5_000; ;) {
    try {
      const release = await lock(dataDir, {
        lockfilePath: lockPath(dataDir),
        realpath: false,
        stale,
        update: Math.min(UPDATE_MS, stale / 2),
        onCompromised: options.onCompromised,
      });
      return holding(dataDir, options.command, release);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
      const owner = readDataDirOwner(dataDir);
      if ((owner && isAlive(owner)) || Date.now() > deadline)
        throw new DataDirBusyError(dataDir, owner);
      if (!waiting) options.onWaitingForStale?.(owner);
      waiting = true;
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }
}

/** The process that holds (or last held) a data folder, if it said. */
export function readDataDirOwner(dataDir: string): DataDirOwner | null {
  try {
    return DataDirOwner.parse(JSON.parse(readFileSync(ownerFile(dataDir), 'utf8')));
  } catch {
    return null;
  }
}

/** A holder on this machine whose pid is gone is dead; one on another machine is taken at its word. */
export function isAlive(owner: DataDirOwner): boolean {
  if (owner.host !== hostname()) return true;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holding(dataDir: string, command: string, release: () => Promise<void>): DataDirLock {
  const owner: DataDirOwner = {
    pid: process.pid,
    host: hostname(),
    command,
    startedAt: new Date().toISOString(),
    url: null,
    token: randomBytes(24).toString('base64url'),
  };
  writeOwner(dataDir, owner);
  let released = false;
  return {
    dataDir,
    owner,
    advertise(url) {
      owner.url = url;
      writeOwner(dataDir, owner);
    },
    async release() {
      if (released) return;
      released = true;
      rmSync(ownerFile(dataDir), { force: true });
      await release();
    },
  };
}

function writeOwner(dataDir: string, owner: DataDirOwner): void {
  const temp = `${ownerFile(dataDir)}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(owner, null, 2)}\n`, { mode: 0o600 });
  renameSync(temp, ownerFile(dataDir));
}

function busyMessage(dataDir: string, owner: DataDirOwner | null): string {
  if (!owner)
    return `the data folder ${dataDir} is in use by another Mnemo process (it did not say which); stop it, or set MNEMO_DATA_DIR to another folder`;
  const who = `pid ${owner.pid}${owner.host === hostname() ? '' : ` on ${owner.host}`}, \`mnemo ${owner.command}\` since ${owner.startedAt}`;
  const where = owner.url ? `, serving ${owner.url}` : '';
  const what =
    owner.command === 'start'
      ? 'stop it first (Ctrl-C or kill ' + owner.pid + '), or use its HTTP API'
      : 'wait for it to finish, or stop it';
  return `the data folder ${dataDir} is in use by ${who}${where}: ${what}. One process owns a data folder: the embedded log and PGlite cannot be opened twice.`;
}
