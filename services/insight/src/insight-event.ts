import { buildEvent, type EventEnvelope, type EventType } from '@mnemo/contracts';

/** An event the insight service writes: the validated factory with insight as producer (a failure throws InvalidEventError). */
export function insightEvent(fields: Omit<EventEnvelope, 'version' | 'producer'>): EventEnvelope {
  return buildEvent({
    ...fields,
    type: fields.type as EventType,
    producer: 'insight',
    payload: fields.payload as never,
  });
}
