import type { Readable, Writable } from 'node:stream';
import { loadClientSettings, MnemoClient, projectIdentity, projectName } from '@mnemo/mnemo-client';
import { asHookInput } from './hook-input';
import type { HookCommandName } from './domain/hook-settings';

export const DEFAULT_HOOK_TIMEOUT_MS = 2_000;

/** MNEMO_HOOK_TIMEOUT_MS, between 100 ms and 60 s; a bad value is the default (a hook never fails on its config). */
export function hookTimeoutMs(env: NodeJS.ProcessEnv): number {
  const value = Number(env.MNEMO_HOOK_TIMEOUT_MS);
  return Number.isInteger(value) && value >= 100 && value <= 60_000
    ? value
    : DEFAULT_HOOK_TIMEOUT_MS;
}

export interface HookIo {
  stdin: Readable;
  stdout: Writable;
  env: NodeJS.ProcessEnv;
  /** When the hook process started (ms since the epoch): the bound counts from there, start-up included. */
  startedAt: number;
}

const TRANSCRIPT_EVENTS: readonly HookCommandName[] = ['pre-compact', 'stop', 'session-end'];

/** The hook's way to Mnemo, made before its input is read, and what it asks that needs no input. */
interface Connection {
  client: MnemoClient;
  /** What is left of the hook's bound, for Mnemo's answers and for git where the disk cannot name the project. */
  leftMs: number;
  /** The prompt hook's memory block: the account's, so it is asked while the input is read and the hook's code loads. */
  memoryBlock?: Promise<string>;
}

/** Null where the event sends no request of its own (the transcript hooks) or no API key is set. */
function connect(
  event: HookCommandName,
  env: NodeJS.ProcessEnv,
  signal: AbortSignal,
  deadlineMs: number,
): Connection | null {
  if (TRANSCRIPT_EVENTS.includes(event)) return null;
  const settings = loadClientSettings(env);
  if (!settings.apiKey) return null;
  const leftMs = Math.max(50, Math.floor(deadlineMs - Date.now()));
  const client = new MnemoClient({
    url: settings.url,
    apiKey: settings.apiKey,
    timeoutMs: leftMs,
    signal,
  });
  const memoryBlock =
    event === 'user-prompt-submit'
      ? client.memoryBlock().then(
          (block) => block.text,
          () => '',
        )
      : undefined;
  return { client, leftMs, memoryBlock };
}

async function answer(
  event: HookCommandName,
  raw: Record<string, unknown>,
  env: NodeJS.ProcessEnv,
  connection: Connection | null,
) {
  const input = asHookInput(raw);
  // Each event loads only its own module: a hook is a new process per call, and what it loads is its start-up.
  if (TRANSCRIPT_EVENTS.includes(event))
    return (await import('./transcript.hook')).transcriptHook(input, env);
  if (connection === null) return null;
  const { client, leftMs } = connection;
  if (event === 'user-prompt-submit') {
    // looked up while the hook's module loads: the recall scoped to it is the last answer the hook waits for
    const project = projectName(input.cwd, env, leftMs);
    const { userPromptSubmitHook } = await import('./user-prompt-submit.hook');
    return userPromptSubmitHook(
      input,
      client,
      connection.memoryBlock ?? Promise.resolve(''),
      project,
    );
  }
  if (event === 'post-tool-use') {
    const project = projectName(input.cwd, env, leftMs);
    const { postToolUseHook } = await import('./post-tool-use.hook');
    return postToolUseHook(input, client, project, env);
  }
  const [{ sessionStartHook }, { recordCurrentSession }] = await Promise.all([
    import('./session-start.hook'),
    import('./hook-state'),
  ]);
  const identity = await projectIdentity(input.cwd, env, leftMs);
  try {
    recordCurrentSession(env, identity.project, input.session_id);
  } catch {
    // no state directory: the MCP tools then need the session id from the context
  }
  return sessionStartHook(input, client, identity);
}

/**
 * Runs one hook within its bound and fails open: whatever happens (Mnemo down or slow, bad input, a
 * bug), the agent gets exit 0 and either the hook's JSON or nothing at all. Resolves to the exit code.
 */
export async function runHook(event: HookCommandName, io: HookIo): Promise<number> {
  const deadlineMs = io.startedAt + hookTimeoutMs(io.env);
  const abort = new AbortController();
  // leave a little time to write the answer before the hard stop
  const timer = setTimeout(() => abort.abort(), Math.max(0, deadlineMs - Date.now() - 100));
  try {
    const connection = connect(event, io.env, abort.signal, deadlineMs - 100);
    const { readHookInput } = await import('./hook-stdin');
    const raw = await readHookInput(io.stdin, abort.signal);
    const output = await Promise.race([
      answer(event, raw, io.env, connection),
      new Promise<null>((resolve) =>
        abort.signal.addEventListener('abort', () => resolve(null), { once: true }),
      ),
    ]);
    if (output && !abort.signal.aborted)
      await new Promise<void>((resolve) =>
        io.stdout.write(JSON.stringify(output), () => resolve()),
      );
  } catch (error) {
    if (io.env.MNEMO_HOOK_DEBUG)
      process.stderr.write(`mnemo hook ${event}: ${(error as Error)?.message ?? error}\n`);
  } finally {
    clearTimeout(timer);
  }
  return 0;
}
