import { parseEvent, type EventEnvelope } from '@mnemo/contracts';

/** An event recall writes, checked against its schema before it is appended (one that fails is a bug here). */
export function recallEvent(fields: Omit<EventEnvelope, 'version' | 'producer'>): EventEnvelope {
  const parsed = parseEvent({ ...fields, version: 1, producer: 'recall' });
  if (!parsed.ok) throw new Error(`recall built an invalid ${fields.type}: ${JSON.stringify(parsed.issues)}`);
  return parsed.value as EventEnvelope;
}
