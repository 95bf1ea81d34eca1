import { z } from 'zod';
import { subjectToken } from '@mnemo/contracts';

/** `POST /v1/recall`, the wire contract of issue 13 (the MCP server and the hooks speak exactly this). */
export const RecallBody = z.object({
  query: z.string().trim().min(1).max(2000),
  limit: z.number().int().min(1).max(200).default(10),
  sessionIds: z.array(subjectToken).max(500).optional(),
  developer: z.string().min(1).max(200).optional(),
  project: z.string().min(1).max(2000).optional(),
  since: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
});
