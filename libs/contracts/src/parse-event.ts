import { z } from 'zod';
import { EventEnvelopeBase } from './envelope';
import { eventPayloads, isEventType, type AnyEvent } from './events';
import { upcast, upcasters, UpcastError } from './upcasting';

export interface FieldIssue {
  path: string;
  reason: string;
}

export type ParseResult<T> = { ok: true; value: T } | { ok: false; issues: FieldIssue[] };

export const issuePath = (path: ReadonlyArray<PropertyKey>): string => path.map(String).join('.');

export function zodIssues(error: z.ZodError, prefix = ''): FieldIssue[] {
  return error.issues.map((issue) => ({
    path: [prefix, issuePath(issue.path)].filter(Boolean).join('.'),
    reason: issue.message,
  }));
}

/**
 * Validates an envelope, upcasts its payload to the current version and validates that too. An edge
 * that takes only some envelopes (the gateway: a producer's types, a session) passes its own schema.
 */
export function parseEvent(
  raw: unknown,
  envelopeSchema: z.ZodType<z.output<typeof EventEnvelopeBase>> = EventEnvelopeBase,
): ParseResult<AnyEvent> {
  const envelope = envelopeSchema.safeParse(raw);
  if (!envelope.success) return { ok: false, issues: zodIssues(envelope.error) };
  const { type } = envelope.data;
  if (!isEventType(type))
    return { ok: false, issues: [{ path: 'type', reason: `unknown event type "${type}"` }] };
  let lifted: { version: number; payload: unknown };
  try {
    lifted = upcast(upcasters, type, envelope.data.version, envelope.data.payload);
  } catch (error) {
    if (error instanceof UpcastError)
      return { ok: false, issues: [{ path: 'version', reason: error.message }] };
    throw error;
  }
  const payload = eventPayloads[type].safeParse(lifted.payload);
  if (!payload.success) return { ok: false, issues: zodIssues(payload.error, 'payload') };
  // Checked input: the payload has just passed its type's schema, so the type names it (as buildEvent).
  const value = { ...envelope.data, type, version: lifted.version, payload: payload.data };
  return { ok: true, value: value as AnyEvent };
}

/** Same as parseEvent, for events read back from our own log: a failure is a bug or a corrupt log, so it throws. */
export function decodeEvent(raw: unknown): AnyEvent {
  const result = parseEvent(raw);
  if (!result.ok) throw new InvalidEventError(result.issues);
  return result.value;
}

export class InvalidEventError extends Error {
  readonly code = 'invalid_event';
  /** `what` names the event in the message, e.g. the type a service failed to build. */
  constructor(
    readonly issues: FieldIssue[],
    what = 'event',
  ) {
    super(`invalid ${what}: ${issues.map((i) => `${i.path}: ${i.reason}`).join('; ')}`);
  }
}
