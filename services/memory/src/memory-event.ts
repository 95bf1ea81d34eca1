import { buildEvent, type EventEnvelope, type EventType } from '@mnemo/contracts';

/** An event memory writes: the validated factory with memory as producer (a failure throws InvalidEventError). */
export function memoryEvent(fields: Omit<EventEnvelope, 'version' | 'producer'>): EventEnvelope {
  return buildEvent({
    ...fields,
    type: fields.type as EventType,
    producer: 'memory',
    payload: fields.payload as never,
  });
}
