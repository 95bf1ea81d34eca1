import { parseEvent, type EventEnvelope } from '@mnemo/contracts';

/** An event the insight service writes, checked against its schema before it is appended; a failure is a bug here. */
export function insightEvent(fields: Omit<EventEnvelope, 'version' | 'producer'>): EventEnvelope {
  const parsed = parseEvent({ ...fields, version: 1, producer: 'insight' });
  if (!parsed.ok) throw new Error(`insight built an invalid ${fields.type}: ${JSON.stringify(parsed.issues)}`);
  return parsed.value as EventEnvelope;
}
