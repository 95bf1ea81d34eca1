import { INGEST_RPC, SessionTurnsReply } from '@mnemo/contracts';
import { requestFromService, type EventLog } from '@mnemo/eventing';
import {
  buildTranscript,
  TRANSCRIPT_MAX_CHARS,
  type ExtractionPerson,
  type SourceTurn,
} from '@mnemo/llm';
import { extractionPerson, isCodingSession } from '../domain/extraction-person';
import type { ExtractionWindow } from '../domain/extraction-window';

/** Above ingest's own wait for its turns read model, so a lag comes back as an answer. */
const TURNS_TIMEOUT_MS = 10_000;

/**
 * The transcript of a session's turns, the turns, and who the person is, in a window of the log, as the extraction prompt reads it. Ingest
 * owns the turns and answers once its read model holds the window; until then this throws a
 * DependencyError and the reactor's message comes back for a retry.
 */
export async function windowTranscript(
  log: Pick<EventLog, 'request'>,
  session: { accountId: string; sessionId: string },
  window: ExtractionWindow,
): Promise<{
  transcript: string;
  turns: SourceTurn[];
  person?: ExtractionPerson;
  coding: boolean;
}> {
  const { turns, session: started } = await requestFromService(log, {
    service: 'ingest',
    verb: INGEST_RPC.sessionTurns,
    body: { ...session, ...window, maxChars: TRANSCRIPT_MAX_CHARS },
    reply: SessionTurnsReply,
    timeoutMs: TURNS_TIMEOUT_MS,
  });
  const transcript = buildTranscript(turns).text;
  // The turns themselves, with their seqs and dates, go to the adapters too (provenance, relative dates).
  const conversation = turns.filter(
    (t): t is typeof t & { role: 'user' | 'assistant' } =>
      t.role !== 'system' && t.text.trim().length > 0,
  );
  const person = extractionPerson(started);
  return {
    transcript,
    turns: conversation.map((t) => ({
      seq: t.seq,
      role: t.role,
      text: t.text,
      ...(t.occurredAt ? { occurredAt: t.occurredAt } : {}),
    })),
    ...(person ? { person } : {}),
    coding: isCodingSession(started),
  };
}
