import type { Subscription } from './event-log.port';
import type { Logger } from './logger.port';
import { periodicRuns } from './metrics';

export interface PeriodicTaskOptions {
  /** Names the task in the log line of a failed run. */
  name: string;
  intervalMs: number;
  /** When the first run starts; by default one interval after start. */
  firstDelayMs?: number;
  logger: Logger;
  run: () => Promise<unknown>;
}

/**
 * A sweep or loop that runs every `intervalMs`, never two runs at once (a slow run is not stacked on by
 * the next tick), and never keeps the process alive. A failed run is logged; the next tick retries.
 * `stop()` cancels the timers and waits for the run in hand.
 */
export function startPeriodicTask(options: PeriodicTaskOptions): Subscription {
  const { name, intervalMs, logger, run } = options;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = run()
      .then(() => periodicRuns.inc({ task: name, result: 'ok' }))
      .catch((error: unknown) => {
        periodicRuns.inc({ task: name, result: 'failed' });
        logger.warn(
          { task: name, err: String((error as Error)?.message ?? error) },
          `${name} failed; the next run retries`,
        );
      })
      .finally(() => {
        running = null;
      });
  };
  let timer: NodeJS.Timeout | null = null;
  const first = setTimeout(() => {
    tick();
    timer = setInterval(tick, intervalMs);
    timer.unref();
  }, options.firstDelayMs ?? intervalMs);
  first.unref();
  return {
    async stop() {
      clearTimeout(first);
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
