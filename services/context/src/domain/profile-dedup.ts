import { oneLine } from './text-format';

/**
 * Personal Context (docs/context.md): a memory whose wording the core profile already contains adds
 * nothing, so it is dropped. The match is a case-insensitive substring test; whitespace is
 * normalised on both sides so a line break in the profile does not hide a match. A memory with no
 * text left after trimming is dropped too.
 */
export function dropMemoriesInProfile<T extends { content: string }>(
  memories: readonly T[],
  profile: string | null | undefined,
): T[] {
  const haystack = oneLine(profile ?? '').toLowerCase();
  return memories.filter((memory) => {
    const needle = oneLine(memory.content).toLowerCase();
    if (needle.length === 0) return false;
    return !haystack.includes(needle);
  });
}
