export const MAX_COMMIT_SHAS = 20;

/** `git commit` prints `[<branch> 1a2b3c4] message` (or `[main (root-commit) 1a2b3c4]`, `[detached HEAD 1a2b3c4]`). */
const COMMIT_LINE = /^\[[^\]\n]+ ([0-9a-f]{7,40})\] /gm;
/** A full object name standing alone: not part of a longer hex or word run (sha256 digests, tokens). */
const FULL_SHA = /(?<![0-9A-Za-z])[0-9a-f]{40}(?![0-9A-Za-z])/g;

/**
 * Commit SHAs in tool output, in the order they appear, without duplicates. A short and a full form
 * of the same commit count once (the first seen is kept). At most `max`.
 */
export function extractCommitShas(texts: Iterable<string>, max = MAX_COMMIT_SHAS): string[] {
  const found: string[] = [];
  for (const text of texts) {
    for (const sha of shasIn(text)) {
      if (found.length >= max) return found;
      if (!found.some((f) => f.startsWith(sha) || sha.startsWith(f))) found.push(sha);
    }
  }
  return found;
}

function shasIn(text: string): string[] {
  const hits: Array<{ index: number; sha: string }> = [];
  for (const m of text.matchAll(COMMIT_LINE)) hits.push({ index: m.index ?? 0, sha: m[1] ?? '' });
  for (const m of text.matchAll(FULL_SHA))
    if (!/^0+$/.test(m[0])) hits.push({ index: m.index ?? 0, sha: m[0] });
  return hits.sort((a, b) => a.index - b.index).map((h) => h.sha);
}
