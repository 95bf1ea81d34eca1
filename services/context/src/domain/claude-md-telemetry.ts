import type { ContextMode } from './context-sources';

/** The `memory_context_built` record every CLAUDE.md build emits (docs/context.md). */
export interface ClaudeMdTelemetry {
  action: 'memory_context_built';
  accountId: string;
  sessionId: string;
  mode: ContextMode;
  isRedo: boolean;
  artifactCount: number;
  coreProfilePresent: boolean;
  bookmarkCount: number;
  memoryCount: number;
  memoryChars: number;
  insightCount: number;
  insightChars: number;
  claudeMdChars: number;
  pinnedCount: number;
  indexCount: number;
  spilledCount: number;
  /** True when everything on offer would not have fitted the total budget. */
  budgetExceeded: boolean;
  /** How far over the total budget everything on offer would have been; 0 when it fitted. */
  budgetOverageChars: number;
  /** Sources the handler could not load; their sections are absent. */
  failedSources: string[];
  /** Memories or plans of another account that reached the assembler and were dropped (a loader bug). */
  foreignItemsDropped: number;
}

export type SpilledKind = 'section' | 'bookmark' | 'goal' | 'pinned' | 'index-line';

/** A block left out for lack of total budget. Sections are named by their source. */
export interface SpilledBlock {
  kind: SpilledKind;
  id: string;
}
