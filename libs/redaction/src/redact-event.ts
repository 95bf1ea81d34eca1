import { redactDeep } from './redact-deep';

interface EventLike {
  payload: unknown;
  correlationId?: string;
}

/** The redacted twin of an event: same id, type and envelope, every string of the payload redacted. */
export function redactEvent<T extends EventLike>(event: T): { event: T; findings: number } {
  const payload = redactDeep(event.payload);
  const correlation =
    event.correlationId === undefined ? undefined : redactDeep(event.correlationId);
  return {
    event: {
      ...event,
      payload: payload.value,
      ...(correlation ? { correlationId: correlation.value } : {}),
    },
    findings: payload.count + (correlation?.count ?? 0),
  };
}
