import type {
  ArtifactIndexEntry,
  BookmarkItem,
  ConversationSoFar,
  PinnedArtifact,
  PlanItem,
} from './context-sources';
import { artifactIndexIntro } from './memory-usage-instructions';
import { isoDate, oneLine } from './text-format';

/** Renderers for the single blocks of a CLAUDE.md. No budget logic here; see assemble-claude-md. */

export const WHAT_YOU_KNOW_HEADING = '## What You Already Know';
export const CORE_PROFILE_HEADING = '#### Core Profile';
export const KEY_MOMENTS_HEADING = '#### Key Moments';
export const GOALS_HEADING = '#### Goals';
export const LIFE_INVENTORY_HEADING = '#### Life Inventory';
export const CONVERSATION_HEADING = '## Conversation So Far';
export const ARTIFACT_INDEX_HEADING = '## Your Artifacts';

export function whatYouKnowBlock(preamble: string): string {
  return `${WHAT_YOU_KNOW_HEADING}\n\n${preamble}`;
}

/** The profile is always served whole, never truncated (its own headings are nested). */
export function coreProfileBlock(profile: string): string {
  return `${CORE_PROFILE_HEADING}\n\n${nestHeadings(profile.trim())}`;
}

/**
 * The life inventory summary (docs/context.md: at most 800 characters, trend line included), its
 * headings nested below ours.
 */
export function lifeInventoryBlock(summary: string): string {
  return `${LIFE_INVENTORY_HEADING}\n\n${nestHeadings(summary.trim())}`;
}

export function bookmarkLine(bookmark: BookmarkItem): string {
  return `- ${isoDate(bookmark.createdAt)}: ${oneLine(bookmark.text)}`;
}

export function goalLine(plan: PlanItem): string {
  const progress = plan.progress === null ? '' : oneLine(plan.progress);
  return progress.length === 0
    ? `- **${oneLine(plan.title)}**`
    : `- **${oneLine(plan.title)}**: ${progress}`;
}

/** A heading, a blank line, then one line per item. */
export function listSection(heading: string, lines: readonly string[]): string {
  return `${heading}\n\n${lines.join('\n')}`;
}

/** A pinned artifact in full, its own headings nested below ours so it cannot open a top-level section. */
export function pinnedBlock(artifact: PinnedArtifact): string {
  return `#### Pinned: ${oneLine(artifact.title)}\n\n${nestHeadings(artifact.content.trim())}`;
}

/** Pushes markdown headings down four levels (capped at six), leaving fenced code untouched. */
export function nestHeadings(markdown: string): string {
  let inCode = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) inCode = !inCode;
      const hashes = inCode ? undefined : /^(#{1,6})(\s)/.exec(line)?.[1];
      return hashes === undefined
        ? line
        : `${'#'.repeat(Math.min(6, hashes.length + 4))}${line.slice(hashes.length)}`;
    })
    .join('\n');
}

export function conversationBlock(conversation: ConversationSoFar): string {
  return `${CONVERSATION_HEADING}\n\n_Summary of this session through segment ${conversation.segment}._\n\n${nestHeadings(conversation.summary.trim())}`;
}

export function indexHeader(): string {
  return `${ARTIFACT_INDEX_HEADING}\n\n${artifactIndexIntro()}`;
}

/**
 * One pull-menu line. A pinned artifact too long for the budget is listed here instead, marked as
 * such; when the artifact list failed to load we may not know its costs, and say so.
 */
export function indexLine(
  entry: ArtifactIndexEntry | undefined,
  pinned: PinnedArtifact | undefined,
): string {
  const id = entry?.id ?? pinned?.id ?? '';
  const title = oneLine(entry?.title ?? pinned?.title ?? id);
  const parts = [`- **${title}** (\`${id}\`)`];
  if (entry !== undefined) {
    const gist = oneLine(entry.gist);
    parts.push(gist.length > 0 ? `: ${gist}` : '');
    parts.push(
      ` · tokens: gist ${entry.tokens.gist} / summary ${entry.tokens.summary} / full ${entry.tokens.full}`,
    );
  }
  if (pinned !== undefined)
    parts.push(' · pinned for this session, but too long to include in full here');
  return parts.join('');
}
