import { Gauge } from 'prom-client';
import { metricsRegistry, type EventLog } from '@mnemo/eventing';
import type { Projection } from './projection';

/** What the gauge reads at scrape time: the projections the platform started last in this process. */
let source: { log: EventLog; projections: readonly Projection[] } | null = null;
let gauge: Gauge<'projection'> | null = null;

/**
 * `mnemo_projection_lag_events`: messages the projection's durable consumer has not settled yet,
 * read from the log when /metrics is scraped. The gauge is created once per process; a later start
 * (tests start several platforms in one process) points it at its own log and projections.
 */
export function registerProjectionLag(log: EventLog, projections: readonly Projection[]): void {
  source = { log, projections };
  gauge ??= new Gauge({
    name: 'mnemo_projection_lag_events',
    help: 'Events in the log that a projection has not applied yet',
    labelNames: ['projection'] as const,
    registers: [metricsRegistry],
    async collect() {
      this.reset();
      if (!source) return;
      const { log: current, projections: names } = source;
      const lags = await Promise.all(
        names.map((p) => current.pending('events', `projection-${p.name}`).catch(() => NaN)),
      );
      names.forEach((projection, i) => this.set({ projection: projection.name }, lags[i] ?? NaN));
    },
  });
}
