import { z } from 'zod';
import { ClaudeMdRequest, subjectToken } from '@mnemo/contracts';
import { parseInput } from '@mnemo/http-edge';

/** `?sessionId=&pinned=a,b&source=&redo=` — shared by HTTP and gRPC. */
export const ClaudeMdQuery = z.object({
  sessionId: subjectToken,
  pinned: z
    .string()
    .max(10_000)
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    )
    // the request's own rule for pins, so what passes here is a whole request and is not parsed again
    .pipe(ClaudeMdRequest.shape.pinned.unwrap()),
  source: z.string().max(200).optional(),
  redo: z.enum(['true', 'false']).optional(),
  format: z.enum(['markdown', 'json']).default('markdown'),
});

/** A CLAUDE.md asked at the edge (HTTP's query, gRPC's message in its shape): parsed once, into the request. */
export function claudeMdRequestOf(
  accountId: string,
  query: unknown,
): { request: ClaudeMdRequest; format: 'markdown' | 'json' } {
  const q = parseInput(ClaudeMdQuery, query, 'query');
  return {
    request: {
      accountId,
      sessionId: q.sessionId,
      pinned: q.pinned,
      ...(q.source !== undefined ? { source: q.source } : {}),
      ...(q.redo !== undefined ? { isRedo: q.redo === 'true' } : {}),
    },
    format: q.format,
  };
}
