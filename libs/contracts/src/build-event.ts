import type { z } from 'zod';
import { EventEnvelopeBase, type EventEnvelope } from './envelope';
import {
  eventPayloads,
  type EventOf,
  type EventType,
  type PayloadInput,
  type PayloadOf,
} from './events';
import { InvalidEventError, zodIssues, type FieldIssue } from './parse-event';
import { reactionId } from './name-uuid';
import { upcasters } from './upcasting';

/** What a service knows when it writes an event; the factory adds the version and checks the rest. */
export interface EventDraft<T extends EventType> {
  type: T;
  /** Passed in: random for a new fact, name-based (`nameUuid`, `reactionId`) where a retry must dedupe. */
  id: string;
  accountId: string;
  sessionId?: string;
  /** Passed in, so code that builds events stays a function of its inputs. */
  occurredAt: Date | string;
  causationId?: string;
  correlationId?: string;
  producer: string;
  /** The payload as the type's schema takes it (before defaults) or gives it. */
  payload: PayloadOf<T> | PayloadInput<T>;
}

/** What a producer passes its factory: a draft without the producer, which the factory names. */
export type ProducerDraft<T extends EventType> = Omit<EventDraft<T>, 'producer'>;

/** The events one producer writes; the payload must match the type the draft names. */
export type EventFactory = <T extends EventType>(draft: ProducerDraft<T>) => EventOf<T>;

/**
 * The factory of one producer's events (`const memoryEvent = eventFactory('memory')`): buildEvent with
 * the producer filled in, so a service writes its events one way and cannot name another producer.
 */
export const eventFactory =
  (producer: string): EventFactory =>
  (draft) =>
    buildEvent({ ...draft, producer });

/** What a reaction keeps of the event it reacts to: its id names every event the reaction writes, so a redelivery writes them once. */
export type EventCause = Pick<EventEnvelope, 'id' | 'correlationId' | 'sessionId'>;

/**
 * The envelope fields an event written in reaction to `cause` takes from it: caused by it, and in its
 * correlation (the cause's own, or the cause itself where it opened one), so one request's consequences
 * can be followed through the log.
 */
export function causedBy(cause: Pick<EventCause, 'id' | 'correlationId'>): {
  causationId: string;
  correlationId: string;
} {
  return { causationId: cause.id, correlationId: cause.correlationId ?? cause.id };
}

/** An event's type and its payload, before the envelope: a union discriminated by `type`. */
export type EventBody<T extends EventType = EventType> = {
  [K in T]: { type: K; payload: PayloadOf<K> | PayloadInput<K> };
}[T];

/** What a reaction writes, before it is an event: the event's type and payload, and the role that names it. */
export type ReactionDraft<T extends EventType = EventType> = EventBody<T> & {
  /** Names the event among the reaction's own (`telemetry`, `insight:<id>`): the same role, the same id. */
  role: string;
};

/**
 * The events `producer` writes in reaction to `cause`. Each id is derived from the cause and
 * `<producer>:<role>`, so a redelivered cause writes the same ids and the log keeps its events once;
 * each event is in the cause's session (when it has one) and correlation.
 */
export function reactionEvents(
  cause: EventCause,
  drafts: readonly ReactionDraft[],
  by: { producer: string; accountId: string; occurredAt: Date | string },
): EventOf[] {
  return drafts.map(({ role, ...draft }) =>
    buildEvent({
      ...draft,
      id: reactionId(cause.id, `${by.producer}:${role}`),
      accountId: by.accountId,
      ...(cause.sessionId ? { sessionId: cause.sessionId } : {}),
      occurredAt: by.occurredAt,
      ...causedBy(cause),
      producer: by.producer,
    }),
  );
}

/**
 * The one way Mnemo builds an event: the envelope at the type's current version, validated with the
 * envelope schema and the type's payload schema. A draft that fails throws InvalidEventError naming
 * the type and each field, before anything reaches the log.
 */
export function buildEvent<T extends EventType>(draft: EventDraft<T>): EventOf<T> {
  const { type, payload, occurredAt, ...rest } = draft;
  const schema = eventPayloads[type] as z.ZodType | undefined;
  if (!schema)
    throw new InvalidEventError(
      [{ path: 'type', reason: `unknown event type "${String(type)}"` }],
      'event',
    );
  const fields = Object.fromEntries(
    Object.entries(rest).filter(([, value]) => value !== undefined),
  );
  const envelope = EventEnvelopeBase.safeParse({
    ...fields,
    type,
    version: upcasters[type]?.current ?? 1,
    occurredAt: typeof occurredAt === 'string' ? occurredAt : occurredAt.toISOString(),
    payload,
  });
  const parsedPayload = schema.safeParse(payload);
  const issues: FieldIssue[] = [
    ...(envelope.success
      ? []
      : zodIssues(envelope.error).filter((issue) => issue.path !== 'payload')),
    ...(parsedPayload.success ? [] : zodIssues(parsedPayload.error, 'payload')),
  ];
  if (!envelope.success || !parsedPayload.success) throw new InvalidEventError(issues, type);
  // The one place a payload becomes its type's: it has just passed that type's schema.
  return { ...envelope.data, type, payload: parsedPayload.data } as EventOf<T>;
}
