import type { EventEnvelope, StreamKind } from '@mnemo/contracts';
import type { AppendResult, DeadLetter, EventLog } from './event-log.port';
import { DelegatingEventLog } from './delegating-event-log';
import { trailCipher, type TrailCipher } from './trail-cipher';

/** The fields of the proposal trail, by event type: what a proposal says and the reason quoting it. */
const SEALED_FIELDS: Record<string, readonly string[]> = {
  MemoryFactProposed: ['content', 'sensitiveReason'],
};

/** An event with its trail fields sealed; any other event as it is. */
export function sealTrail(
  event: EventEnvelope,
  cipher: TrailCipher = trailCipher(),
): EventEnvelope {
  const fields = SEALED_FIELDS[event.type];
  if (!fields || !event.payload || typeof event.payload !== 'object') return event;
  const payload = { ...(event.payload as Record<string, unknown>) };
  for (const field of fields) {
    const value = payload[field];
    if (typeof value === 'string') payload[field] = cipher.seal(value);
  }
  return { ...event, payload };
}

/**
 * Every append, to any stream, and every dead letter with the proposal trail sealed
 * (docs/memory-facts.md): whichever service proposes, the log never holds a proposal's text in
 * clear, and so neither does any table a projection builds from it. It sits inside the redacting
 * log, so redaction reads the text before it is sealed.
 */
export class SealingEventLog extends DelegatingEventLog {
  constructor(
    inner: EventLog,
    private readonly cipher: () => TrailCipher = trailCipher,
  ) {
    super(inner);
  }

  override append(stream: StreamKind, event: EventEnvelope): Promise<AppendResult> {
    return this.inner.append(stream, sealTrail(event, this.cipher()));
  }

  override appendMany(stream: StreamKind, events: EventEnvelope[]): Promise<AppendResult[]> {
    const cipher = this.cipher();
    return this.inner.appendMany(
      stream,
      events.map((event) => sealTrail(event, cipher)),
    );
  }

  override publishDeadLetter(service: string, letter: DeadLetter): Promise<void> {
    return this.inner.publishDeadLetter(service, {
      ...letter,
      event: sealTrail(letter.event, this.cipher()),
    });
  }
}
