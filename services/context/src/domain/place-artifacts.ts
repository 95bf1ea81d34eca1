import { indexHeader, indexLine, pinnedBlock } from './claude-md-blocks';
import type { SpilledBlock } from './claude-md-telemetry';
import type { ArtifactIndexEntry, PinnedArtifact } from './context-sources';
import { greedyPack } from './greedy-pack';
import { artifactIndexOverflowLine } from './memory-usage-instructions';

/**
 * The artifact part of a CLAUDE.md: pinned artifacts in full, then the pull menu. Index lines
 * outrank pinned text, since a spilled artifact can still be pulled through its line: a pinned
 * artifact goes in only if every index line still fits behind it.
 */

export interface ArtifactPlan {
  pinned: readonly PinnedArtifact[];
  /** Menu entries: every artifact that is not pinned, in the order given. */
  menu: readonly ArtifactIndexEntry[];
  /** Costs and gists by id, for the line of a pinned artifact that spills. */
  entryById: ReadonlyMap<string, ArtifactIndexEntry>;
}

export interface PlacedArtifacts {
  pinnedInFull: PinnedArtifact[];
  /** The index block (header and lines), or null when it has no line. */
  index: string | null;
  indexCount: number;
  spilled: SpilledBlock[];
}

/**
 * Characters held back before anything optional is placed: the index header and room for the
 * "…and N more" line, so the index can always say what it left out. Zero when there is no index.
 */
export function artifactFloor(plan: ArtifactPlan): { header: number; overflow: number } {
  if (plan.menu.length === 0 && plan.pinned.length === 0) return { header: 0, overflow: 0 };
  return {
    header: indexHeader().length + 2,
    overflow: artifactIndexOverflowLine(plan.menu.length + plan.pinned.length).length + 2,
  };
}

/** `room` is what is left of the total once the floor's header is paid, overflow reserve included. */
export function placeArtifacts(plan: ArtifactPlan, room: number): PlacedArtifacts {
  const spilled: SpilledBlock[] = [];
  const { overflow } = artifactFloor(plan);
  const spillLine = (artifact: PinnedArtifact): string =>
    indexLine(plan.entryById.get(artifact.id), artifact);
  const menuLines = plan.menu.map((entry) => indexLine(entry, undefined));

  // Pinned text in full, each only while the whole index (its own line excepted) still fits after it.
  let left = room - overflow;
  let reservedLines =
    1 +
    [...menuLines, ...plan.pinned.map(spillLine)].reduce((sum, line) => sum + line.length + 1, 0);
  const pinnedInFull: PinnedArtifact[] = [];
  const pinnedSpilled: PinnedArtifact[] = [];
  for (const artifact of plan.pinned) {
    const ownLine = spillLine(artifact).length + 1;
    const cost = pinnedBlock(artifact).length + 2;
    if (cost + reservedLines - ownLine <= left) {
      left -= cost;
      reservedLines -= ownLine;
      pinnedInFull.push(artifact);
    } else {
      spilled.push({ kind: 'pinned', id: artifact.id });
      pinnedSpilled.push(artifact);
    }
  }

  // Index lines: spilled pinned artifacts first, then the menu; a blank line after the header is paid once.
  const candidates = [
    ...pinnedSpilled.map((artifact) => ({ id: artifact.id, line: spillLine(artifact) })),
    ...plan.menu.map((entry, i) => ({ id: entry.id, line: menuLines[i] ?? '' })),
  ];
  const packed = greedyPack(candidates, (c) => c.line.length + 1, Math.max(0, left), 1);
  packed.skipped.forEach((c) => spilled.push({ kind: 'index-line', id: c.id }));
  const lines = packed.taken.map((c) => c.line);
  if (packed.skipped.length > 0) lines.push(artifactIndexOverflowLine(packed.skipped.length));
  // The header was paid for up front; it is shown only when it has lines under it.
  const index = lines.length > 0 ? `${indexHeader()}\n\n${lines.join('\n')}` : null;
  return { pinnedInFull, index, indexCount: packed.taken.length, spilled };
}
