import { z } from 'zod';
import { subjectToken } from './envelope';

/** Request/reply shapes between the gateway and the context service (subjects.rpc('context', …)). */
export const CONTEXT_RPC = { claudeMd: 'claude-md', memoryBlock: 'memory-block' } as const;

/**
 * `cacheMissedAt`: the context version at which the caller (the gateway) has just looked this answer up in
 * the cache and not found it; at that version the service builds without reading the cache again. `gate`:
 * the account's switches the caller read in the same statement as that version; with both, the service
 * does not read the gate again (its egress check still applies to them).
 */
export const ContextGate = z.object({
  egressAllowed: z.boolean(),
  healthModuleOn: z.boolean(),
  medicationsModuleOn: z.boolean(),
});
export type ContextGate = z.infer<typeof ContextGate>;

export const ClaudeMdRequest = z.object({
  accountId: subjectToken,
  sessionId: subjectToken,
  /** Artifacts to load in full for this session, besides those saved as pinned. */
  pinned: z.array(z.string().min(1).max(200)).max(50).default([]),
  /** Overrides the session's recorded source (a session not ingested yet has none). */
  source: z.string().max(200).optional(),
  isRedo: z.boolean().optional(),
  cacheMissedAt: z.number().int().nonnegative().optional(),
  gate: ContextGate.optional(),
});
export type ClaudeMdRequest = z.infer<typeof ClaudeMdRequest>;

export const MemoryBlockRequest = z.object({
  accountId: subjectToken,
  cacheMissedAt: z.number().int().nonnegative().optional(),
  gate: ContextGate.optional(),
});
export type MemoryBlockRequest = z.infer<typeof MemoryBlockRequest>;

export const ClaudeMdReply = z.object({
  markdown: z.string(),
  telemetry: z.record(z.string(), z.unknown()),
  cached: z.boolean(),
});
export type ClaudeMdReply = z.infer<typeof ClaudeMdReply>;

export const MemoryBlockReply = z.object({
  text: z.string(),
  telemetry: z.record(z.string(), z.unknown()),
  cached: z.boolean(),
});
export type MemoryBlockReply = z.infer<typeof MemoryBlockReply>;
