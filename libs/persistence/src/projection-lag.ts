import { Gauge } from 'prom-client';
import { metricsRegistry, type EventLog } from '@mnemo/eventing';
import type { Projection } from './projection';

/**
 * `mnemo_projection_lag_events`: messages the projection's durable consumer has not settled yet,
 * read from the log when /metrics is scraped.
 */
export function registerProjectionLag(log: EventLog, projections: readonly Projection[]): void {
  const existing = metricsRegistry.getSingleMetric('mnemo_projection_lag_events');
  if (existing) metricsRegistry.removeSingleMetric('mnemo_projection_lag_events');
  new Gauge({
    name: 'mnemo_projection_lag_events',
    help: 'Events in the log that a projection has not applied yet',
    labelNames: ['projection'] as const,
    registers: [metricsRegistry],
    async collect() {
      for (const projection of projections) {
        const pending = await log.pending('events', `projection-${projection.name}`).catch(() => NaN);
        this.set({ projection: projection.name }, pending);
      }
    },
  });
}
