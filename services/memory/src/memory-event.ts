import { parseEvent, type EventEnvelope } from '@mnemo/contracts';

/**
 * An event memory writes, checked against its schema before it is appended. Memory's own code built
 * it, so one that fails is a bug here, never the caller's bad input: it throws a plain Error.
 */
export function memoryEvent(fields: Omit<EventEnvelope, 'version' | 'producer'>): EventEnvelope {
  const parsed = parseEvent({ ...fields, version: 1, producer: 'memory' });
  if (!parsed.ok) throw new Error(`memory built an invalid ${fields.type}: ${JSON.stringify(parsed.issues)}`);
  return parsed.value as EventEnvelope;
}
