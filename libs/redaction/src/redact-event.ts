import { isSealedValue, SEALED_PAYLOAD_FIELDS } from '@mnemo/contracts';
import { redactDeep } from './redact-deep';

interface EventLike {
  type?: string;
  payload: unknown;
  correlationId?: string;
}

/**
 * The redacted twin of an event: same id, type and envelope, every string of the payload redacted but a
 * sealed value in a field that carries one (`SEALED_PAYLOAD_FIELDS`), which is ciphertext, not a secret.
 */
export function redactEvent<T extends EventLike>(event: T): { event: T; findings: number } {
  const payload = redactPayload(event.type, event.payload);
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

function redactPayload(
  type: string | undefined,
  payload: unknown,
): { value: unknown; count: number } {
  const fields = type === undefined ? undefined : SEALED_PAYLOAD_FIELDS[type];
  if (!fields || !payload || typeof payload !== 'object' || Array.isArray(payload))
    return redactDeep(payload);
  const sealed: Record<string, string> = {};
  const rest: Record<string, unknown> = { ...(payload as Record<string, unknown>) };
  for (const field of fields) {
    const value = rest[field];
    if (isSealedValue(value)) {
      sealed[field] = value;
      delete rest[field];
    }
  }
  const redacted = redactDeep(rest);
  const value: Record<string, unknown> = {};
  // in the payload's own key order, so the stored event reads as it was written
  for (const key of Object.keys(payload))
    value[key] = key in sealed ? sealed[key] : redacted.value[key];
  return { value, count: redacted.count };
}
