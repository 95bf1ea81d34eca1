import { z } from 'zod';
import { subjectToken } from '@mnemo/contracts';

/** The recall body is a contract shared with its clients (libs/contracts); the rest are this service's own. */
export { RecallBody } from '@mnemo/contracts';

/** `GET /v1/prior-work?file=…` or `?task=…` (exactly one). */
export const PriorWorkQuery = z
  .object({
    file: z.string().trim().min(1).max(1000).optional(),
    task: z.string().trim().min(1).max(2000).optional(),
    developer: z.string().min(1).max(200).optional(),
    project: z.string().min(1).max(2000).optional(),
    limit: z.coerce.number().int().min(1).max(50).default(10),
  })
  // neither: the newest sessions (of the project, when given), as a coding session's digest lists them
  .refine((q) => q.file === undefined || q.task === undefined, {
    message: 'give at most one of file and task',
    path: ['file'],
  });

/** `POST /v1/sessions/:id/visited`: a ledger id, or a path (with its line span), and what was seen there. */
export const VisitedBody = z
  .object({
    ledgerId: z.string().trim().min(1).max(200).optional(),
    path: z.string().trim().min(1).max(2000).optional(),
    startLine: z.number().int().min(0).optional(),
    endLine: z.number().int().min(0).optional(),
    symbol: z.string().max(500).optional(),
    /** The symbol's body hash when it was read (docs/code-symbols.md), so a later recall can tell it changed. */
    bodyHash: z
      .string()
      .regex(/^[0-9a-f]{16}$/)
      .optional(),
    note: z.string().max(1000).optional(),
  })
  .refine((b) => b.ledgerId !== undefined || b.path !== undefined, {
    message: 'give a ledgerId or a path',
    path: ['path'],
  })
  .refine((b) => b.startLine === undefined || b.endLine === undefined || b.endLine >= b.startLine, {
    message: 'must not be before startLine',
    path: ['endLine'],
  });

export const VisitedQuery = z.object({ filter: z.string().max(500).optional() });

/** `GET /v1/prior-decisions?q=…` */
export const PriorDecisionsQuery = z.object({
  /** Absent: the newest decisions (of the project, when given), as a coding session's digest lists them. */
  q: z.string().trim().min(1).max(2000).optional(),
  developer: z.string().min(1).max(200).optional(),
  project: z.string().min(1).max(2000).optional(),
  /** A digest reads a project's statements newest first, every session's, so it may ask for more. */
  limit: z.coerce.number().int().min(1).max(200).default(10),
  /** `true`: the person's stated ways of working too (stance `preference`), as a digest lists them. */
  preferences: z.enum(['true', 'false']).optional(),
});

/** `POST /v1/admin/conversation/ingest` and `/v1/admin/decisions/extract`: which account (all when absent), how far back. */
export const AdminRunQuery = z.object({
  accountId: subjectToken.optional(),
  days: z.coerce.number().int().min(1).max(3650).default(30),
});

export const AdminStatsQuery = z.object({ accountId: subjectToken.optional() });
