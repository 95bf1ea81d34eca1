import type { ClaudeMdTelemetry } from './claude-md-telemetry';
import type { ClaudeMdSources, MemoryItem } from './context-sources';
import { assembleDeveloperDigest } from './developer-digest';
import type { DigestDecision, DigestPreference } from './developer-digest-sources';

/** The first words of a decision memory that make it a rejection ("never use yarn", "don't …"). */
const REJECTING = /^(never|don'?t|do not|no longer|avoid|stop|we rejected|rejected)\b/i;

/** A decision memory as a digest line: a rejection reads ⛔, any other choice ✅. */
export function decisionFromMemory(memory: MemoryItem): DigestDecision {
  return {
    id: memory.id,
    topic: memory.content,
    stance: REJECTING.test(memory.content.trim()) ? 'rejected' : 'chose',
    rationale: '',
    occurredAt: memory.updatedAt,
    memoryId: memory.id,
  };
}

export const preferenceFromMemory = (memory: MemoryItem): DigestPreference => ({
  id: memory.id,
  content: memory.content,
  occurredAt: memory.updatedAt,
  memoryId: memory.id,
});

/**
 * A coding session's CLAUDE.md: the developer's digest of what the context service holds (the account's
 * decision and preference memories), and nothing of the coaching template. The Claude Code hook adds the
 * project's sessions, verdicts and distilled decisions, which the recall service holds, with the same assembler.
 */
export function assembleCodingClaudeMd(
  sources: ClaudeMdSources,
  maxChars: number,
): { markdown: string; telemetry: ClaudeMdTelemetry; usedMemoryIds: string[] } {
  const own = (sources.memories ?? []).filter(
    (memory) => memory.accountId === sources.accountId && !memory.sensitive,
  );
  const decisions = own.filter((memory) => memory.factType === 'decision');
  const preferences = own.filter((memory) => memory.factType === 'preference');
  const digest = assembleDeveloperDigest(
    {
      project: sources.session.project ?? null,
      decisions: decisions.map(decisionFromMemory),
      sessions: [],
      preferences: preferences.map(preferenceFromMemory),
      logSignals: [],
      drift: [],
    },
    maxChars,
  );
  const used = [...decisions, ...preferences].filter((memory) =>
    digest.markdown.includes(`memory ${memory.id})`),
  );
  return {
    markdown: digest.markdown,
    usedMemoryIds: used.map((memory) => memory.id),
    telemetry: {
      action: 'memory_context_built',
      accountId: sources.accountId,
      sessionId: sources.session.id,
      mode: 'coding',
      isRedo: false,
      artifactCount: 0,
      coreProfilePresent: false,
      bookmarkCount: 0,
      memoryCount: used.length,
      memoryChars: digest.markdown.length,
      insightCount: 0,
      insightChars: 0,
      claudeMdChars: digest.markdown.length,
      pinnedCount: 0,
      indexCount: 0,
      spilledCount: 0,
      budgetExceeded: false,
      budgetOverageChars: 0,
      failedSources: [...sources.failedSources],
      foreignItemsDropped:
        (sources.memories ?? []).length -
        (sources.memories ?? []).filter((m) => m.accountId === sources.accountId).length,
    },
  };
}
