import { z } from 'zod';
import { subjectToken } from './envelope';

/** `POST /v1/recall`'s wire contract (docs/recall.md): the recall service parses it, the MCP tools and hooks send it. */
export const RecallBody = z.object({
  query: z.string().trim().min(1).max(2000),
  limit: z.number().int().min(1).max(200).default(10),
  sessionIds: z.array(subjectToken).max(500).optional(),
  developer: z.string().min(1).max(200).optional(),
  project: z.string().min(1).max(2000).optional(),
  since: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  /** The session asking: its own turns are left out (it has them already) unless `sessionIds` names it. */
  askingSessionId: subjectToken.optional(),
  /** Hits under this score are left out; the service's own floor when absent (a client may calibrate its own). */
  minScore: z.number().min(0).max(1).optional(),
});

/** One hit of `POST /v1/recall`: turnSeqs best-matching first, score normalized to 0–1. */
export const RecallHit = z.object({
  chunkId: z.string(),
  sessionId: z.string(),
  turnSeqs: z.array(z.number().int()),
  occurredAt: z.string(),
  /** For a reader: opens with its day, the words that matched in `**`. */
  snippet: z.string(),
  /** The snippet's words plain (no day, no marks): what a program shows or reads. */
  text: z.string(),
  /** Where the words that matched are in `text`: [start, end) pairs. */
  highlights: z.array(z.tuple([z.number().int(), z.number().int()])),
  score: z.number(),
});

/** What a client sends (limit may be left out) and what the service works with after parsing (limit set). */
export type RecallRequestBody = z.input<typeof RecallBody>;
export type RecallRequest = z.output<typeof RecallBody>;
export type RecallHit = z.infer<typeof RecallHit>;

export type SkillStatus = 'proposed' | 'accepted' | 'dismissed';

/** A skill candidate as `GET /v1/skills/candidates` answers it (docs/learning.md): the recall service's read model, the web UI's card. */
export interface SkillCandidate {
  candidateId: string;
  project: string | null;
  name: string;
  description: string;
  steps: string[];
  files: string[];
  commands: string[];
  sourceSessionIds: string[];
  status: SkillStatus;
  edited: boolean;
  proposedAt: string;
  updatedAt: string;
}
