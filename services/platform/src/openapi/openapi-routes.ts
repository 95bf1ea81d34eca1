import type { z } from 'zod';
import { CreateAccountRequest, IngestRequest } from '@mnemo/contracts';
import { ClaudeMdQuery } from '@mnemo/context-service';
import { CreateMemoryBody, ListMemoriesQuery, PatchMemoryBody, RememberBody, SearchMemoriesQuery } from '@mnemo/memory-service';
import { DefineTypeBody, ImportBody, ListTakesQuery, RateBody, StartTakeBody } from '@mnemo/profile-service';
import { PriorDecisionsQuery, PriorWorkQuery, RecallBody, VisitedBody, VisitedQuery } from '@mnemo/recall-service';

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
  'POST /v1/events': { tag: 'ingest', summary: 'Send session events: up to 1,000 events / 5 MB, all or nothing', body: IngestRequest },
  'GET /v1/sessions': { tag: 'sessions', summary: 'The account\'s sessions, newest first, paginated by cursor' },
  'GET /v1/sessions/{id}/turns': { tag: 'sessions', summary: 'A session\'s redacted turns, in seq order' },
  'POST /v1/recall': { tag: 'recall', summary: 'Search past conversations: dated, highlighted snippets, best first', body: RecallBody },
  'GET /v1/prior-work': { tag: 'recall', summary: 'Earlier sessions on a file (path-suffix match) or a task, with their outcome verdict', query: PriorWorkQuery },
  'GET /v1/prior-decisions': { tag: 'recall', summary: 'Earlier decisions on a topic: stance and rationale', query: PriorDecisionsQuery },
  'POST /v1/sessions/{id}/visited': { tag: 'recall', summary: 'Mark a file, span or symbol as visited in a session (idempotent)', body: VisitedBody },
  'GET /v1/sessions/{id}/visited': { tag: 'recall', summary: 'What a session marked as visited, newest first', query: VisitedQuery },
  'GET /v1/memories': { tag: 'memories', summary: 'The Memory Explorer: memories with per-category counts', query: ListMemoriesQuery },
  'GET /v1/memories/search': { tag: 'memories', summary: 'Full-text search over memories, with highlighted snippets', query: SearchMemoriesQuery },
  'POST /v1/memories': { tag: 'memories', summary: 'Add a memory', body: CreateMemoryBody },
  'PATCH /v1/memories/{id}': { tag: 'memories', summary: 'Edit a memory (with its version; 409 when stale)', body: PatchMemoryBody },
  'POST /v1/memories/remember': { tag: 'memories', summary: 'Remember one of the person\'s own messages', body: RememberBody },
  'GET /v1/context/claude-md': { tag: 'context', summary: 'A session\'s CLAUDE.md (markdown, or JSON with format=json)', query: ClaudeMdQuery },
  'GET /v1/context/memory-block': { tag: 'context', summary: 'The per-turn memory block' },
  'GET /v1/profile': { tag: 'profile', summary: 'The core profile with isStale (its artifacts against today\'s) and why regeneration is blocked, if it is' },
  'POST /v1/profile/refresh': { tag: 'profile', summary: 'Clear a regeneration block and synthesize the profile now (202)' },
  'GET /v1/insights': { tag: 'insights', summary: 'Active cross-artifact insights (contradiction, evolution, theme) with their artifact pair' },
  'POST /v1/insights/{id}/dismiss': { tag: 'insights', summary: 'Dismiss an insight: it never comes back' },
  'DELETE /v1/insights/{id}': { tag: 'insights', summary: 'Delete an insight: it never comes back' },
  'GET /v1/life-inventory/catalog': { tag: 'life-inventory', summary: 'The inventory types: shipped ones and the account\'s own' },
  'POST /v1/life-inventory/types': { tag: 'life-inventory', summary: 'Add an inventory type of the account\'s own, or extend a shipped one', body: DefineTypeBody },
  'GET /v1/life-inventory/takes': { tag: 'life-inventory', summary: 'Takes, newest first', query: ListTakesQuery },
  'POST /v1/life-inventory/takes': { tag: 'life-inventory', summary: 'Start a take (409 while one of the type is in progress)', body: StartTakeBody },
  'POST /v1/life-inventory/takes/{takeId}/ratings': { tag: 'life-inventory', summary: 'Rate items of a take in progress', body: RateBody },
  'POST /v1/life-inventory/takes/{takeId}/complete': { tag: 'life-inventory', summary: 'Complete a take: each category scored by its mean rating' },
  'GET /v1/life-inventory/summary': { tag: 'life-inventory', summary: 'At most 800 characters, with the trend line since the last take when it fits' },
  'POST /v1/life-inventory/import/preview': { tag: 'life-inventory', summary: 'Parse and match an exported markdown table; writes nothing', body: ImportBody },
  'POST /v1/life-inventory/import/commit': { tag: 'life-inventory', summary: 'Store an exported markdown table as a completed take (one event; 413 past 5 MB)', body: ImportBody },
  'POST /mcp': { tag: 'agents', summary: 'MCP over streamable HTTP (stateless JSON-RPC): Mnemo\'s tools for agents' },
  'GET /mcp': { tag: 'agents', summary: '405: stateless, no server-sent stream' },
  'DELETE /mcp': { tag: 'agents', summary: '405: stateless, no session to end' },
  'POST /v1/admin/accounts': { tag: 'admin', auth: 'admin', summary: 'Create an account; its API key is shown once', body: CreateAccountRequest },
  'GET /healthz': { tag: 'operations', auth: 'none', summary: 'Liveness' },
  'GET /readyz': { tag: 'operations', auth: 'none', summary: 'Readiness: the log, the database and the cache answer' },
  'GET /metrics': { tag: 'operations', auth: 'none', summary: 'Prometheus metrics' },
  'GET /openapi.json': { tag: 'operations', auth: 'none', summary: 'This document' },
  'GET /docs': { tag: 'operations', auth: 'none', summary: 'This document as a page' },
  'GET /v1/admin/dead-letters': { tag: 'operations', auth: 'admin', summary: 'Each service\'s dead letters: count and the latest, without payloads' },
  'GET /v1/admin/telemetry': { tag: 'operations', auth: 'admin', summary: 'Every account\'s recent telemetry (feature events), newest first' },
  'GET /': { tag: 'ui', auth: 'none', summary: 'The web UI (apps/web, built by npm install): sign in with an API key' },
  'GET /*': { tag: 'ui', auth: 'none', summary: 'The web UI\'s files, and index.html for its pages; never a path of the API' },
};
