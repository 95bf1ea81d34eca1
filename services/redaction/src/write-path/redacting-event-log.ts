import type { EventEnvelope, StreamKind } from '@mnemo/contracts';
import {
  DelegatingEventLog,
  type AppendResult,
  type DeadLetter,
  type EventLog,
} from '@mnemo/eventing';
import { redactDeep } from '@mnemo/redaction';
import { redactOnce, type RedactionReport } from './redacted-event';

/**
 * The write path of MNEMO_EVENTS and MNEMO_DLQ: a service that appends straight to the durable log (a
 * reactor storing a model's answer, an API storing what a person typed, a log line) has its event
 * redacted here; one the raw reactor has redacted already goes on as it is (docs/redaction.md). Only
 * MNEMO_RAW, the work queue that holds input until it is redacted, is written as given.
 */
export class RedactingEventLog extends DelegatingEventLog {
  constructor(
    inner: EventLog,
    private readonly report: RedactionReport = () => undefined,
  ) {
    super(inner);
  }

  private clean(stream: StreamKind, event: EventEnvelope): EventEnvelope {
    return stream === 'raw' ? event : redactOnce(event, this.report);
  }

  override append(stream: StreamKind, event: EventEnvelope): Promise<AppendResult> {
    return this.inner.append(stream, this.clean(stream, event));
  }

  override appendMany(stream: StreamKind, events: EventEnvelope[]): Promise<AppendResult[]> {
    return this.inner.appendMany(
      stream,
      events.map((event) => this.clean(stream, event)),
    );
  }

  override publishDeadLetter(service: string, letter: DeadLetter): Promise<void> {
    // A dead raw event is still unredacted input, and letters are kept: redact the whole letter.
    return this.inner.publishDeadLetter(service, redactDeep(letter).value);
  }
}
