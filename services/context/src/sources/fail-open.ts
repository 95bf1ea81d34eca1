import { Counter } from 'prom-client';
import { metricsRegistry, type Logger } from '@mnemo/eventing';

export const contextSourceFailures = new Counter({
  name: 'mnemo_context_source_failures_total',
  help: 'Context sources that threw or timed out; their section was left out and the rest served',
  labelNames: ['source'] as const,
  registers: [metricsRegistry],
});

export const contextStatementFallbacks = new Counter({
  name: 'mnemo_context_statement_fallbacks_total',
  help: "Context builds whose sources' one statement failed, so each source was asked alone",
  registers: [metricsRegistry],
});

export class SourceTimeoutError extends Error {
  constructor(source: string, ms: number) {
    super(`source "${source}" took longer than ${ms} ms`);
  }
}

/**
 * Every source fails open (docs/context.md). A source that throws or times out yields undefined, is
 * named in `failed`, logged and counted; the assembler then drops its section and serves the rest.
 */
export async function loadFailOpen<T>(
  name: string,
  load: () => Promise<T>,
  options: { timeoutMs: number; failed: string[]; logger: Logger; accountId: string },
): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new SourceTimeoutError(name, options.timeoutMs)),
      options.timeoutMs,
    );
  });
  try {
    return await Promise.race([load(), timeout]);
  } catch (error) {
    options.failed.push(name);
    contextSourceFailures.inc({ source: name });
    options.logger.warn(
      {
        source: name,
        accountId: options.accountId,
        err: String((error as Error)?.message ?? error),
      },
      'context source failed; section left out',
    );
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}
