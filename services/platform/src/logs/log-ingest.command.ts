import { createReadStream, statSync } from 'node:fs';
import type { Readable } from 'node:stream';
import type { Command } from 'commander';
import { LineSplitter } from '@mnemo/log-templates';
import { clientSettingsFile, loadClientSettings } from '@mnemo/mnemo-client';

/** The server folds lines up to 64K characters and counts longer ones as skipped (docs/logs.md). */
const MAX_LINE_BYTES = 64 * 1024;
/** Per request: well under the server's 20,000 lines and, JSON-escaped, under its 5 MB body bound. */
const BATCH_LINES = 5000;
const BATCH_BYTES = 512 * 1024;

export interface LogIngestOptions {
  url: string;
  apiKey: string;
  project: string;
  sourceId: string;
  unit?: string;
  host?: string;
  onProgress?: (progress: { bytes: number; lines: number }) => void;
}

export interface LogIngestSummary {
  /** Lines read from the input. */
  read: number;
  /** Lines the server folded into templates. */
  folded: number;
  /** Lines skipped: too long here, or empty, binary or too long at the server. */
  skipped: number;
  requests: number;
}

/**
 * Reads a log (a stream of lines, any size: a line is held only up to the bound) and sends it to the
 * gateway's `POST /v1/logs/lines` in batches, where it is redacted and folded like a source's lines.
 */
export async function ingestLogLines(
  input: Readable,
  options: LogIngestOptions,
): Promise<LogIngestSummary> {
  const summary: LogIngestSummary = { read: 0, folded: 0, skipped: 0, requests: 0 };
  const splitter = new LineSplitter(MAX_LINE_BYTES);
  let batch: string[] = [];
  let batchBytes = 0;
  let bytes = 0;
  const send = async () => {
    if (batch.length === 0) return;
    const answer = await postLines(options, batch);
    summary.folded += answer.lines;
    summary.skipped += answer.skipped;
    summary.requests++;
    batch = [];
    batchBytes = 0;
    options.onProgress?.({ bytes, lines: summary.read });
  };
  const take = async (pieces: ReturnType<LineSplitter['push']>) => {
    for (const piece of pieces) {
      summary.read++;
      // binary (a NUL no table can hold; the gateway refuses it) or too long: counted here, not sent
      if (piece.kind === 'too_long' || piece.bytes.includes(0)) {
        summary.skipped++;
        continue;
      }
      const line = piece.bytes.toString('utf8').replace(/\r$/, '');
      batch.push(line);
      batchBytes += piece.bytes.length;
      if (batch.length >= BATCH_LINES || batchBytes >= BATCH_BYTES) await send();
    }
  };
  for await (const chunk of input as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    await take(splitter.push(chunk));
  }
  // a last line with no newline is a line
  if (splitter.pendingBytes > 0) await take(splitter.push(Buffer.from('\n')));
  await send();
  return summary;
}

async function postLines(
  options: LogIngestOptions,
  lines: string[],
): Promise<{ lines: number; skipped: number }> {
  const response = await fetch(new URL('/v1/logs/lines', options.url), {
    method: 'POST',
    headers: { authorization: `Bearer ${options.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      project: options.project,
      sourceId: options.sourceId,
      ...(options.unit ? { unit: options.unit } : {}),
      ...(options.host ? { host: options.host } : {}),
      lines,
    }),
  }).catch((error: unknown) => {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason = cause?.code ?? cause?.message ?? String(error);
    throw new Error(
      `cannot reach the gateway at ${options.url} (${reason}); is \`mnemo start\` running?`,
    );
  });
  const answer = (await response.json().catch(() => ({}))) as {
    lines?: number;
    skipped?: number;
    error?: { message?: string };
  };
  if (!response.ok)
    throw new Error(
      `the gateway answered ${response.status}: ${answer.error?.message ?? 'no reason given'}`,
    );
  return { lines: answer.lines ?? 0, skipped: answer.skipped ?? 0 };
}

/**
 * `mnemo logs ingest FILE|-`: a one-off import of a log into a running gateway (MNEMO_URL and
 * MNEMO_API_KEY, else the settings `mnemo hook install` wrote), with progress on a terminal and a
 * summary at the end.
 */
export function registerLogIngestCommand(program: Command): void {
  const logs =
    program.commands.find((command) => command.name() === 'logs') ??
    program.command('logs').description('runtime logs: templates mined from what the system says');
  logs
    .command('ingest')
    .description('send the lines of FILE (or - for standard input) to the running gateway, once')
    .argument('<file>', 'a log file, one message per line, or - for standard input')
    .option('--project <project>', 'the project the lines belong to', 'default')
    .option('--source <sourceId>', 'the source name the import is counted under', 'import')
    .option('--unit <unit>', 'the unit or program that wrote the lines')
    .option('--host <host>', 'the host the lines come from')
    .action(
      async (
        file: string,
        options: { project: string; source: string; unit?: string; host?: string },
      ) => {
        const { url, apiKey } = loadClientSettings(process.env);
        if (!apiKey)
          throw new Error(
            `no API key: set MNEMO_API_KEY, or run \`mnemo hook install --api-key KEY\`, which keeps it in ${clientSettingsFile(process.env)}`,
          );
        const input = file === '-' ? process.stdin : createReadStream(file);
        const total = file === '-' ? null : statSync(file).size;
        const tty = process.stderr.isTTY === true;
        const startedAt = Date.now();
        const summary = await ingestLogLines(input, {
          url,
          apiKey,
          project: options.project,
          sourceId: options.source,
          ...(options.unit ? { unit: options.unit } : {}),
          ...(options.host ? { host: options.host } : {}),
          onProgress: tty
            ? ({ bytes, lines }) =>
                process.stderr.write(
                  `\r${lines} lines sent${total ? ` (${Math.floor((bytes / Math.max(total, 1)) * 100)}%)` : ''}`,
                )
            : undefined,
        });
        if (tty) process.stderr.write('\n');
        const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
        process.stdout.write(
          `${summary.read} lines read: ${summary.folded} folded into templates, ${summary.skipped} skipped ` +
            `(empty, binary or too long); ${summary.requests} requests to ${url}; ${seconds} s\n`,
        );
      },
    );
}
