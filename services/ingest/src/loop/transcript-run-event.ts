import {
  buildEvent,
  type EventDraft,
  type EventEnvelope,
  type EventType,
  type PayloadOf,
} from '@mnemo/contracts';

export const TRANSCRIPT_PRODUCER = 'transcript-ingest';

/** Anything that answers SQL: a DataSource, or a transaction's manager. */
export interface Queryable {
  query<T = any>(sql: string, parameters?: unknown[]): Promise<T>;
}

/** An event the transcript ingest writes, under its own producer name. */
export function transcriptEvent<T extends EventType>(
  draft: Omit<EventDraft<T>, 'producer'>,
): EventEnvelope<T, PayloadOf<T>> {
  return buildEvent<T>({ ...draft, producer: TRANSCRIPT_PRODUCER });
}
