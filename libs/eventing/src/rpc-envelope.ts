import { RemoteError } from './event-log.port';

/** Request/reply bodies travel as `{ ok, body }` or `{ ok: false, error }` so a remote failure keeps its code. */
type ReplyEnvelope = { ok: true; body: unknown } | { ok: false; error: { code: string; message: string; details?: unknown } };

/**
 * Runs a reply handler and encodes its answer or its failure. It always yields a reply: a requester
 * must hear back even when a handler throws something odd (null, a string, details with a cycle).
 */
export async function encodeReply(run: () => Promise<unknown>): Promise<string> {
  try {
    const reply: ReplyEnvelope = { ok: true, body: await run() };
    return JSON.stringify(reply);
  } catch (error) {
    const e = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; message?: unknown; details?: unknown };
    const failure = { code: typeof e.code === 'string' ? e.code : 'internal', message: String(e.message ?? error) };
    try {
      return JSON.stringify({ ok: false, error: { ...failure, details: e.details } } satisfies ReplyEnvelope);
    } catch {
      // Details that cannot cross a wire (cycles, BigInt) are dropped; the code and message still go.
      return JSON.stringify({ ok: false, error: failure } satisfies ReplyEnvelope);
    }
  }
}

export function decodeReply(text: string): unknown {
  const reply = JSON.parse(text) as ReplyEnvelope;
  if (reply.ok) return reply.body;
  throw new RemoteError(reply.error.code, reply.error.message, reply.error.details);
}
