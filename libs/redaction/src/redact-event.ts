import { redactDeep } from '@mnemo/redaction';
import type { EventEnvelope } from '@mnemo/contracts';

/** The redacted twin of a raw event: same id, type and envelope, every string of the payload redacted. */
export function redactEvent<T extends EventEnvelope>(event: T): { event: T; findings: number } {
  const payload = redactDeep(event.payload);
  const correlation = event.correlationId === undefined ? undefined : redactDeep(event.correlationId);
  return {
    event: { ...event, payload: payload.value, ...(correlation ? { correlationId: correlation.value as string } : {}) },
    findings: payload.count + (correlation?.count ?? 0),
  };
}
