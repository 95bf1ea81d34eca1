import { INGEST_RPC, SessionTurnsReply } from '@mnemo/contracts';
import { requestFromService, type EventLog } from '@mnemo/eventing';
import { buildTranscript, TRANSCRIPT_MAX_CHARS } from '@mnemo/llm';
import type { ExtractionWindow } from '../domain/extraction-window';

/** Above ingest's own wait for its turns read model, so a lag comes back as an answer. */
const TURNS_TIMEOUT_MS = 10_000;

/**
 * The transcript of a session's turns in a window of the log, as the extraction prompt reads it. Ingest
 * owns the turns and answers once its read model holds the window; until then this throws a
 * DependencyError and the reactor's message comes back for a retry.
 */
export async function windowTranscript(log: Pick<EventLog, 'request'>, session: { accountId: string; sessionId: string }, window: ExtractionWindow): Promise<string> {
  const { turns } = await requestFromService(log, {
    service: 'ingest',
    verb: INGEST_RPC.sessionTurns,
    body: { ...session, ...window, maxChars: TRANSCRIPT_MAX_CHARS },
    reply: SessionTurnsReply,
    timeoutMs: TURNS_TIMEOUT_MS,
  });
  return buildTranscript(turns).text;
}
