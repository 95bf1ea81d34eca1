import { spawn } from 'node:child_process';
import { createServer, type Server, type Socket } from 'node:net';
import path from 'node:path';

export const MNEMO_BIN = path.join(__dirname, '../../bin/mnemo.js');

export interface HookRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `mnemo hook <event>` as Claude Code does: one JSON object on stdin. With `keepStdinOpen` the
 * pipe is never closed (Claude Code has been seen to do that), so a hook waiting for EOF would hang.
 * With `stdinAfter` the object is written once that promise settles, not at once.
 */
export function runHookProcess(
  event: string,
  payload: unknown,
  env: NodeJS.ProcessEnv,
  options: {
    keepStdinOpen?: boolean;
    cwd?: string;
    nodeArgs?: string[];
    stdinAfter?: Promise<unknown>;
  } = {},
): Promise<HookRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), MNEMO_BIN, 'hook', event], {
      env,
      cwd: options.cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      child.stdin.destroy();
      resolve({ code, stdout, stderr });
    });
    child.stdin.on('error', () => undefined);
    const write = () => {
      child.stdin.write(typeof payload === 'string' ? payload : JSON.stringify(payload));
      if (!options.keepStdinOpen) child.stdin.end();
    };
    if (options.stdinAfter) options.stdinAfter.then(write, write);
    else write();
  });
}

/** A TCP server that takes connections and never answers: a Mnemo that hangs. */
export async function silentServer(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on: one the system just gave out and took back. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
