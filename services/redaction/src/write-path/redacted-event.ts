import type { EventEnvelope } from '@mnemo/contracts';
import type { Logger } from '@mnemo/eventing';
import { redactEvent } from '@mnemo/redaction';

/** Told of every event whose redaction replaced something, with how many secrets went. */
export type RedactionReport = (event: EventEnvelope, findings: number) => void;

/**
 * The events redacted in this process, by identity: the write path passes them on as they are, so an
 * event is redacted once whether the raw reactor or the write path got to it first. A copy (a message
 * read back, a spread) is not in it and is redacted again: the mark cannot be forged from outside.
 */
const redactedHere = new WeakSet<EventEnvelope>();

/** The event as MNEMO_EVENTS may hold it: every string of its payload and its correlation id redacted. */
export function redactOnce<T extends EventEnvelope>(event: T, report: RedactionReport): T {
  if (redactedHere.has(event)) return event;
  const { event: twin, findings } = redactEvent(event);
  if (findings > 0) report(twin, findings);
  redactedHere.add(twin);
  return twin;
}

/** The log line of a redaction: where the event is, never what was found. */
export const logRedactions =
  (logger: Logger): RedactionReport =>
  (event, findings) =>
    logger.info(
      { eventId: event.id, type: event.type, correlationId: event.correlationId, findings },
      'secrets redacted',
    );
