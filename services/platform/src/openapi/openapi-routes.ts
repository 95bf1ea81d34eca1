import type { z } from 'zod';
import { LettersQuery, ReplayQuery } from '../api/data-folder.controller';
import { CreateAccountRequest, IngestRequest } from '@mnemo/contracts';
import {
  ClaudeMdQuery,
  ListArtifactsQuery,
  ReadArtifactQuery,
  SettingsBody,
} from '@mnemo/context-service';
import { CapBody, DayRangeQuery, PutKeyBody, TelemetryQuery } from '@mnemo/cost-ledger-service';
import {
  ListSessionsQuery,
  ListTurnsQuery,
  SessionIngestRunQuery,
  SessionIngestStatusQuery,
} from '@mnemo/ingest-service';
import { LogFactsQuery } from '@mnemo/logs-service';
import {
  CheckInBody,
  ClosePlanBody,
  CreateMemoryBody,
  MetricDaysQuery,
  RecordMeasurementsBody,
  DeleteMemoryQuery,
  ListMemoriesQuery,
  PatchMemoryBody,
  ProposePlanBody,
  RememberBody,
  SearchMemoriesQuery,
} from '@mnemo/memory-service';
import {
  DefineTypeBody,
  ImportBody,
  ListTakesQuery,
  RateBody,
  StartTakeBody,
} from '@mnemo/profile-service';
import {
  AdminRunQuery,
  AdminStatsQuery,
  FailedClustersQuery,
  PriorDecisionsQuery,
  SkillCandidateEditBody,
  SkillCandidatesQuery,
  RefactorPlansQuery,
  RefactorPlanBody,
  RefactorPlanPatchBody,
  PriorWorkQuery,
  RecallBody,
  VisitedBody,
  VisitedQuery,
} from '@mnemo/recall-service';

export type Auth = 'account' | 'admin' | 'none';

export interface RouteDoc {
  summary: string;
  tag: string;
  auth?: Auth;
  query?: z.ZodType;
  body?: z.ZodType;
}

/**
 * What the OpenAPI document says about each route beyond its method and path: a summary and the zod
 * contracts its controller parses. The routes themselves come from the running app, so a route
 * without an entry here is still listed (as undocumented), and an entry without a route fails a test.
 */
export const ROUTE_DOCS: Record<string, RouteDoc> = {
  'POST /v1/events': {
    tag: 'ingest',
    summary: 'Send session events: up to 1,000 events / 5 MB, all or nothing',
    body: IngestRequest,
  },
  'GET /v1/sessions': {
    tag: 'sessions',
    summary: "The account's sessions, newest first, paginated by cursor",
    query: ListSessionsQuery,
  },
  'GET /v1/sessions/{id}/turns': {
    tag: 'sessions',
    summary: "A session's redacted turns, in seq order",
    query: ListTurnsQuery,
  },
  'GET /v1/sessions/{id}/summary': {
    tag: 'sessions',
    summary:
      'The latest segment summary of a session: what a resumed session reads as "Conversation So Far"',
  },
  'GET /v1/sessions/{id}/outcome': {
    tag: 'sessions',
    summary:
      'What a coding session did and how its work ended (merged, reverted, abandoned, unknown)',
  },
  'GET /v1/sessions/{id}/known-events': {
    tag: 'sessions',
    summary:
      "The ids of a session's events the account already holds, so a client sends only what is new (empty for an unknown session)",
  },
  'POST /v1/recall': {
    tag: 'recall',
    summary: 'Search past conversations: dated, highlighted snippets, best first',
    body: RecallBody,
  },
  'GET /v1/prior-work': {
    tag: 'recall',
    summary:
      'Earlier sessions on a file (path-suffix match) or a task, with their outcome verdict, and the clusters of failed attempts at it',
    query: PriorWorkQuery,
  },
  'GET /v1/learning/failed-clusters': {
    tag: 'recall',
    summary:
      'Failed attempts (reverted, abandoned, tool-error-heavy sessions) clustered by what they attempted: sessions, shared files, common failure, label',
    query: FailedClustersQuery,
  },
  'GET /v1/skills/candidates': {
    tag: 'recall',
    summary:
      'Skill candidates: recurring successful work proposed as Claude Code skills, with their status',
    query: SkillCandidatesQuery,
  },
  'GET /v1/skills/candidates/{id}': { tag: 'recall', summary: 'One skill candidate' },
  'PATCH /v1/skills/candidates/{id}': {
    tag: 'recall',
    summary: "Edit a skill candidate's name, description or steps (kept over later proposals)",
    body: SkillCandidateEditBody,
  },
  'POST /v1/skills/candidates/{id}/accept': {
    tag: 'recall',
    summary: 'Accept a skill candidate (exported by `mnemo skills export`)',
  },
  'POST /v1/skills/candidates/{id}/dismiss': {
    tag: 'recall',
    summary: 'Dismiss a skill candidate',
  },
  'POST /v1/skills/discover': {
    tag: 'recall',
    summary:
      'Find recurring successful work now (it also runs after an ingest run with new sessions)',
  },
  'GET /v1/skills/export': {
    tag: 'recall',
    summary: 'The accepted skill candidates as SKILL.md files (name and description frontmatter)',
  },
  'POST /v1/refactor-plans': {
    tag: 'recall',
    summary:
      'Record a plan for a multi-session change: goal, steps, files; it starts open and prior_work names it for its files',
    body: RefactorPlanBody,
  },
  'GET /v1/refactor-plans': {
    tag: 'recall',
    summary: 'Refactor plans, newest change first, by project or status (open, done, abandoned)',
    query: RefactorPlansQuery,
  },
  'GET /v1/refactor-plans/{id}': { tag: 'recall', summary: 'One refactor plan' },
  'PATCH /v1/refactor-plans/{id}': {
    tag: 'recall',
    summary: "Change a refactor plan's status (open, done, abandoned), steps or files",
    body: RefactorPlanPatchBody,
  },
  'GET /v1/prior-decisions': {
    tag: 'recall',
    summary: 'Earlier decisions on a topic: stance and rationale',
    query: PriorDecisionsQuery,
  },
  'POST /v1/sessions/{id}/visited': {
    tag: 'recall',
    summary: 'Mark a file, span or symbol as visited in a session (idempotent)',
    body: VisitedBody,
  },
  'GET /v1/sessions/{id}/visited': {
    tag: 'recall',
    summary: 'What a session marked as visited, newest first',
    query: VisitedQuery,
  },
  'GET /v1/memories/{id}': {
    tag: 'memories',
    summary: 'One memory, with where it came from and what it superseded',
  },
  'DELETE /v1/memories/{id}': {
    tag: 'memories',
    summary: 'Delete a memory (with its version when given; 409 when stale)',
    query: DeleteMemoryQuery,
  },
  'GET /v1/memories/stream': {
    tag: 'memories',
    summary: 'Server-sent events: one `change` per memory or proposal change of the account',
  },
  'GET /v1/proposals': {
    tag: 'memories',
    summary:
      "Sensitive facts waiting for the person's answer (never listed as memories until confirmed)",
  },
  'POST /v1/proposals/offer': {
    tag: 'memories',
    summary: 'The proposals to put to the person at their next turn, each offered once',
  },
  'POST /v1/proposals/{id}/confirm': {
    tag: 'memories',
    summary: 'Confirm a proposal: the fact is saved as proposed, never text the client sends',
  },
  'POST /v1/proposals/{id}/reject': {
    tag: 'memories',
    summary: 'Reject a proposal: nothing is saved',
  },
  'GET /v1/plans': {
    tag: 'plans',
    summary: 'Plans the coach proposed, with their status and progress',
  },
  'POST /v1/plans': {
    tag: 'plans',
    summary:
      "propose_plan: a plan answering the person's current message; one per answer, three open at most (409 otherwise)",
    body: ProposePlanBody,
  },
  'POST /v1/plans/{id}/activate': {
    tag: 'plans',
    summary: 'Activate a proposed plan (three open at most; the review window counts from now)',
  },
  'POST /v1/plans/{id}/checkins': {
    tag: 'plans',
    summary: 'Record progress on an active plan',
    body: CheckInBody,
  },
  'POST /v1/plans/{id}/close': {
    tag: 'plans',
    summary: 'Close a plan as completed or abandoned',
    body: ClosePlanBody,
  },
  'GET /v1/reminders': { tag: 'plans', summary: 'Reminders the person asked for, kept as set' },
  'POST /v1/measurements': {
    tag: 'plans',
    summary:
      "The person's own measurements (MeasurementRecorded), batched and idempotent by id or content; 2,000 at most",
    body: RecordMeasurementsBody,
  },
  'GET /v1/measurements/{metric}': {
    tag: 'plans',
    summary: "A metric's daily values (steps summed, levels as medians), robust baseline and band",
    query: MetricDaysQuery,
  },
  'GET /v1/briefing': {
    tag: 'plans',
    summary: 'At most two lines: the progress of the active plans, measured ones first',
  },
  'GET /v1/memories': {
    tag: 'memories',
    summary: 'The Memory Explorer: memories with per-category counts',
    query: ListMemoriesQuery,
  },
  'GET /v1/memories/search': {
    tag: 'memories',
    summary: 'Full-text search over memories, with highlighted snippets',
    query: SearchMemoriesQuery,
  },
  'POST /v1/memories': { tag: 'memories', summary: 'Add a memory', body: CreateMemoryBody },
  'PATCH /v1/memories/{id}': {
    tag: 'memories',
    summary: 'Edit a memory (with its version; 409 when stale)',
    body: PatchMemoryBody,
  },
  'POST /v1/memories/remember': {
    tag: 'memories',
    summary:
      "Remember one of the person's own messages, or a fact from their current one (remember_fact): one per answer, a health detail only proposed",
    body: RememberBody,
  },
  'GET /v1/context/claude-md': {
    tag: 'context',
    summary: "A session's CLAUDE.md (markdown, or JSON with format=json)",
    query: ClaudeMdQuery,
  },
  'GET /v1/context/memory-block': { tag: 'context', summary: 'The per-turn memory block' },
  'GET /v1/account/settings': {
    tag: 'context',
    summary: "The account's switches (the health module and the other context settings)",
  },
  'PUT /v1/account/settings': {
    tag: 'context',
    summary: 'Change the named switches; answers once the next context obeys them',
    body: SettingsBody,
  },
  'GET /v1/artifacts': {
    tag: 'context',
    summary: 'Every artifact of the account in index order, without content, paginated by cursor',
    query: ListArtifactsQuery,
  },
  'GET /v1/artifacts/{id}': {
    tag: 'context',
    summary: 'One artifact at a level: gist, summary (the default) or full',
    query: ReadArtifactQuery,
  },
  'GET /v1/costs': {
    tag: 'costs',
    summary: "The account's LLM spend by UTC day, pool and label, with the caps in force",
    query: DayRangeQuery,
  },
  'GET /v1/telemetry': {
    tag: 'costs',
    summary: "The account's feature telemetry, newest first",
    query: TelemetryQuery,
  },
  'GET /v1/llm-keys': { tag: 'costs', summary: "The account's own provider keys, masked" },
  'PUT /v1/llm-keys': {
    tag: 'costs',
    summary:
      'Add a provider key (encrypted at once; only its masked form is shown again); it becomes active unless told otherwise',
    body: PutKeyBody,
  },
  'POST /v1/llm-keys/{keyId}/activate': {
    tag: 'costs',
    summary: "Make one of the account's keys the active one",
  },
  'GET /v1/stats': {
    tag: 'recall',
    summary:
      "The account's numbers: sessions, chunks, memories, decisions, agent queries with hit rate and latency, spend per pool per day",
  },
  'GET /v1/profile': {
    tag: 'profile',
    summary:
      "The core profile with isStale (its artifacts against today's) and why regeneration is blocked, if it is",
  },
  'POST /v1/profile/refresh': {
    tag: 'profile',
    summary: 'Clear a regeneration block and synthesize the profile now (202)',
  },
  'GET /v1/insights': {
    tag: 'insights',
    summary:
      'Active cross-artifact insights (contradiction, evolution, theme) with their artifact pair',
  },
  'POST /v1/insights/{id}/dismiss': {
    tag: 'insights',
    summary: 'Dismiss an insight: it never comes back',
  },
  'DELETE /v1/insights/{id}': {
    tag: 'insights',
    summary: 'Delete an insight: it never comes back',
  },
  'GET /v1/life-inventory/catalog': {
    tag: 'life-inventory',
    summary: "The inventory types: shipped ones and the account's own",
  },
  'POST /v1/life-inventory/types': {
    tag: 'life-inventory',
    summary: "Add an inventory type of the account's own, or extend a shipped one",
    body: DefineTypeBody,
  },
  'GET /v1/life-inventory/takes': {
    tag: 'life-inventory',
    summary: 'Takes, newest first',
    query: ListTakesQuery,
  },
  'POST /v1/life-inventory/takes': {
    tag: 'life-inventory',
    summary: 'Start a take (409 while one of the type is in progress)',
    body: StartTakeBody,
  },
  'POST /v1/life-inventory/takes/{takeId}/ratings': {
    tag: 'life-inventory',
    summary: 'Rate items of a take in progress',
    body: RateBody,
  },
  'POST /v1/life-inventory/takes/{takeId}/complete': {
    tag: 'life-inventory',
    summary: 'Complete a take: each category scored by its mean rating',
  },
  'GET /v1/life-inventory/summary': {
    tag: 'life-inventory',
    summary: 'At most 800 characters, with the trend line since the last take when it fits',
  },
  'POST /v1/life-inventory/import/preview': {
    tag: 'life-inventory',
    summary: 'Parse and match an exported markdown table; writes nothing',
    body: ImportBody,
  },
  'POST /v1/life-inventory/import/commit': {
    tag: 'life-inventory',
    summary: 'Store an exported markdown table as a completed take (one event; 413 past 5 MB)',
    body: ImportBody,
  },
  'POST /mcp': {
    tag: 'agents',
    summary: "MCP over streamable HTTP (stateless JSON-RPC): Mnemo's tools for agents",
  },
  'GET /mcp': { tag: 'agents', summary: '405: stateless, no server-sent stream' },
  'DELETE /mcp': { tag: 'agents', summary: '405: stateless, no session to end' },
  'GET /v1/admin/costs': {
    tag: 'admin',
    auth: 'admin',
    summary: "Every account's spend by day, pool and label, with the default daily caps",
    query: DayRangeQuery,
  },
  'GET /v1/admin/cost-caps/{accountId}': {
    tag: 'admin',
    auth: 'admin',
    summary: "One account's daily caps per pool",
  },
  'PUT /v1/admin/cost-caps/{accountId}': {
    tag: 'admin',
    auth: 'admin',
    summary: "Set one account's daily cap for one pool; the next reservation sees it",
    body: CapBody,
  },
  'POST /v1/admin/session-ingest': {
    tag: 'admin',
    auth: 'admin',
    summary:
      'Run the transcript ingest loop now and answer its summary (409 while another run holds the lock)',
    query: SessionIngestRunQuery,
  },
  'GET /v1/admin/session-ingest/status': {
    tag: 'admin',
    auth: 'admin',
    summary: "The transcript ingest loop's status",
    query: SessionIngestStatusQuery,
  },
  'POST /v1/admin/conversation/ingest': {
    tag: 'admin',
    auth: 'admin',
    summary: 'Rebuild conversation chunks for recall now',
    query: AdminRunQuery,
  },
  'GET /v1/admin/conversation/ingest/status': {
    tag: 'admin',
    auth: 'admin',
    summary: 'The status of the last conversation ingest run',
  },
  'POST /v1/admin/decisions/extract': {
    tag: 'admin',
    auth: 'admin',
    summary: 'Distill decisions from session summaries now',
    query: AdminRunQuery,
  },
  'GET /v1/admin/decisions/extract/status': {
    tag: 'admin',
    auth: 'admin',
    summary: 'The status of the last decision distillation run',
  },
  'GET /v1/admin/stats': {
    tag: 'admin',
    auth: 'admin',
    summary: 'Operations numbers of one account or of all',
    query: AdminStatsQuery,
  },
  'POST /v1/admin/accounts': {
    tag: 'admin',
    auth: 'admin',
    summary: 'Create an account; its API key is shown once',
    body: CreateAccountRequest,
  },
  'GET /healthz': { tag: 'operations', auth: 'none', summary: 'Liveness' },
  'GET /readyz': {
    tag: 'operations',
    auth: 'none',
    summary:
      "Readiness: the log, the database and the cache answer, and every read model's tables are there",
  },
  'GET /metrics': { tag: 'operations', auth: 'none', summary: 'Prometheus metrics' },
  'GET /openapi.json': { tag: 'operations', auth: 'none', summary: 'This document' },
  'GET /docs': { tag: 'operations', auth: 'none', summary: 'This document as a page' },
  'GET /v1/admin/dead-letters': {
    tag: 'operations',
    auth: 'admin',
    summary: "Each service's dead letters: count and the latest, without payloads",
  },
  'POST /v1/admin/replay': {
    tag: 'operations',
    auth: 'admin',
    summary:
      'Rebuild read models from the log (`projection`: all or a name), progress streamed as JSON lines; also with the data folder owner token',
    query: ReplayQuery,
  },
  'GET /v1/admin/checksums': {
    tag: 'operations',
    auth: 'admin',
    summary: 'A checksum per projection table, independent of row order',
  },
  'GET /v1/admin/dead-letters/letters': {
    tag: 'operations',
    auth: 'admin',
    summary: 'Every dead letter with its event, oldest first (`mnemo dlq list`)',
    query: LettersQuery,
  },
  'POST /v1/admin/dead-letters/{id}/replay': {
    tag: 'operations',
    auth: 'admin',
    summary: 'Hand a dead letter back to the consumer that failed it (`mnemo dlq replay`)',
  },
  'GET /v1/admin/telemetry': {
    tag: 'operations',
    auth: 'admin',
    summary: "Every account's recent telemetry (feature events), newest first",
  },
  'POST /v1/logs': {
    tag: 'logs',
    summary: 'OpenTelemetry logs (OTLP JSON), redacted and folded into templates (MNEMO_LOGS_OTLP)',
  },
  'POST /v1/logs/lines': {
    tag: 'logs',
    summary: 'A one-off import of log lines, redacted and folded into templates',
  },
  'GET /v1/log-facts': {
    tag: 'logs',
    summary:
      'Log templates with their counts, rates and redacted examples; new or rising since a time, or during a session',
    query: LogFactsQuery,
  },
  'GET /v1/admin/log-sources/status': {
    tag: 'logs',
    auth: 'admin',
    summary: "Each log source's state: enabled, last run, lines read, cursor, last error",
  },
  'GET /v1/drift': {
    tag: 'code',
    summary: "A file's structural change since a time: symbols added, removed, moved, renamed",
  },
  'GET /': {
    tag: 'ui',
    auth: 'none',
    summary: 'The web UI (apps/web, built by npm install): sign in with an API key',
  },
  'GET /*': {
    tag: 'ui',
    auth: 'none',
    summary: "The web UI's files, and index.html for its pages; never a path of the API",
  },
};
