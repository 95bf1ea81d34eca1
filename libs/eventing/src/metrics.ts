import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** One registry for the process; every service's consumers report into it, /metrics serves it. */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

export const eventsConsumed = new Counter({
  name: 'mnemo_events_consumed_total',
  help: 'Deliveries handled, by consumer and result',
  labelNames: ['consumer', 'result'] as const,
  registers: [metricsRegistry],
});

export const handlerLatency = new Histogram({
  name: 'mnemo_handler_batch_seconds',
  help: 'Time to handle one batch of deliveries',
  labelNames: ['consumer'] as const,
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [metricsRegistry],
});

export const redeliveries = new Counter({
  name: 'mnemo_redeliveries_total',
  help: 'Deliveries that were not the first for their message',
  labelNames: ['consumer'] as const,
  registers: [metricsRegistry],
});

export const deadLetters = new Counter({
  name: 'mnemo_dead_letters_total',
  help: 'Messages sent to the dead-letter subject',
  labelNames: ['consumer'] as const,
  registers: [metricsRegistry],
});

export const periodicRuns = new Counter({
  name: 'mnemo_periodic_runs_total',
  help: 'Finished runs of a periodic task (a sweep, a loop), by task and result',
  labelNames: ['task', 'result'] as const,
  registers: [metricsRegistry],
});
