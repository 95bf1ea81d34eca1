import {
  bookmarkLine,
  conversationBlock,
  coreProfileBlock,
  GOALS_HEADING,
  goalLine,
  KEY_MOMENTS_HEADING,
  lifeInventoryBlock,
  listSection,
  pinnedBlock,
  whatYouKnowBlock,
} from './claude-md-blocks';
import type { ClaudeMdTelemetry, SpilledBlock } from './claude-md-telemetry';
import type { ClaudeMdSources, ContextBudgets, ContextMode } from './context-sources';
import { assembleCodingClaudeMd } from './coding-claude-md';
import { buildInsights } from './cross-artifact-insights';
import { DEVELOPER_DIGEST_MAX_CHARS } from './developer-digest-sources';
import { lifeInventorySummary } from '@mnemo/life-inventory';
import { greedyPack } from './greedy-pack';
import {
  INTERVIEW_SCAFFOLDING,
  MEMORY_USAGE_INSTRUCTIONS,
  PREAMBLE_ARTIFACTS_UNAVAILABLE,
  PREAMBLE_FIRST_CONVERSATION,
  PREAMBLE_WITH_ARTIFACTS,
} from './memory-usage-instructions';
import { buildPersonalContext } from './personal-context';
import { type ArtifactPlan, artifactFloor, placeArtifacts } from './place-artifacts';
import { newestFirst } from './text-format';

export interface ClaudeMdResult {
  markdown: string;
  telemetry: ClaudeMdTelemetry;
  /** Memories rendered into Personal Context: the caller stamps their last_used_at. */
  usedMemoryIds: string[];
  spilled: SpilledBlock[];
}

/** Blocks are joined by a blank line; a block costs its length plus that separator. */
const SEPARATOR = '\n\n';
const blockCost = (text: string): number => text.length + SEPARATOR.length;

/**
 * Builds the CLAUDE.md of a session from already-loaded sources. Pure: same input, same bytes.
 *
 * Budget: the instructions, the interview scaffolding, the `What You Already Know` preamble, the
 * core profile and the artifact index header are always served. What is left of `totalChars` goes,
 * in this priority, to the conversation summary, Personal Context, the life inventory summary (interviews
 * only), insights, goals, key moments,
 * then pinned artifacts in full (each only if the whole index still fits after it), then index
 * lines. Whatever does not fit spills: it is counted, and a spilled pinned artifact or index line
 * is named in the index along with how to pull it. The output exceeds `totalChars` only when the
 * always-served blocks alone do.
 */
export function assembleClaudeMd(
  sources: ClaudeMdSources,
  budgets: ContextBudgets,
  mode: ContextMode,
): ClaudeMdResult {
  // A coding session gets a developer's digest, nothing of the coaching template (docs/context.md)
  if (mode === 'coding')
    return { ...assembleCodingClaudeMd(sources, DEVELOPER_DIGEST_MAX_CHARS), spilled: [] };
  const built = build(sources, budgets, mode);
  // Overage is measured against what the document would have been with nothing spilled.
  const wanted =
    built.spilled.length === 0
      ? built.markdown.length
      : build(sources, { ...budgets, totalChars: Infinity }, mode).markdown.length;
  const telemetry: ClaudeMdTelemetry = {
    action: 'memory_context_built',
    accountId: sources.accountId,
    sessionId: sources.session.id,
    mode,
    isRedo: sources.session.isRedo ?? false,
    ...built.counts,
    claudeMdChars: built.markdown.length,
    spilledCount: built.spilled.length,
    // A block can spill to keep room for the index's "…and N more" line even when the unspilled
    // document would just have fitted; it still counts as not everything fitting.
    budgetExceeded: built.spilled.length > 0 || wanted > budgets.totalChars,
    budgetOverageChars: Math.max(0, wanted - budgets.totalChars),
    failedSources: [...sources.failedSources],
    foreignItemsDropped: countForeign(sources),
  };
  return {
    markdown: built.markdown,
    telemetry,
    usedMemoryIds: built.usedMemoryIds,
    spilled: built.spilled,
  };
}

type Counts = Pick<
  ClaudeMdTelemetry,
  | 'artifactCount'
  | 'coreProfilePresent'
  | 'bookmarkCount'
  | 'memoryCount'
  | 'memoryChars'
  | 'insightCount'
  | 'insightChars'
  | 'pinnedCount'
  | 'indexCount'
>;

interface Built {
  markdown: string;
  counts: Counts;
  usedMemoryIds: string[];
  spilled: SpilledBlock[];
}

function build(sources: ClaudeMdSources, budgets: ContextBudgets, mode: ContextMode): Built {
  const spilled: SpilledBlock[] = [];
  let used = -1; // n blocks joined by separators plus one final newline is Σ(len + 2) − 1.
  const take = (text: string): void => {
    used += blockCost(text);
  };
  const fits = (cost: number, reserved: number): boolean =>
    used + cost + reserved <= budgets.totalChars;

  // --- always served
  const instructions =
    mode === 'interview'
      ? [MEMORY_USAGE_INSTRUCTIONS, INTERVIEW_SCAFFOLDING]
      : [MEMORY_USAGE_INSTRUCTIONS];
  instructions.forEach(take);
  const artifactIds = new Set(
    [...(sources.artifacts ?? []), ...(sources.pinnedArtifacts ?? [])].map((a) => a.id),
  );
  const preamble =
    sources.artifacts === undefined
      ? PREAMBLE_ARTIFACTS_UNAVAILABLE
      : artifactIds.size === 0
        ? PREAMBLE_FIRST_CONVERSATION
        : PREAMBLE_WITH_ARTIFACTS;
  const whatYouKnow = whatYouKnowBlock(preamble);
  take(whatYouKnow);
  const profileText = sources.coreProfile?.trim() ?? '';
  const profile = profileText.length > 0 ? coreProfileBlock(profileText) : null;
  if (profile !== null) take(profile);

  const pinned = sources.pinnedArtifacts ?? [];
  const pinnedIds = new Set(pinned.map((artifact) => artifact.id));
  const plan: ArtifactPlan = {
    pinned,
    menu: (sources.artifacts ?? []).filter((entry) => !pinnedIds.has(entry.id)),
    entryById: new Map((sources.artifacts ?? []).map((entry) => [entry.id, entry])),
  };
  const floor = artifactFloor(plan);
  used += floor.header;
  const overflowReserve = floor.overflow;

  // --- whole sections, by priority
  const takeWhole = (name: string, text: string | null): string | null => {
    if (text === null) return null;
    if (fits(blockCost(text), overflowReserve)) {
      take(text);
      return text;
    }
    spilled.push({ kind: 'section', id: name });
    return null;
  };
  const conversation = takeWhole(
    'conversationSoFar',
    sources.session.resuming && sources.conversationSoFar
      ? conversationBlock(sources.conversationSoFar)
      : null,
  );
  const personal = buildPersonalContext({
    accountId: sources.accountId,
    memories: sources.memories ?? [],
    coreProfile: sources.coreProfile,
    healthModuleOn: sources.healthModuleOn ?? false,
    medicationsModuleOn: sources.medicationsModuleOn ?? false,
    limit: budgets.memoryLimit,
    budgetChars: budgets.personalContextChars,
  });
  const personalText = takeWhole('memories', personal.text);
  // The life inventory summary goes into an interview's CLAUDE.md only (docs/context.md).
  const inventorySummary =
    mode === 'interview' ? lifeInventorySummary(sources.lifeInventory ?? []) : '';
  const lifeInventory = takeWhole(
    'lifeInventory',
    inventorySummary.length > 0 ? lifeInventoryBlock(inventorySummary) : null,
  );
  const insights = buildInsights(sources.insights ?? [], budgets.insightChars);
  const insightText = takeWhole('insights', insights.text);

  // --- item sections: the heading (and its separators) is paid with the first line
  const takeLines = <T extends { id: string }>(
    kind: 'goal' | 'bookmark',
    heading: string,
    items: T[],
    line: (item: T) => string,
  ) => {
    const room = Math.max(0, budgets.totalChars - used - overflowReserve);
    const packed = greedyPack(items, (item) => line(item).length + 1, room, heading.length + 3);
    used += packed.used;
    packed.skipped.forEach((item) => spilled.push({ kind, id: item.id }));
    return {
      text: packed.taken.length === 0 ? null : listSection(heading, packed.taken.map(line)),
      count: packed.taken.length,
    };
  };
  const ownGoals = (sources.goals ?? []).filter(
    (plan) => plan.accountId === sources.accountId && plan.active,
  );
  const goals = takeLines(
    'goal',
    GOALS_HEADING,
    newestFirst(ownGoals, (plan) => plan.updatedAt),
    goalLine,
  );
  const bookmarks = newestFirst(sources.bookmarks ?? [], (bookmark) => bookmark.createdAt);
  const keyMoments = takeLines('bookmark', KEY_MOMENTS_HEADING, bookmarks, bookmarkLine);

  // --- pinned artifacts, then the index, in what is left
  const artifacts = placeArtifacts(plan, budgets.totalChars - used);
  spilled.push(...artifacts.spilled);

  const blocks = [
    ...instructions,
    whatYouKnow,
    profile,
    personalText,
    lifeInventory,
    keyMoments.text,
    ...artifacts.pinnedInFull.map(pinnedBlock),
    insightText,
    goals.text,
    conversation,
    artifacts.index,
  ];
  const markdown = `${blocks.filter((block): block is string => block !== null).join(SEPARATOR)}\n`;
  return {
    markdown,
    spilled,
    usedMemoryIds: personalText === null ? [] : personal.used.map((memory) => memory.id),
    counts: {
      artifactCount: artifactIds.size,
      coreProfilePresent: profile !== null,
      bookmarkCount: keyMoments.count,
      memoryCount: personalText === null ? 0 : personal.used.length,
      memoryChars: personalText?.length ?? 0,
      insightCount: insightText === null ? 0 : insights.used.length,
      insightChars: insightText?.length ?? 0,
      pinnedCount: artifacts.pinnedInFull.length,
      indexCount: artifacts.indexCount,
    },
  };
}

/** Memories and plans of another account are never rendered; counting them makes a loader bug visible. */
function countForeign(sources: ClaudeMdSources): number {
  const foreign = (items: readonly { accountId: string }[] | undefined): number =>
    (items ?? []).filter((item) => item.accountId !== sources.accountId).length;
  return foreign(sources.memories) + foreign(sources.goals);
}
