import type { OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { Subscription } from '../event-log.port';
import type { Logger } from '../logger.port';
import { startPeriodicTask, type PeriodicTaskOptions } from '../periodic-task';

/** When a sweep runs: its name, its interval and first delay; or null where it should not run at all. */
export type SweepSchedule = Pick<
  PeriodicTaskOptions,
  'name' | 'intervalMs' | 'firstDelayMs'
> | null;

/**
 * The Nest shell of a periodic sweep: starts it once the application is up and stops it (waiting for the
 * pass in hand) when the module goes down. A subclass says when it runs and what one pass does; the pass
 * stays a public method so that a test drives it with any clock.
 */
export abstract class PeriodicSweep implements OnApplicationBootstrap, OnModuleDestroy {
  private task: Subscription | null = null;

  protected abstract readonly logger: Logger;
  protected abstract schedule(): SweepSchedule;
  protected abstract runPass(): Promise<unknown>;

  onApplicationBootstrap(): void {
    const schedule = this.schedule();
    if (schedule)
      this.task = startPeriodicTask({
        ...schedule,
        logger: this.logger,
        run: () => this.runPass(),
      });
  }

  async onModuleDestroy(): Promise<void> {
    await this.task?.stop();
    this.task = null;
  }
}
