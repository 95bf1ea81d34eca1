import { connectionFailure } from '@mnemo/contracts';
import { RemoteError } from './event-log.port';
import { wireCopy } from './in-process/wire-copy';

/** Request/reply bodies travel as `{ ok, body }` or `{ ok: false, error }` so a remote failure keeps its code. */
type ReplyEnvelope =
  | { ok: true; body: unknown }
  | { ok: false; error: { code: string; message: string; details?: unknown } };

/**
 * Runs a reply handler and carries its answer or its failure (`carry`: encode it for the wire, or copy it
 * as the wire would). It always yields a reply: a requester must hear back even when a handler throws
 * something odd (null, a string, details with a cycle), or answers what cannot be carried.
 */
async function settleReply<T>(
  run: () => Promise<unknown>,
  carry: (reply: ReplyEnvelope) => T,
): Promise<T> {
  try {
    return carry({ ok: true, body: await run() });
  } catch (error) {
    const e = (typeof error === 'object' && error !== null ? error : {}) as {
      code?: unknown;
      message?: unknown;
      details?: unknown;
    };
    // A handler that lost its database (or cache, or log) answers as a dependency that is down, which the
    // asker retries; the driver's own code (ECONNREFUSED, 57P01) would read as a refusal.
    const code =
      connectionFailure(error) !== null
        ? 'dependency_unavailable'
        : typeof e.code === 'string'
          ? e.code
          : 'internal';
    const failure = { code, message: String(e.message ?? error) };
    try {
      return carry({ ok: false, error: { ...failure, details: e.details } });
    } catch {
      // Details that cannot cross a wire (cycles, BigInt) are dropped; the code and message still go.
      return carry({ ok: false, error: failure });
    }
  }
}

/** The reply as the wire carries it. */
export function encodeReply(run: () => Promise<unknown>): Promise<string> {
  return settleReply(run, (reply) => JSON.stringify(reply));
}

/** The reply as `decodeReply` would read it back from `encodeReply`'s text, without the text (an answer in this process). */
export function copyReply(run: () => Promise<unknown>): Promise<ReplyEnvelope> {
  return settleReply(run, (reply) => wireCopy(reply) as ReplyEnvelope);
}

export function decodeReply(text: string): unknown {
  return openReply(JSON.parse(text) as ReplyEnvelope);
}

/** The answer of a reply, or its failure thrown as a RemoteError. */
export function openReply(reply: ReplyEnvelope): unknown {
  if (reply.ok) return reply.body;
  throw new RemoteError(reply.error.code, reply.error.message, reply.error.details);
}
