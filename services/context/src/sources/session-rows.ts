import type { ClaudeMdRequest } from '@mnemo/contracts';
import type { Logger } from '@mnemo/eventing';
import type { ConversationSoFar, SessionInfo } from '../domain/context-sources';
import { loadFailOpen } from './fail-open';
import { loadConversationSoFar, loadSessionSource } from './source-loaders';
import type { SourceReader } from './source-reader';

/** A session's own rows: its recorded source and its latest compaction summary (undefined: the source failed). */
export type SessionRows = [
  recordedSource: string | null | undefined,
  conversationSoFar: ConversationSoFar | null | undefined,
];

/**
 * Loads a session's own rows, fail-open. Both queries are asked before the first await, so they join the
 * statement of a `SourceReader.together` they are started in.
 */
export function loadSessionRows(
  reader: SourceReader,
  sessionId: string,
  options: { timeoutMs: number; failed: string[]; logger: Logger },
): Promise<SessionRows> {
  const opts = { ...options, accountId: reader.accountId };
  return Promise.all([
    loadFailOpen('session', () => loadSessionSource(reader, sessionId), opts),
    loadFailOpen('conversationSoFar', () => loadConversationSoFar(reader, sessionId), opts),
  ]);
}

/** The session a CLAUDE.md is built for: what was asked, over what its rows recorded. */
export function sessionOf(
  request: ClaudeMdRequest,
  [recordedSource, conversationSoFar]: SessionRows,
): SessionInfo {
  return {
    id: request.sessionId,
    // A session not ingested yet (a hook asking at start) has no recorded source: free-form.
    source: request.source ?? recordedSource ?? '',
    // A session with a compaction summary is being resumed after a segment pause.
    resuming: conversationSoFar != null,
    isRedo: request.isRedo ?? false,
  };
}
