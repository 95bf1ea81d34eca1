import type { EventEnvelope } from '@mnemo/contracts';
import type { EventLog, Logger } from '@mnemo/eventing';
import { afterServing } from './context-effects';

/** How long a build's telemetry event waits for others to share its append: 50 ms still left sequential builds on a loaded machine two to a batch. */
export const TELEMETRY_LINGER_MS = 200;
/** A batch is appended at once when it holds this many events. */
const TELEMETRY_MAX_BATCH = 500;

/**
 * Appends the builds' telemetry events (one FeatureEventRecorded per build, as before) in batches:
 * those made within TELEMETRY_LINGER_MS go in one append. Appended one by one, each build's event
 * cost an accepted-id transaction (two Postgres round trips), a publish and its ack, and on the
 * consuming side a delivery, an ack and a transaction or checkpoint write in every projection that
 * reads the whole stream, about half the CPU of a cold build. A batch is lost as one telemetry
 * event was: logged, never failing an answer. `flush` appends what waits (at shutdown).
 */
export class TelemetryBatcher {
  private pending: EventEnvelope[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly deps: { log: EventLog; logger: Logger }) {}

  record(event: EventEnvelope): void {
    this.pending.push(event);
    if (this.pending.length >= TELEMETRY_MAX_BATCH) void this.flush();
    else if (this.timer === null) {
      this.timer = setTimeout(() => void this.flush(), TELEMETRY_LINGER_MS);
      this.timer.unref();
    }
  }

  flush(): Promise<void> {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return Promise.resolve();
    const appending = this.deps.log.appendMany('events', batch);
    afterServing(this.deps.logger, `telemetry (${batch.length} events)`, appending);
    return appending.then(
      () => undefined,
      () => undefined,
    );
  }
}
