import { spawn } from 'node:child_process';

/** One request of a sequential run. */
export interface ClientRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  /** Quiet before this request is sent, as an agent thinking between two questions. */
  pauseMs?: number;
}

/**
 * The client, run by `node -e` in a child process: one keep-alive connection (node:http), each request
 * sent once the last answer has been read whole, timed from send to last byte. It reads its runs as JSON
 * on stdin and prints each run's times as one JSON line.
 */
const CLIENT = `
const http = require('node:http');
let input = '';
process.stdin.on('data', (chunk) => (input += chunk));
process.stdin.on('end', async () => {
  const o = JSON.parse(input);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const ask = ({ method, path, body, pauseMs }) => new Promise((resolve) => setTimeout(resolve, pauseMs ?? 0)).then(() => new Promise((resolve, reject) => {
    const t0 = performance.now();
    const request = http.request(o.base + path, { method, agent, headers: { ...o.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) } }, (response) => {
      response.on('data', () => {});
      response.on('end', () => (response.statusCode === 200 ? resolve(performance.now() - t0) : reject(new Error(method + ' ' + path + ': HTTP ' + response.statusCode))));
    });
    request.on('error', reject);
    request.end(body);
  }));
  try {
    const out = {};
    for (const [name, requests] of Object.entries(o.runs)) {
      out[name] = [];
      for (const request of requests) out[name].push(await ask(request));
    }
    console.log(JSON.stringify(out));
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
});
`;

/**
 * Sends each run's requests one at a time from a child process and answers their times in ms, per run.
 * The client's own work stays out of the measured platform's event loop (a load generator runs in its
 * own process); in the bench's process, Node's fetch cost about as much CPU per recall question
 * as the recall route itself.
 */
export function askSequentially(
  base: string,
  headers: Record<string, string>,
  runs: Record<string, ClientRequest[]>,
): Promise<Record<string, number[]>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', CLIENT], { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').at(-1)!))
        : reject(new Error(`the sequential client exited ${code}`)),
    );
    child.stdin.end(JSON.stringify({ base, headers, runs }));
  });
}
