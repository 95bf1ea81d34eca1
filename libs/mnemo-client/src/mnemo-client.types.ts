// Type-only: the hooks load no zod at start, only these shapes from the recall contract.
import type { z } from 'zod';
import type {
  MeasurementInput,
  PlanMeasure,
  RecallHit,
  RecallRequestBody,
  SkillCandidate,
} from '@mnemo/contracts';

/** The answers of Mnemo's HTTP API that agents read, as the routes return them (recall's contract: docs/coding-memory.md). */

export type { RecallHit };
export type RecallRequest = RecallRequestBody;

export interface RecallAnswer {
  hits: RecallHit[];
}

/** Prior work: each earlier session with its verdict. Fields beyond sessionId are read defensively. */
export interface PriorWorkItem {
  sessionId: string;
  verdict?: string;
  outcome?: string;
  summary?: string | null;
  filesEdited?: string[];
  files?: string[];
  lessons?: string[];
  commitShas?: string[];
  startedAt?: string;
  endedAt?: string | null;
  project?: string | null;
  [key: string]: unknown;
}
export interface PriorWorkAnswer {
  sessions?: PriorWorkItem[];
  items?: PriorWorkItem[];
  /** Earlier failed attempts at the same task, clustered (docs/learning.md). */
  failedClusters?: FailedClusterItem[];
  /** Open refactor plans that touch the file asked about (docs/learning.md). */
  refactorPlans?: RefactorPlanItem[];
  note?: string;
}

export interface FailedClusterItem {
  clusterId: string;
  label: string;
  task?: string;
  project?: string | null;
  sessions: Array<{ sessionId: string; outcome?: string; startedAt?: string | null }>;
  sharedFiles?: string[];
  commonFailure?: string;
}

export interface PriorDecision {
  topic: string;
  stance: string;
  rationale?: string;
  sessionId?: string;
  decidedAt?: string;
  occurredAt?: string;
  score?: number;
  decisionId?: string;
  project?: string | null;
  /** The turn a statement settled in a session's talk came from. */
  turnSeq?: number;
  [key: string]: unknown;
}
export interface PriorDecisionsAnswer {
  decisions: PriorDecision[];
  note?: string;
}

export interface MemorySearchAnswer {
  hits: Array<{
    id: string;
    factType: string;
    content: string;
    version: number;
    rank: number;
    snippet: string;
  }>;
}

export interface ClaudeMdAnswer {
  markdown: string;
  telemetry?: unknown;
}
export interface MemoryBlockAnswer {
  text: string;
  telemetry?: unknown;
}

export interface VisitedMark {
  ledgerId?: string;
  path: string;
  startLine?: number;
  endLine?: number;
  symbol?: string;
  /** The symbol's body hash when it was read (docs/code-symbols.md). */
  bodyHash?: string;
  note?: string;
}
export interface VisitedEntry extends Partial<VisitedMark> {
  /** When it was last marked (the ledger's name for it). */
  verifiedAt?: string;
  visitedAt?: string;
  cite?: string;
  [key: string]: unknown;
}

/** `src/a.ts:10-40 ApiKeyGuard` (or the ledger id): where a visited entry points. */
export function visitedPlace(entry: VisitedEntry): string {
  const lines =
    entry.startLine !== undefined
      ? `:${entry.startLine}${entry.endLine !== undefined ? `-${entry.endLine}` : ''}`
      : '';
  return `${entry.path ?? entry.ledgerId ?? '?'}${lines}${entry.symbol ? ` ${entry.symbol}` : ''}`;
}
export interface VisitedAnswer {
  visited?: VisitedEntry[];
  entries?: VisitedEntry[];
}

export interface SessionSummary {
  id: string;
  source: string;
  title: string | null;
  cwd: string | null;
  gitBranch: string | null;
  startedAt: string;
  endedAt: string | null;
  turnCount: number;
  project?: string | null;
}
export interface SessionListAnswer {
  sessions: SessionSummary[];
  nextCursor: string | null;
}

export interface Turn {
  seq: number;
  role: 'user' | 'assistant' | 'system';
  text: string;
  occurredAt: string;
  isSidechain?: boolean;
}
export interface TurnsAnswer {
  turns: Turn[];
  nextAfterSeq: number | null;
}

/** One event of `POST /v1/events` (libs/contracts' IngestEventInput, written out here). */
export interface IngestEvent {
  id: string;
  type: string;
  sessionId: string;
  occurredAt: string;
  payload: unknown;
}

/** `GET /v1/drift` (libs/contracts' DriftAnswer, written out here: the client loads no zod). */
export interface DriftAnswer {
  project: string | null;
  path: string;
  since: string;
  baseline: DriftPoint | null;
  current: DriftPoint | null;
  delta: DriftDelta | null;
  symbols?: DriftSymbol[];
  /** With `baselineSymbols=true`: the baseline's symbols, bodies as hashes only. */
  baselineSymbols?: Array<DriftSymbol & { bodyHash: string }>;
  text: string;
}

/** One snapshot a drift is read from. */
export interface DriftPoint {
  at: string;
  commit?: string;
  author?: string;
  contentHash: string;
}

/** A declaration's place and header, as drift gives it. */
export interface DriftSymbol {
  name: string;
  kind: string;
  parent?: string;
  signature: string;
  startLine: number;
  endLine: number;
}

type DriftChange = { from: DriftSymbol; to: DriftSymbol };
/** Added, removed, renamed, moved and changed symbols between two snapshots. */
export interface DriftDelta {
  added: DriftSymbol[];
  removed: DriftSymbol[];
  renamed: DriftChange[];
  moved: DriftChange[];
  signatureChanged: DriftChange[];
  bodyChanged: DriftChange[];
  unchanged: number;
}

/** POST /v1/memories/remember: saved at once, or only proposed (a health detail the person confirms first). */
export type RememberAnswer =
  | { status: 'saved'; memory: { id: string; content: string; factType: string } }
  | { status: 'proposed'; proposal: { id: string; content: string; reason: string } };

export type { MeasurementInput };

/** What a plan measures itself by: a metric of the day series and a daily target in its unit. */
export type PlanMeasureInput = z.input<typeof PlanMeasure>;

/** A plan as `GET /v1/plans` and `POST /v1/plans` give it. Fields beyond these are read defensively. */
export interface PlanItem {
  id: string;
  title: string;
  steps: string[];
  status: 'proposed' | 'active' | 'closed';
  reviewDays: number;
  measure: PlanMeasureInput | null;
  progress: string | null;
}

/** `GET /v1/briefing`: at most two lines on the active plans' progress. */
/** `GET /v1/measurements/{metric}`: each unit's days in the lookback and its robust baseline (docs/day-series.md). */
export interface MetricDaysAnswer {
  metric: string;
  lookbackDays: number;
  series: Array<{
    unit: string;
    aggregation: 'sum' | 'median';
    days: Array<{ day: string; value: number }>;
    /** Median and MAD of the daily values, the band median ± 2 × 1.4826 × MAD; null under three days. */
    baseline: {
      median: number;
      mad: number;
      low: number;
      high: number;
      days: number;
      from: string;
      to: string;
    } | null;
  }>;
}

export interface BriefingAnswer {
  lines: string[];
  text: string;
}

/** `GET /v1/memories`: a page of the account's memories, newest first. Fields beyond these are read defensively. */
export interface MemoryListAnswer {
  memories: Array<{
    id: string;
    factType: string;
    content: string;
    source?: string;
    origin?: { session?: string | null; turns?: number[]; messageSeq?: number };
    sensitive?: boolean;
    confirmed?: boolean;
    createdAt: string;
    updatedAt: string;
  }>;
}

/** One runtime log template of `GET /v1/log-facts`, with its change against the window before. */
export interface LogFact {
  templateId: string;
  project?: string;
  template: string;
  severity?: string;
  change?: string;
  count?: number;
  countInWindow?: number;
  countBefore?: number;
  ratePerHour?: number;
  firstSeenAt?: string;
  lastSeenAt: string;
  units?: Record<string, number>;
  hosts?: Record<string, number>;
  examples?: string[];
  shapes?: Record<string, number>;
  [key: string]: unknown;
}

/** `GET /v1/log-facts`: runtime log templates seen in [since, until). */
export interface LogFactsAnswer {
  since?: string;
  until?: string;
  /** With `sessionId`: the session whose time is the window. */
  session?: { sessionId: string; startedAt: string; endedAt: string | null };
  facts: LogFact[];
}

/** What `GET /v1/log-facts` is asked: words, unit, severity, change and a window (or a session's time). */
export type LogFactsQuery = {
  q?: string;
  project?: string;
  unit?: string;
  severity?: 'fatal' | 'error' | 'warn' | 'info' | 'debug';
  change?: 'new' | 'rising';
  since?: string;
  until?: string;
  sessionId?: string;
  limit: number;
};

/** A skill candidate (docs/learning.md): recurring successful work proposed as a Claude Code skill. */
export type SkillCandidateItem = SkillCandidate;

export interface SkillCandidatesAnswer {
  candidates: SkillCandidateItem[];
}

export type RefactorPlanStatus = 'open' | 'done' | 'abandoned';

/** A plan for a multi-session change (docs/learning.md). */
export interface RefactorPlanItem {
  planId: string;
  project?: string | null;
  goal: string;
  steps: string[];
  files: string[];
  status: RefactorPlanStatus;
  recordedInSession?: string | null;
  recordedAt?: string;
  updatedAt?: string;
}

export interface RefactorPlansAnswer {
  plans: RefactorPlanItem[];
}
