import type { Readable } from 'node:stream';
import { endOfFirstJsonObject } from './domain/first-json-object';

const MAX_INPUT_BYTES = 1024 * 1024;

/** The one JSON object Claude Code writes to a hook's stdin, read without waiting for EOF. */
export function readHookInput(
  stdin: Readable,
  signal: AbortSignal,
): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    let text = '';
    const finish = (error: Error | null, value?: Record<string, unknown>) => {
      stdin.off('data', onData);
      stdin.off('end', onEnd);
      stdin.off('error', finishWithError);
      signal.removeEventListener('abort', onAbort);
      stdin.pause();
      if (error) reject(error);
      else resolve(value!);
    };
    const finishWithError = (error: Error) => finish(error);
    const tryParse = (final: boolean) => {
      const end = endOfFirstJsonObject(text);
      if (end < 0) {
        if (final) finish(new Error('stdin ended before a complete JSON object'));
        else if (text.length > MAX_INPUT_BYTES)
          finish(new Error('stdin holds more than 1 MB without a complete JSON object'));
        return;
      }
      try {
        const value: unknown = JSON.parse(text.slice(0, end));
        if (typeof value !== 'object' || value === null || Array.isArray(value))
          throw new Error('stdin is not a JSON object');
        finish(null, value as Record<string, unknown>);
      } catch (error) {
        finish(error as Error);
      }
    };
    const onData = (chunk: Buffer | string) => {
      text += chunk.toString();
      tryParse(false);
    };
    const onEnd = () => tryParse(true);
    const onAbort = () => finish(new Error('no hook input before the deadline'));
    stdin.on('data', onData);
    stdin.once('end', onEnd);
    stdin.once('error', finishWithError);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
