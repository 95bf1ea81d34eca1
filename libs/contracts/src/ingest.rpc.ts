import { z } from 'zod';
import { subjectToken } from './envelope';

/** Request/reply shapes of the ingest service (subjects.rpc('ingest', …)): the owner of the turns read model. */
export const INGEST_RPC = {
  sessionTurns: 'session-turns',
  sessionTurn: 'session-turn',
  sessionWindow: 'session-window',
} as const;

const logSeq = z.number().int().nonnegative();

/**
 * A session's conversation turns stored in a window of the log — after `afterSeq` (0: from the start),
 * up to and including `throughSeq` — newest first until `maxChars` is passed. The owner answers once its
 * turns read model has applied the log through `throughSeq`.
 */
export const SessionTurnsRequest = z.object({
  accountId: subjectToken,
  sessionId: subjectToken,
  afterSeq: logSeq,
  throughSeq: logSeq,
  maxChars: z.number().int().positive().max(1_000_000),
});
export type SessionTurnsRequest = z.infer<typeof SessionTurnsRequest>;

export const SessionTurn = z.object({
  seq: z.number().int(),
  role: z.enum(['user', 'assistant', 'system']),
  text: z.string(),
  /** When it was said: extraction resolves relative times against it. */
  occurredAt: z.iso.datetime({ offset: true }).optional(),
});

/** What the session's start said about who is speaking: the extraction prompt names the person from it. */
export const SessionPerson = z.object({
  source: z.string().optional(),
  developer: z.string().optional(),
  personName: z.string().optional(),
  personRole: z.string().optional(),
});
export type SessionPerson = z.infer<typeof SessionPerson>;

/**
 * Oldest first; `total` counts every conversation turn of the window, so those left out are known without
 * reading them; `session` is what the session's start said about who speaks (absent before it arrived).
 */
export const SessionTurnsReply = z.object({
  turns: z.array(SessionTurn),
  total: z.number().int().nonnegative(),
  session: SessionPerson.optional(),
});
export type SessionTurnsReply = z.infer<typeof SessionTurnsReply>;

/**
 * One stored turn of a session by its seq (the remember button reads the message it saves); without a seq,
 * the person's current message: the session's newest user turn (the coach's remember_fact grounds in it).
 */
export const SessionTurnRequest = z.object({
  accountId: subjectToken,
  sessionId: subjectToken,
  seq: z.number().int().nonnegative().optional(),
});
export type SessionTurnRequest = z.infer<typeof SessionTurnRequest>;

export const SessionTurnReply = z.object({ turn: SessionTurn.nullable() });
export type SessionTurnReply = z.infer<typeof SessionTurnReply>;

/** When a session ran (what the logs service asks, to answer what the system emitted meanwhile). */
export const SessionWindowRequest = z.object({
  accountId: subjectToken,
  sessionId: subjectToken,
});
export type SessionWindowRequest = z.infer<typeof SessionWindowRequest>;

/**
 * The session's start, its end (null while it runs or when its end was never recorded), its newest turn
 * and its project; null when the account holds no such session.
 */
export const SessionWindowReply = z.object({
  session: z
    .object({
      startedAt: z.iso.datetime({ offset: true }),
      endedAt: z.iso.datetime({ offset: true }).nullable(),
      lastTurnAt: z.iso.datetime({ offset: true }).nullable(),
      project: z.string().nullable(),
    })
    .nullable(),
});
export type SessionWindowReply = z.infer<typeof SessionWindowReply>;
