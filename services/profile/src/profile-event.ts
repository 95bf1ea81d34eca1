import { parseEvent, type EventEnvelope } from '@mnemo/contracts';

/**
 * An event the profile service writes, checked against its schema before it is appended. The
 * service's own code built it, so one that fails is a bug here: it throws a plain Error.
 */
export function profileEvent(fields: Omit<EventEnvelope, 'version' | 'producer'>): EventEnvelope {
  const parsed = parseEvent({ ...fields, version: 1, producer: 'profile' });
  if (!parsed.ok) throw new Error(`profile built an invalid ${fields.type}: ${JSON.stringify(parsed.issues)}`);
  return parsed.value as EventEnvelope;
}
