import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, readFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { stopProcess, until, type OwnServer } from './own-servers';

const MNEMO = path.join(__dirname, '../../bin/mnemo.js');

/**
 * The environment of a `mnemo start` process on servers of a test's own, for a run with no transcript loop and
 * no model key (the soak, the startup spec); `extra` adds to it.
 */
export function ownServersEnv(
  servers: { nats: OwnServer; redis: OwnServer; postgres: OwnServer },
  options: { httpPort: number; adminKey: string },
  extra: NodeJS.ProcessEnv = {},
): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NATS_URL: servers.nats.url,
    DATABASE_URL: servers.postgres.url,
    REDIS_URL: servers.redis.url,
    MNEMO_HTTP_PORT: String(options.httpPort),
    MNEMO_GRPC_PORT: '0',
    MNEMO_ADMIN_KEY: options.adminKey,
    MNEMO_SESSION_INGEST_ENABLED: 'false',
    ANTHROPIC_API_KEY: '',
    LOG_LEVEL: 'info',
    ...extra,
  };
}

/** One `mnemo start --target <service>` process, restartable, its output in `<dir>/<name>.log`. */
export class ServiceProcess {
  private child: ChildProcess | null = null;
  private starts = 0;
  constructor(
    readonly name: string,
    readonly target: string,
    private readonly dir: string,
    private readonly env: () => NodeJS.ProcessEnv,
  ) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get running(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  get logFile(): string {
    return path.join(this.dir, `${this.name}.log`);
  }

  /** Starts and waits for the process to say every service of its target started and its edges listen. */
  async start(timeoutMs = 180_000): Promise<void> {
    this.starts += 1;
    const marker = `--- start ${this.starts} ---\n`;
    const fd = openSync(this.logFile, 'a');
    writeSync(fd, marker);
    this.child = spawn(process.execPath, [MNEMO, 'start', '--target', this.target], {
      env: this.env(),
      stdio: ['ignore', fd, fd],
    });
    const child = this.child;
    // Logged once every service of the target started and the HTTP and gRPC edges listen (a count of "service
    // started" lines took `--target all` for one service, and the soak's first reads met services not yet up).
    await until(
      `${this.name} started`,
      () => {
        if (child.exitCode !== null || child.signalCode !== null)
          throw new Error(
            `${this.name} exited (${child.exitCode ?? child.signalCode}):\n${this.tail()}`,
          );
        const text = readFileSync(this.logFile, 'utf8');
        return text.slice(text.lastIndexOf(marker)).includes('"msg":"platform started"');
      },
      timeoutMs,
    );
  }

  /** `kill -9`: no shutdown hook runs, in-flight messages stay unacked. */
  async kill(): Promise<void> {
    await stopProcess(this.child, 'SIGKILL');
    this.child = null;
  }

  async stop(): Promise<void> {
    await stopProcess(this.child, 'SIGTERM');
    this.child = null;
  }

  tail(lines = 40): string {
    try {
      return readFileSync(this.logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
    } catch {
      return '(no log)';
    }
  }
}

/** Every service in a process of its own; `copies` runs a service more than once (they share its consumers). */
export class ServiceFleet {
  readonly processes: ServiceProcess[];
  constructor(
    targets: Array<{ target: string; copies?: number }>,
    dir: string,
    env: (name: string) => NodeJS.ProcessEnv,
  ) {
    this.processes = targets.flatMap(({ target, copies = 1 }) =>
      Array.from({ length: copies }, (_, i) => {
        const name = copies > 1 ? `${target}-${i + 1}` : target;
        return new ServiceProcess(name, target, dir, () => env(name));
      }),
    );
  }

  get(name: string): ServiceProcess {
    const found = this.processes.find((p) => p.name === name);
    if (!found) throw new Error(`no process ${name}`);
    return found;
  }

  /**
   * The first process alone (it runs the migrations, so the rest do not race for them), then the rest a
   * few at a time: a dozen Node processes loading Nest at once on two cores would each take minutes.
   */
  async start(concurrency = 3): Promise<void> {
    const [first, ...rest] = this.processes;
    if (first === undefined) return;
    await first.start();
    const queue = [...rest];
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) await next.start();
      }),
    );
  }

  async stop(): Promise<void> {
    await Promise.all(this.processes.map((p) => p.stop()));
  }

  /** The last lines of every log, for a failure message. */
  tails(lines = 15): string {
    return this.processes.map((p) => `== ${p.name}\n${p.tail(lines)}`).join('\n');
  }
}
