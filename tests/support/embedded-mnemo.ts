import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { until } from './own-servers';

const MNEMO = path.join(__dirname, '../../bin/mnemo.js');

export interface EmbeddedMnemo {
  readonly child: ChildProcess;
  /** `http://127.0.0.1:<port>`, the port the gateway says it bound. */
  readonly base: string;
  /** What the process printed so far, stdout and stderr. */
  output(): string;
}

/**
 * `mnemo start --target all` in a process of its own, on the ports the kernel picks: a port the test drew itself
 * could be taken by another process before Mnemo bound it (a CI run lost a suite to EADDRINUSE that way).
 * Fails as soon as the process exits, with what it printed.
 */
export async function startEmbeddedMnemo(
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<EmbeddedMnemo> {
  const child = spawn(process.execPath, [MNEMO, 'start', '--target', 'all'], {
    env: { ...env, MNEMO_HTTP_PORT: '0', MNEMO_GRPC_PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  let base: string | undefined;
  try {
    await until(
      'mnemo start listening',
      () => {
        base = /listening on (http:\/\/\S+)/.exec(output)?.[1];
        if (base) return true;
        if (child.exitCode !== null || child.signalCode !== null)
          throw new Error(`mnemo start exited (${child.exitCode ?? child.signalCode})`);
        return false;
      },
      timeoutMs,
    );
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}; it printed:\n${output.slice(-4000)}`, {
      cause: error,
    });
  }
  return { child, base: base!, output: () => output };
}
