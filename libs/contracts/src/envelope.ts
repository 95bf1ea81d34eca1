import { z } from 'zod';

/** Account ids and session ids become NATS subject tokens, so they may not hold `.`, `*`, `>` or spaces. */
export const subjectToken = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_\-:]+$/, 'may hold only letters, digits, "_", "-" and ":"');

export const EventEnvelopeBase = z.object({
  /** The producer's UUID for the event: unique within its account, its idempotency key there (accountEventKey). */
  id: z.uuid(),
  type: z.string().min(1),
  version: z.number().int().positive().default(1),
  accountId: subjectToken,
  sessionId: subjectToken.optional(),
  occurredAt: z.iso.datetime({ offset: true }),
  causationId: z.uuid().optional(),
  correlationId: z.string().max(128).optional(),
  producer: z.string().min(1).max(64),
  payload: z.unknown(),
});

export type EventEnvelope<TType extends string = string, TPayload = unknown> = Omit<
  z.infer<typeof EventEnvelopeBase>,
  'type' | 'payload'
> & { type: TType; payload: TPayload };

/** An event as read back from the log, with the stream sequence it was stored at. */
export interface StoredEvent<TType extends string = string, TPayload = unknown> {
  seq: number;
  event: EventEnvelope<TType, TPayload>;
}

/**
 * An event's identity: its id within its account. Duplicates are detected by this key (the accepted-id
 * record, the JetStream Nats-Msg-Id), so one account that knows another's event id cannot pre-empt it.
 * `/` is in no account id.
 */
export const accountEventKey = (event: { accountId: string; id: string }): string =>
  `${event.accountId}/${event.id}`;
