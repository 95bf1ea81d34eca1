import { buildEvent, type EventEnvelope, type EventType } from '@mnemo/contracts';

/** An event the profile service writes: the validated factory with profile as producer (a failure throws InvalidEventError). */
export function profileEvent(fields: Omit<EventEnvelope, 'version' | 'producer'>): EventEnvelope {
  return buildEvent({
    ...fields,
    type: fields.type as EventType,
    producer: 'profile',
    payload: fields.payload as never,
  });
}
