import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import {
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
  openSync,
} from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { waitFor } from '@mnemo/testing';

/**
 * Servers of a test's own (NATS, Redis, PostgreSQL) on free loopback ports, so a fault test can stop and
 * restart them while the machine's shared servers on 4222/6379/5432 are never touched. Every process is
 * started here and stopped here, by its pid; `stopAll` ends whatever is still running.
 */

export const NATS_SERVER =
  process.env.MNEMO_TEST_NATS_SERVER ??
  (existsSync('/usr/sbin/nats-server') ? '/usr/sbin/nats-server' : 'nats-server');
export const REDIS_SERVER = process.env.MNEMO_TEST_REDIS_SERVER ?? 'redis-server';

/** A port nobody listens on now: the kernel's pick for port 0, released at once. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/** Polls with a deadline until `probe` holds; the message names what was awaited. */
export function until(
  what: string,
  probe: () => Promise<boolean> | boolean,
  timeoutMs = 30_000,
): Promise<void> {
  return waitFor(probe, timeoutMs, what);
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

export async function stopProcess(
  child: ChildProcess | null,
  signal: NodeJS.Signals = 'SIGTERM',
  timeoutMs = 15_000,
): Promise<void> {
  if (!child || exited(child)) return;
  const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  const timer = setTimeout(() => !exited(child) && child.kill('SIGKILL'), timeoutMs);
  await done;
  clearTimeout(timer);
}

/** A temporary directory for one suite: logs, stores, configs. */
export function scratchDir(prefix: string): string {
  return mkdtempSync(path.join(tmpdir(), `${prefix}-`));
}

export interface OwnServer {
  readonly url: string;
  readonly port: number;
  start(): Promise<void>;
  /** A stop as an outage would be: `kill` sends SIGKILL, else a clean shutdown. */
  stop(options?: { kill?: boolean }): Promise<void>;
  readonly running: boolean;
}

abstract class ProcessServer implements OwnServer {
  protected child: ChildProcess | null = null;
  constructor(
    readonly port: number,
    protected readonly dir: string,
    readonly url: string,
    private readonly name: string,
  ) {}
  protected abstract command(): { file: string; args: string[] };

  get running(): boolean {
    return !!this.child && !exited(this.child);
  }

  async start(): Promise<void> {
    const { file, args } = this.command();
    const log = openSync(path.join(this.dir, `${this.name}.log`), 'a');
    this.child = spawn(file, args, { stdio: ['ignore', log, log] });
    const child = this.child;
    await until(`${this.name} on port ${this.port}`, async () => {
      if (exited(child))
        throw new Error(
          `${this.name} exited with ${child.exitCode ?? child.signalCode}; see ${this.dir}/${this.name}.log`,
        );
      return portOpen(this.port);
    });
  }

  async stop(options: { kill?: boolean } = {}): Promise<void> {
    await stopProcess(this.child, options.kill ? 'SIGKILL' : 'SIGTERM');
    this.child = null;
  }
}

export class OwnNats extends ProcessServer {
  constructor(
    port: number,
    dir: string,
    private readonly configFile?: string,
  ) {
    super(port, dir, `nats://127.0.0.1:${port}`, `nats-${port}`);
  }
  protected command() {
    if (this.configFile) return { file: NATS_SERVER, args: ['-c', this.configFile] };
    return {
      file: NATS_SERVER,
      args: [
        '-a',
        '127.0.0.1',
        '-p',
        String(this.port),
        '-js',
        '-sd',
        path.join(this.dir, `js-${this.port}`),
      ],
    };
  }
}

export class OwnRedis extends ProcessServer {
  constructor(port: number, dir: string) {
    super(port, dir, `redis://127.0.0.1:${port}`, `redis-${port}`);
  }
  protected command() {
    return {
      file: REDIS_SERVER,
      args: [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        this.dir,
      ],
    };
  }
}

function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions
    .map((v) => path.join(root, v, 'bin'))
    .find((dir) => existsSync(path.join(dir, 'initdb')));
  if (!found)
    throw new Error(
      'no PostgreSQL server binaries under /usr/lib/postgresql (apt-get install postgresql)',
    );
  return found;
}

/** PostgreSQL refuses to run as root: the cluster belongs to the `postgres` user when the suite runs as root. */
const asPostgres = (file: string, args: string[]): { file: string; args: string[] } =>
  process.getuid?.() === 0
    ? { file: 'runuser', args: ['-u', 'postgres', '--', file, ...args] }
    : { file, args };

export class OwnPostgres implements OwnServer {
  readonly url: string;
  private readonly bin = postgresBin();
  private readonly data: string;
  private up = false;
  constructor(
    readonly port: number,
    private readonly dir: string,
  ) {
    this.url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    this.data = path.join(dir, 'pgdata');
  }

  get running(): boolean {
    return this.up;
  }

  private run(file: string, args: string[]): void {
    const command = asPostgres(path.join(this.bin, file), args);
    execFileSync(command.file, command.args, { stdio: 'ignore', timeout: 120_000 });
  }

  /** initdb once (trust auth, no fsync: a test cluster), then start. */
  async init(): Promise<void> {
    mkdirSync(this.data, { recursive: true });
    if (process.getuid?.() === 0) {
      const { uid, gid } = postgresIds();
      chownSync(this.dir, uid, gid);
      chownSync(this.data, uid, gid);
    }
    this.run('initdb', [
      '-D',
      this.data,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-sync',
    ]);
    writeFileSync(
      path.join(this.data, 'postgresql.auto.conf'),
      [
        `port = ${this.port}`,
        `listen_addresses = '127.0.0.1'`,
        `unix_socket_directories = '${this.dir}'`,
        'fsync = off',
        'synchronous_commit = off',
        'full_page_writes = off',
        'max_connections = 300',
        '',
      ].join('\n'),
    );
    if (process.getuid?.() === 0) {
      const { uid, gid } = postgresIds();
      chownSync(path.join(this.data, 'postgresql.auto.conf'), uid, gid);
    }
    await this.start();
  }

  async start(): Promise<void> {
    this.run('pg_ctl', [
      '-D',
      this.data,
      '-l',
      path.join(this.dir, 'postgres.log'),
      '-w',
      '-t',
      '60',
      'start',
    ]);
    this.up = true;
    await until(`postgres on port ${this.port}`, () => portOpen(this.port));
  }

  async stop(options: { kill?: boolean } = {}): Promise<void> {
    if (!this.up) return;
    // immediate: the postmaster ends every backend at once, as a crash would; fast: a clean shutdown.
    this.run('pg_ctl', [
      '-D',
      this.data,
      '-m',
      options.kill ? 'immediate' : 'fast',
      '-w',
      '-t',
      '60',
      'stop',
    ]);
    this.up = false;
  }
}

function postgresIds(): { uid: number; gid: number } {
  const id = (flag: string) =>
    Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * A three-node NATS JetStream cluster on loopback: a config file per node (server_name, client and route
 * ports, its own store dir), every node routing to every other. `urls` is what a client is given.
 */
export async function ownNatsCluster(
  dir: string,
  size = 3,
): Promise<{ nodes: OwnNats[]; names: string[]; urls: string[] }> {
  const clientPorts: number[] = [];
  const routePorts: number[] = [];
  for (let i = 0; i < size; i += 1) {
    clientPorts.push(await freePort());
    routePorts.push(await freePort());
  }
  const names = clientPorts.map((_, i) => `n${i + 1}`);
  const routes = routePorts.map((port) => `nats-route://127.0.0.1:${port}`).join(', ');
  const nodes = clientPorts.map((port, i) => {
    const file = path.join(dir, `${names[i]}.conf`);
    writeFileSync(
      file,
      [
        `server_name: ${names[i]}`,
        `listen: 127.0.0.1:${port}`,
        `jetstream { store_dir: "${path.join(dir, `js-${names[i]}`)}" }`,
        `cluster { name: mnemo-test, listen: 127.0.0.1:${routePorts[i]}, routes: [${routes}] }`,
        '',
      ].join('\n'),
    );
    return new OwnNats(port, dir, file);
  });
  await Promise.all(nodes.map((node) => node.start()));
  return { nodes, names, urls: nodes.map((node) => node.url) };
}
