// The wire shapes the UI reads. Request bodies and the shared enums come from @mnemo/contracts (type-only:
// no zod in the bundle); the answers below mirror what the services return, as the e2e tests check.
import type { Confidence, FactType } from '@mnemo/contracts/src/events/memory.events';
import type { RecallHit, RecallRequestBody, SkillCandidate } from '@mnemo/contracts/src/recall.api';
import type { z } from 'zod';

export type FactTypeName = z.infer<typeof FactType>;
export type ConfidenceLevel = z.infer<typeof Confidence>;
export type { RecallHit, RecallRequestBody, SkillCandidate };

// The tab list and the limits are values the UI needs at run time: they come from a zod-free contracts file.
export {
  MEMORY_CATEGORIES as CATEGORIES,
  MAX_FACT_CHARS,
  MIN_SEARCH_CHARS,
  type MemoryCategory as Category,
} from '@mnemo/contracts/src/memory-categories';
export type {
  CreateMemoryRequest,
  ListMemoriesParams,
  PatchMemoryRequest,
  SearchMemoriesParams,
} from '@mnemo/contracts/src/memory.api';
// The answers the memory service gives, defined once in the contract.
export type {
  MemoryView as Memory,
  MemoryPage,
  MemorySearchHit as SearchHit,
  MemoryFeedChange as MemoryChange,
} from '@mnemo/contracts/src/memory.api';
export type { LifeInventoryTake, TranscriptIngestStatus } from '@mnemo/contracts/src/api';

export interface Proposal {
  id: string;
  factType: FactTypeName;
  content: string;
  category?: string;
  status: string;
  proposedAt?: string;
  expiresAt?: string;
  [key: string]: unknown;
}

export interface Profile {
  text: string | null;
  generatedAt: string | null;
  artifactCount: number;
  isStale: boolean;
  blocked: { reason: 'cost_cap' | 'no_credential' | 'api_error'; retryAt: string | null } | null;
}

export interface Insight {
  id: string;
  kind: string;
  summary: string;
  artifacts: Array<{ id: string; title: string }>;
  detectedAt: string;
}

export interface SessionToolCall {
  name: string;
  input?: string;
  result?: string;
  isError?: boolean;
}

export interface SessionTurn {
  seq: number;
  role: string;
  text: string;
  occurredAt?: string;
  toolCalls?: SessionToolCall[];
  [key: string]: unknown;
}

/** One runtime log template as `GET /v1/log-facts` answers it (docs/logs.md). */
export interface LogFact {
  templateId: string;
  project: string;
  template: string;
  severity: string;
  change: 'new' | 'rising' | 'steady' | 'falling';
  count: number;
  countInWindow: number;
  countBefore: number;
  ratePerHour: number;
  firstSeenAt: string;
  lastSeenAt: string;
  severities: Record<string, number>;
  units: Record<string, number>;
  hosts: Record<string, number>;
  examples: string[];
  shapes: Record<string, number>;
}

export interface LogFactsAnswer {
  since: string;
  until: string;
  session?: { sessionId: string; startedAt: string; endedAt: string | null };
  facts: LogFact[];
}

/** One line of `GET /v1/admin/log-sources/status`. */
export interface LogSourceStatus {
  accountId: string;
  project: string;
  sourceId: string;
  kind: string;
  enabled: boolean;
  state: string;
  lastRunAt: string | null;
  linesRead: number;
  linesSkipped: number;
  cursor: string | null;
  lastError: string | null;
}
