import { z } from 'zod';
import type { EventEnvelope, StoredEvent } from '../envelope';
import { ingestEvents } from './ingest.events';
import { platformEvents } from './platform.events';
import { compactionEvents } from './compaction.events';
import { memoryEvents } from './memory.events';
import { costEvents } from './cost.events';
import { profileEvents } from './profile.events';
import { contextEvents } from './context.events';
import { recallEvents } from './recall.events';
import { logsEvents } from './logs.events';
import { codeEvents } from './code.events';

export * from './ingest.events';
export * from './platform.events';
export * from './compaction.events';
export * from './memory.events';
export * from './cost.events';
export * from './profile.events';
export * from './context.events';
export * from './recall.events';
export * from './logs.events';
export * from './code.events';

/** Every event type Mnemo knows, by name, with its current payload schema. */
export const eventPayloads = {
  ...ingestEvents,
  ...platformEvents,
  ...compactionEvents,
  ...memoryEvents,
  ...costEvents,
  ...profileEvents,
  ...contextEvents,
  ...recallEvents,
  ...logsEvents,
  ...codeEvents,
} as const;

export type EventType = keyof typeof eventPayloads;
export type PayloadOf<T extends EventType> = z.infer<(typeof eventPayloads)[T]>;
/** A payload as its schema takes it: before defaults (what a producer may leave out). */
export type PayloadInput<T extends EventType> = z.input<(typeof eventPayloads)[T]>;

/**
 * An event of one of the types `T`, its payload the type's own: a union discriminated by `type`, so a
 * `switch (event.type)` hands each branch its payload (docs/event-log.md).
 */
export type EventOf<T extends EventType = EventType> = {
  [K in T]: EventEnvelope<K, PayloadOf<K>>;
}[T];
/** Any event Mnemo knows: what a checked envelope is. */
export type AnyEvent = EventOf;
/**
 * An event of one of the types `T` as read back from the log: `switch (stored.event.type)` narrows
 * `stored.event`, and `{ seq, event }` of a narrowed event is the StoredEventOf of its type.
 */
export interface StoredEventOf<T extends EventType = EventType> {
  seq: number;
  event: EventOf<T>;
}

/**
 * Whether an event from the log is of one of `types`. Every event in the log was checked against its
 * type's schema when it was built or accepted (buildEvent, parseEvent), so its type names its payload.
 */
export const isEventOf = <T extends EventType>(
  event: EventEnvelope,
  types: readonly T[],
): event is EventOf<T> => (types as readonly string[]).includes(event.type);

/** isEventOf for a stored event: what a subscription hands its handler. */
export const isStoredOf = <T extends EventType>(
  stored: StoredEvent,
  types: readonly T[],
): stored is StoredEventOf<T> => isEventOf(stored.event, types);

/** The default branch of an exhaustive `switch (event.type)`: a type left out fails to compile. */
export function unhandledEvent(event: never, by: string): never {
  const { type }: { type: string } = event;
  throw new Error(`${by} got an event it does not handle: ${type}`);
}

/** The events of `events` of one of `types`, narrowed, in their order. */
export const storedOf = <T extends EventType>(
  events: readonly StoredEvent[],
  ...types: T[]
): StoredEventOf<T>[] => events.filter((stored) => isStoredOf(stored, types));

/** A proposal's life: proposed, offered to the person, confirmed or rejected, or lapsed unanswered. */
export type ProposalEventType =
  | 'MemoryFactProposed'
  | 'ProposalOffered'
  | 'ProposalConfirmed'
  | 'ProposalRejected'
  | 'ProposalLapsed';

/** The types a producer may send through `POST /v1/events`; the rest are written by Mnemo's own services. */
export const producerEventTypes = [
  'SessionStarted',
  'SessionEnded',
  'TurnRecorded',
  'SegmentPaused',
  'ArtifactSaved',
  'BookmarkAdded',
  'ReminderSet',
  'PlanProposed',
  'MeasurementRecorded',
  'SessionOutcomeRecorded',
  'SymbolSnapshotRecorded',
] as const satisfies readonly EventType[];
export type ProducerEventType = (typeof producerEventTypes)[number];

export const isEventType = (type: string): type is EventType => Object.hasOwn(eventPayloads, type);
