import type { EventEnvelope, StreamKind } from '@mnemo/contracts';
import { redactDeep, redactEvent } from '@mnemo/redaction';
import type { AppendResult, DeadLetter, EventLog } from './event-log.port';
import { DelegatingEventLog } from './delegating-event-log';

/**
 * The write path of MNEMO_EVENTS and MNEMO_DLQ, redacted: whoever appends (the redaction service, a
 * reactor storing a model's answer, an API storing what a person typed), no secret reaches the durable
 * log. Only MNEMO_RAW, the work queue that holds input until it is redacted, is written as given.
 */
export class RedactingEventLog extends DelegatingEventLog {
  constructor(
    inner: EventLog,
    private readonly onRedacted: (event: EventEnvelope, findings: number) => void = () => undefined,
  ) {
    super(inner);
  }

  private clean(stream: StreamKind, event: EventEnvelope): EventEnvelope {
    if (stream === 'raw') return event;
    const { event: redacted, findings } = redactEvent(event);
    if (findings > 0) this.onRedacted(redacted, findings);
    return redacted;
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
