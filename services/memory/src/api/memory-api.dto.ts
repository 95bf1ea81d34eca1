import { z } from 'zod';
import { sequenceNumber, subjectToken } from '@mnemo/contracts';

/** The Explorer's queries and bodies are a contract shared with the web UI (libs/contracts); the rest are this service's own. */
export {
  ListMemoriesQuery,
  SearchMemoriesQuery,
  CreateMemoryBody,
  PatchMemoryBody,
  MIN_SEARCH_CHARS,
} from '@mnemo/contracts';

export const RememberBody = z.strictObject({
  // A session id as the events carry it, so a bad one is named here, not refused by the turns lookup behind
  sessionId: subjectToken,
  seq: sequenceNumber,
  /** The turn being answered, when the client knows it: the message must then be that turn. */
  currentTurnSeq: sequenceNumber.optional(),
});

export const CheckInBody = z.strictObject({ progress: z.string().trim().min(1).max(300) });
export const ClosePlanBody = z.strictObject({ reason: z.enum(['completed', 'abandoned']) });
