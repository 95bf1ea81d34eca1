import type { z } from 'zod';
import type { FactType } from '@mnemo/contracts';
import type { CompletedTake } from '@mnemo/life-inventory';
import { sessionKindOf } from './session-kind';

/**
 * What the context handlers load and hand to the pure assemblers.
 *
 * Every section is optional: a handler loads each source fail-open, and a source that threw or
 * timed out is left `undefined` and its name pushed onto `failedSources`. The assembler drops that
 * section (no heading), serves the rest, and reports the failures in telemetry. An empty array means
 * "loaded, nothing there", which is a different thing from `undefined`.
 */

export type MemoryFactType = z.infer<typeof FactType>;

/** A durable memory fact as the memory read model serves it. Timestamps are ISO-8601 strings. */
export interface MemoryItem {
  id: string;
  accountId: string;
  factType: MemoryFactType;
  content: string;
  confidence: 'high' | 'medium' | 'low';
  /** Confirmed by the person (a sensitive proposal they accepted, or a fact they added or edited). */
  confirmed: boolean;
  /** Names a health condition, limitation or medication: shown only while the health module is on. */
  sensitive: boolean;
  createdAt: string;
  updatedAt: string;
}

/** A key moment the person or the coach bookmarked. */
export interface BookmarkItem {
  id: string;
  text: string;
  createdAt: string;
}

/** An artifact pinned for this session: loaded in full, budget permitting. */
export interface PinnedArtifact {
  id: string;
  title: string;
  content: string;
}

export type InsightKind = 'contradiction' | 'evolution' | 'theme';

/** An active (not dismissed) cross-artifact insight, with the titles of the pair it spans. */
export interface InsightItem {
  id: string;
  kind: InsightKind;
  text: string;
  artifactATitle: string;
  artifactBTitle: string;
  createdAt: string;
}

/**
 * A plan the person is working on. The CLAUDE.md `#### Goals` block and the memory block both show
 * active plans; goal-type memories already appear under Personal Context → Goals, so the goals block
 * is what the person is acting on now, with where they stand, not a second copy of stated intent.
 */
export interface PlanItem {
  id: string;
  accountId: string;
  title: string;
  /** One sentence on where the plan stands, computed server-side; null before the first check-in. */
  progress: string | null;
  active: boolean;
  updatedAt: string;
}

/** The latest compaction summary of the session being resumed. */
export interface ConversationSoFar {
  summary: string;
  segment: number;
}

/** Estimated token cost of pulling an artifact at each level of detail. */
export interface ArtifactTokenCosts {
  gist: number;
  summary: number;
  full: number;
}

/** One entry of the pull menu. */
export interface ArtifactIndexEntry {
  id: string;
  title: string;
  gist: string;
  tokens: ArtifactTokenCosts;
}

export interface SessionInfo {
  id: string;
  /** Where the session came from; `ai-coaching:`-prefixed sources are structured interviews. */
  source: string;
  /** True when the session is resumed after a segment pause: the compaction summary is served. */
  resuming: boolean;
  /** True when an interview is being redone; reported in telemetry only. */
  isRedo?: boolean;
  /** The repository it runs in, when the request or its rows say (a coding session's digest names it). */
  project?: string | null;
}

export interface ClaudeMdSources {
  accountId: string;
  session: SessionInfo;
  /** null: no profile synthesized yet (fewer than 3 artifacts); undefined: the source failed. */
  coreProfile?: string | null;
  memories?: MemoryItem[];
  bookmarks?: BookmarkItem[];
  pinnedArtifacts?: PinnedArtifact[];
  insights?: InsightItem[];
  goals?: PlanItem[];
  conversationSoFar?: ConversationSoFar | null;
  /** Completed life inventory takes by type: their summary goes into an interview's CLAUDE.md. */
  lifeInventory?: CompletedTake[][];
  /** Every artifact of the account, pinned ones included; order is kept in the index. */
  artifacts?: ArtifactIndexEntry[];
  /** Sensitive memories reach the CLAUDE.md under the same switch as the memory block. Default off. */
  healthModuleOn?: boolean;
  /** Medication memories need this switch too (docs/context.md). Default off. */
  medicationsModuleOn?: boolean;
  failedSources: string[];
}

/** A durable fact for the per-turn memory block. */
export type MemoryFact = Pick<
  MemoryItem,
  'id' | 'accountId' | 'content' | 'confirmed' | 'sensitive' | 'createdAt' | 'updatedAt'
>;

export interface ReminderItem {
  id: string;
  accountId: string;
  text: string;
  /** ISO-8601; only its date is shown. */
  dueAt: string | null;
}

/**
 * A sensitive fact waiting for the person's yes or no, not offered yet (offered once, at the next
 * turn).
 */
export interface ProposalQuestion {
  id: string;
  accountId: string;
  content: string;
  proposedAt: string;
}

export interface MemoryBlockSources {
  accountId: string;
  facts?: MemoryFact[];
  /** Waiting proposals never offered, oldest first. */
  proposals?: ProposalQuestion[];
  plans?: PlanItem[];
  reminders?: ReminderItem[];
  healthModuleOn: boolean;
  /** Medication facts stay out while this is off, whatever the health module says. Default off. */
  medicationsModuleOn?: boolean;
  /** The zero-LLM recall line (see `buildRollingRecallLine`); null when there is nothing to recall. */
  rollingRecall?: string | null;
  failedSources: string[];
}

/** Every budget is in characters of the produced text, except `memoryLimit` (a count). */
export interface ContextBudgets {
  totalChars: number;
  personalContextChars: number;
  insightChars: number;
  memoryBlockChars: number;
  /** How many of the most recent memories Personal Context considers before dedup. */
  memoryLimit: number;
}

export const DEFAULT_CONTEXT_BUDGETS: Readonly<ContextBudgets> = Object.freeze({
  totalChars: 120_000,
  personalContextChars: 2_000,
  insightChars: 2_000,
  memoryBlockChars: 1_500,
  memoryLimit: 20,
});

export type ContextMode = 'interview' | 'free-form' | 'coding';

/**
 * A coding session gets a developer's digest (domain/session-kind.ts decides); of coaching
 * sessions, one is an interview only when its source starts with `ai-coaching:` (docs/context.md).
 */
export function contextModeFor(session: Pick<SessionInfo, 'source' | 'project'>): ContextMode {
  if (sessionKindOf(session) === 'coding') return 'coding';
  return session.source.startsWith('ai-coaching:') ? 'interview' : 'free-form';
}
