// The wire shapes the UI reads. Request bodies and the shared enums come from @mnemo/contracts (type-only:
// no zod in the bundle); the answers below mirror what the services return, as the e2e tests check.
import type { Confidence, FactType } from '@mnemo/contracts/src/events/memory.events';
import type { RecallHit, RecallRequestBody } from '@mnemo/contracts/src/recall.api';
import type { z } from 'zod';

export type FactTypeName = z.infer<typeof FactType>;
export type ConfidenceLevel = z.infer<typeof Confidence>;
export type { RecallHit, RecallRequestBody };

// The tab list and the limits are values the UI needs at run time: they come from a zod-free contracts file.
export { MEMORY_CATEGORIES as CATEGORIES, MAX_FACT_CHARS, MIN_SEARCH_CHARS, type MemoryCategory as Category } from '@mnemo/contracts/src/memory-categories';
export type { CreateMemoryRequest, ListMemoriesParams, PatchMemoryRequest, SearchMemoriesParams } from '@mnemo/contracts/src/memory.api';
import type { MemoryCategory as Category } from '@mnemo/contracts/src/memory-categories';

export interface Memory {
  id: string;
  factType: FactTypeName;
  category: Exclude<Category, 'All' | 'Facts'>;
  content: string;
  confidence: ConfidenceLevel;
  source: string;
  origin: { session: string; segment?: number; artifactId?: string; messageSeq?: number; turns?: number[] };
  occurredOn: string | null;
  editedByPerson: boolean;
  status: 'active' | 'superseded';
  supersededBy: string | null;
  supersedes?: Array<{ id: string; content: string }>;
  sensitive: boolean;
  confirmed: boolean;
  version: number;
  createdAt: string;
  updatedAt: string;
  lastUsedAt: string | null;
}

export interface MemoryPage {
  memories: Memory[];
  counts: Record<Category, number>;
  total: number;
  page: number;
  pageSize: number;
}

export interface SearchHit {
  id: string;
  factType: FactTypeName;
  content: string;
  version: number;
  rank: number;
  /** Server-escaped text with `<mark>` around the matches: the only markup in it is ours. */
  snippet: string;
}

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

export interface MemoryChange {
  type: string;
  memoryId?: string;
  proposalId?: string;
  version?: number;
  seq: number;
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

export interface SessionTurn {
  seq: number;
  role: string;
  text: string;
  occurredAt?: string;
  [key: string]: unknown;
}
