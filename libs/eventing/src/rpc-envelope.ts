import { RemoteError } from './event-log.port';

/** Request/reply bodies travel as `{ ok, body }` or `{ ok: false, error }` so a remote failure keeps its code. */
type ReplyEnvelope = { ok: true; body: unknown } | { ok: false; error: { code: string; message: string; details?: unknown } };

export async function encodeReply(run: () => Promise<unknown>): Promise<string> {
  try {
    const reply: ReplyEnvelope = { ok: true, body: await run() };
    return JSON.stringify(reply);
  } catch (error) {
    const e = error as { code?: unknown; message?: unknown; details?: unknown };
    const reply: ReplyEnvelope = {
      ok: false,
      error: { code: typeof e.code === 'string' ? e.code : 'internal', message: String(e.message ?? error), details: e.details },
    };
    return JSON.stringify(reply);
  }
}

export function decodeReply(text: string): unknown {
  const reply = JSON.parse(text) as ReplyEnvelope;
  if (reply.ok) return reply.body;
  throw new RemoteError(reply.error.code, reply.error.message, reply.error.details);
}
