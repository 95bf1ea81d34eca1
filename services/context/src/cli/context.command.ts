import { randomBytes } from 'node:crypto';
import { mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';

export interface ClaudeMdCommandOptions {
  url: string;
  apiKey: string;
  session: string;
  pinned?: string;
  source?: string;
  out?: string;
}

/**
 * Writes through a temporary file in the same directory and renames it over the target: a rename is
 * atomic on one file system, so a session starting at the same moment reads the old file or the new
 * one, never half of one (docs/context.md). A missing directory is created first: the usual target
 * (a per-project or shared CLAUDE.md) may not exist before the first session.
 */
export async function writeFileAtomically(file: string, text: string): Promise<void> {
  const target = path.resolve(file);
  const temp = path.join(
    path.dirname(target),
    `.${path.basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`,
  );
  await mkdir(path.dirname(target), { recursive: true });
  try {
    await writeFile(temp, text, { encoding: 'utf8', flag: 'wx' });
    await rename(temp, target);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}

export async function fetchClaudeMd(options: ClaudeMdCommandOptions): Promise<string> {
  const url = new URL('/v1/context/claude-md', options.url);
  url.searchParams.set('sessionId', options.session);
  if (options.pinned) url.searchParams.set('pinned', options.pinned);
  if (options.source) url.searchParams.set('source', options.source);
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${options.apiKey}`, accept: 'text/markdown' },
  });
  const body = await response.text();
  if (!response.ok) {
    let message = body;
    try {
      message = (JSON.parse(body) as { error?: { message?: string } }).error?.message ?? body;
    } catch {
      // not JSON: the body as it came
    }
    throw new Error(`the gateway answered ${response.status}: ${message}`);
  }
  return body;
}

/** `mnemo context claude-md`: prints the CLAUDE.md, or writes it atomically with --out. */
export async function runClaudeMdCommand(
  options: ClaudeMdCommandOptions,
  stdout: NodeJS.WritableStream = process.stdout,
): Promise<void> {
  const markdown = await fetchClaudeMd(options);
  if (options.out) await writeFileAtomically(options.out, markdown);
  else stdout.write(markdown);
}

export function registerContextCommands(
  program: Command,
  env: NodeJS.ProcessEnv = process.env,
): void {
  const context = program
    .command('context')
    .description('context for a model, from a running gateway (MNEMO_URL, MNEMO_API_KEY)');
  context
    .command('claude-md')
    .description("print a session's CLAUDE.md, or write it atomically with --out")
    .requiredOption('--session <id>', 'the session id')
    .option('--pinned <ids>', 'comma-separated artifact ids to load in full')
    .option('--source <source>', "the session's source, when it is not ingested yet")
    .option('--out <file>', 'write to this file (temp file + rename) instead of printing')
    .action(
      async (options: { session: string; pinned?: string; source?: string; out?: string }) => {
        const apiKey = env.MNEMO_API_KEY;
        if (!apiKey) throw new Error('set MNEMO_API_KEY to the account API key');
        await runClaudeMdCommand({
          url: env.MNEMO_URL ?? 'http://127.0.0.1:8080',
          apiKey,
          ...options,
        });
      },
    );
}
