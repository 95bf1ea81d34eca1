import {
  reactionEvents,
  type EventCause,
  type EventOf,
  type ReactionDraft,
} from '@mnemo/contracts';
import type { LlmFailure, LlmResult, LlmSuccess } from './llm.port';
import { settleCall, type ThrownCall } from './settle-call';

/** A call that did not answer: a failure the port reported, or a throw settled as `api_error`. */
export type FailedCall = LlmFailure | ThrownCall;

/** What a reaction does with its settled call: one path for an answer, one for every failure. */
export interface PaidCallHandlers<D, R> {
  answered: (answer: LlmSuccess<D>) => R | Promise<R>;
  failed: (failure: FailedCall) => R | Promise<R>;
  /** Hears of a thrown call before it is answered as a failure, for a log line. */
  onThrow?: (error: unknown) => void;
}

/**
 * The paid reaction's call: the port reserves against the cost caps, calls and settles the cost
 * (docs/costs.md); here the answer is settled (a throw is a failed call, never a failed reaction) and
 * handed to the path it takes.
 */
export async function paidCall<D, R>(
  call: Promise<LlmResult<D>>,
  on: PaidCallHandlers<D, R>,
): Promise<R> {
  const result = await settleCall(call, on.onThrow);
  return result.ok ? on.answered(result) : on.failed(result);
}

/** What a cost-cap failure spent against which cap, as telemetry records it (null where not known). */
export function capReached(failure: FailedCall): {
  spentUsd: number | null;
  capUsd: number | null;
} {
  // Only a failure the port reported (it names its model) can carry the cap.
  const reported = 'model' in failure ? failure : undefined;
  return { spentUsd: reported?.spentUsd ?? null, capUsd: reported?.capUsd ?? null };
}

/** The part of the event log a reaction writes through. */
export interface ReactionLog {
  appendMany(stream: 'events', events: EventOf[]): Promise<ReadonlyArray<{ seq: number }>>;
}

/**
 * Writes a paid reaction's outcome: its drafts as `producer`'s events caused by `cause` (named by
 * it, so a redelivery writes them once). Answers the log sequence of the last, or null when there
 * was nothing to write.
 */
export async function publishReaction(
  log: ReactionLog,
  cause: EventCause,
  drafts: readonly ReactionDraft[],
  by: { producer: string; accountId: string },
): Promise<number | null> {
  if (!drafts.length) return null;
  const events = reactionEvents(cause, drafts, { ...by, occurredAt: new Date().toISOString() });
  const results = await log.appendMany('events', events);
  return Math.max(...results.map((r) => r.seq));
}
