/**
 * @mnemo/ingest-service: Claude Code transcript ingest, pure core plus the git probe.
 *
 * Typical use for one transcript file:
 *   const transcript = readTranscript(splitLines(fileText));
 *   const sessionId = transcript.agentId
 *     ? subagentSessionId(transcript.sessionId ?? fileStem, transcript.agentId)
 *     : transcript.sessionId ?? fileStem;
 *   const draft = computeSessionOutcome(transcript.entries);            // commit SHAs and cwd, outcome unknown
 *   const git = await loadGitFacts(draft.cwd, draft.commitShas);        // null when the repo is not here
 *   const events = transcriptToEvents({ accountId, sessionId, producer, observedAt: mtime,
 *     parentSessionId: transcript.agentId ? transcript.sessionId : undefined,
 *     entries: transcript.entries, outcome: { git, now } });
 *   // append events to the log; ids are deterministic, so re-ingest adds only what is new.
 */
export * from './domain/transcript-entry';
export {
  parseTranscriptLine,
  flattenResultContent,
  COMPACT_SUMMARY_PREFIX,
} from './domain/parse-transcript-line';
export { readTranscript, splitLines } from './domain/transcript';
export type { Transcript, TranscriptStats } from './domain/transcript';
export {
  transcriptToEvents,
  subagentSessionId,
  DEFAULT_TRANSCRIPT_LIMITS,
} from './domain/transcript-to-events';
export type {
  TranscriptEvent,
  TranscriptLimits,
  TranscriptToEventsInput,
} from './domain/transcript-to-events';
export {
  computeSessionOutcome,
  realUserText,
  userVisibleText,
  MAX_FIRST_USER_TURN,
  MAX_LAST_ASSISTANT_TURN,
} from './domain/session-outcome';
export type { OutcomeContext, SessionOutcomePayload } from './domain/session-outcome';
export { extractCommitShas, MAX_COMMIT_SHAS } from './domain/commit-shas';
export { inferOutcome, ABANDON_AFTER_MS } from './domain/infer-outcome';
export type { GitFacts, InferOutcomeInput, SessionOutcome } from './domain/infer-outcome';
export {
  deterministicUuid,
  contentHash,
  TRANSCRIPT_ID_NAMESPACE,
} from './domain/deterministic-uuid';
export { truncateText, truncateWithNote } from './domain/truncate-text';
export { loadGitFacts, gitFactsLoader } from './git/git-facts';
export type { GitFactsLoader, GitFactsOptions } from './git/git-facts';
export * from './projections/sessions.projection';
export * from './projections/session-outcomes.projection';
export * from './projections/transcript-ingest-runs.projection';
export * from './ingest.config';
export * from './loop/transcript-ingest.runner';
export * from './loop/transcript-ingest.loop';
export * from './loop/transcript-files';
export * from './loop/transcript-file-events';
export { startIngestLoops } from './loop/start-ingest-loops';
export { IngestApiModule } from './api/ingest-api.module';
export { ListSessionsQuery, ListTurnsQuery } from './api/sessions.controller';
export { SessionIngestRunQuery, SessionIngestStatusQuery } from './api/session-ingest.controller';
export { registerIngestCommands } from './cli/ingest.command';
export {
  ingestTranscriptsToGateway,
  parseSince,
  CLI_ID_ACCOUNT,
} from './cli/ingest-transcripts.command';
export type { CliIngestOptions, CliIngestSummary } from './cli/ingest-transcripts.command';
export { startSessionTurnsResponder, readSessionTurns } from './rpc/session-turns.responder';
