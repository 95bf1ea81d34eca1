import { ConflictError } from '@mnemo/contracts';
import type { Logger, Subscription } from '@mnemo/eventing';
import type { TranscriptIngestRunner } from './transcript-ingest.runner';

const MAX_TIMER_MS = 2 ** 31 - 1;
const RETRY_AFTER_FAILURE_MS = 60 * 60 * 1000;

/**
 * The periodic loop: due an interval after the last attempt (read from the runs table, so a restart
 * or another instance's run counts), never sooner than the boot delay after start. The cache lock
 * inside the run keeps two instances from running at once; the one that loses just waits again.
 */
export function startTranscriptIngestLoop(
  runner: TranscriptIngestRunner,
  logger: Logger,
): Subscription {
  const { enabled, bootDelayMs, intervalMs } = runner.config;
  if (!enabled) {
    logger.info({}, 'transcript ingest loop is off (MNEMO_SESSION_INGEST_ENABLED=false)');
    return { stop: async () => undefined };
  }
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(
      () => {
        running = tick().finally(() => (running = null));
      },
      Math.min(Math.max(ms, 0), MAX_TIMER_MS),
    );
    timer.unref?.();
  };

  const tick = async () => {
    let wait = intervalMs;
    try {
      const due = await runner.nextDueInMs();
      if (due > 0) wait = due;
      else await runner.run({ trigger: 'loop' });
    } catch (error) {
      if (!(error instanceof ConflictError)) wait = Math.min(intervalMs, RETRY_AFTER_FAILURE_MS);
      logger.warn(
        { err: error instanceof Error ? error.message : String(error) },
        'transcript ingest loop: run did not complete',
      );
    }
    schedule(wait);
  };

  schedule(bootDelayMs);
  logger.info(
    { intervalMs, root: runner.config.root, accountId: runner.config.accountId },
    'transcript ingest loop started',
  );
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
