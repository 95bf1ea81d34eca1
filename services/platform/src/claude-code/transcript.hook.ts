import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { HookInput } from './hook-input';

/** bin/mnemo.js of this checkout: the worker runs the same CLI as the hook. */
export const MNEMO_BIN = path.resolve(__dirname, '../../../../bin/mnemo.js');

/**
 * PreCompact, Stop, SessionEnd: hand the transcript to a detached worker and return at once (the
 * agent waits for hooks; an upload must not hold it). The worker sends only what is new.
 */
export function transcriptHook(input: HookInput, env: NodeJS.ProcessEnv): null {
  const file = input.transcript_path;
  if (!file || !path.isAbsolute(file) || !file.endsWith('.jsonl') || !existsSync(file)) return null;
  const child = spawn(process.execPath, [MNEMO_BIN, 'hook', 'send-transcript', file], {
    detached: true,
    stdio: 'ignore',
    env,
    windowsHide: true,
  });
  child.unref();
  return null;
}
