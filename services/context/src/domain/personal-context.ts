import { mayShowInContext } from '@mnemo/memory-rules';
import type { MemoryFactType, MemoryItem } from './context-sources';
import { dropMemoriesInProfile } from './profile-dedup';
import { newestFirst, oneLine } from './text-format';

export const PERSONAL_CONTEXT_HEADING = '#### Personal Context';

export type MemoryGroup = 'Facts' | 'Goals' | 'Preferences' | 'Decisions' | 'Relationships';
const GROUP_ORDER: readonly MemoryGroup[] = [
  'Facts',
  'Goals',
  'Preferences',
  'Decisions',
  'Relationships',
];

/** Facts, values, events and insights are things true of the person, so they read as Facts. */
export function groupOf(factType: MemoryFactType): MemoryGroup {
  switch (factType) {
    case 'fact':
    case 'value':
    case 'event':
    case 'insight':
      return 'Facts';
    case 'goal':
      return 'Goals';
    case 'preference':
      return 'Preferences';
    case 'decision':
      return 'Decisions';
    case 'relationship':
      return 'Relationships';
    default: {
      const _never: never = factType;
      return _never;
    }
  }
}

export interface PersonalContextInput {
  accountId: string;
  memories: readonly MemoryItem[];
  coreProfile: string | null | undefined;
  healthModuleOn: boolean;
  medicationsModuleOn?: boolean;
  limit: number;
  budgetChars: number;
}

export interface PersonalContextResult {
  /** null when no memory survives: the section is omitted, heading and all. */
  text: string | null;
  used: MemoryItem[];
}

/**
 * Personal Context (docs/context.md): the `limit` most recent memories of this account, minus those
 * the profile already states, grouped, within `budgetChars` (heading included). Memories are taken
 * newest first and greedily: one that would overflow is skipped and the next one is tried.
 */
export function buildPersonalContext(input: PersonalContextInput): PersonalContextResult {
  // One rule with the memory block: an unconfirmed health detail never shows, module on or off.
  const eligible = input.memories.filter(
    (memory) =>
      memory.accountId === input.accountId &&
      mayShowInContext(memory, input.healthModuleOn, input.medicationsModuleOn),
  );
  const recent = newestFirst(eligible, (memory) => memory.updatedAt).slice(
    0,
    Math.max(0, input.limit),
  );
  const candidates = dropMemoriesInProfile(recent, input.coreProfile);

  // Each memory's bullet is made once, and the greedy loop counts what render would make instead of rendering:
  // a group's first bullet brings its blank line and `**Group**` line, every other bullet one newline.
  const used: PersonalContextEntry[] = [];
  const groupsUsed = new Set<MemoryGroup>();
  let length = PERSONAL_CONTEXT_HEADING.length;
  for (const entry of candidates.map(entryOf)) {
    const added = groupsUsed.has(entry.group)
      ? 1 + entry.line.length
      : 2 + `**${entry.group}**\n`.length + entry.line.length;
    if (length + added <= input.budgetChars) {
      used.push(entry);
      groupsUsed.add(entry.group);
      length += added;
    }
  }
  const memories = used.map((entry) => entry.memory);
  return used.length === 0
    ? { text: null, used: memories }
    : { text: render(used), used: memories };
}

interface PersonalContextEntry {
  memory: MemoryItem;
  group: MemoryGroup;
  line: string;
}

const entryOf = (memory: MemoryItem): PersonalContextEntry => ({
  memory,
  group: groupOf(memory.factType),
  line: `- ${oneLine(memory.content)}`,
});

/** Renders memories already in recency order; groups keep a fixed order, items keep theirs. */
export function renderPersonalContext(memories: readonly MemoryItem[]): string {
  return render(memories.map(entryOf));
}

function render(entries: readonly PersonalContextEntry[]): string {
  const blocks = GROUP_ORDER.flatMap((group) => {
    const lines = entries.filter((entry) => entry.group === group).map((entry) => entry.line);
    return lines.length === 0 ? [] : [`**${group}**\n${lines.join('\n')}`];
  });
  return [PERSONAL_CONTEXT_HEADING, ...blocks].join('\n\n');
}
