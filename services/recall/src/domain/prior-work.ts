export type Outcome = 'merged' | 'reverted' | 'abandoned' | 'unknown';
export type Verdict = 'template' | 'avoid' | 'caution' | 'unknown';

/**
 * The verdict on a past session (docs/coding-memory.md): merged → a template to follow, reverted →
 * avoid, abandoned → caution.
 */
export function verdictOf(outcome: string): Verdict {
  switch (outcome as Outcome) {
    case 'merged':
      return 'template';
    case 'reverted':
      return 'avoid';
    case 'abandoned':
      return 'caution';
    case 'unknown':
      return 'unknown';
    default:
      return 'unknown';
  }
}

/** Whether `file` names the end of `path` on a path-segment boundary (`auth.ts` matches `src/auth.ts`, not `oauth.ts`). */
export function pathEndsWith(path: string, file: string): boolean {
  const a = path.replace(/\\/g, '/');
  const b = file.replace(/\\/g, '/').replace(/^\.?\/+/, '');
  return b.length > 0 && (a === b || a.endsWith(`/${b}`));
}

const STOP = new Set([
  'the',
  'and',
  'for',
  'with',
  'that',
  'this',
  'from',
  'into',
  'our',
  'are',
  'was',
  'were',
  'has',
  'have',
  'not',
  'but',
  'you',
  'can',
  'all',
  'any',
  'its',
  'make',
  'use',
]);

/** Lowercase word tokens of three or more characters, path segments split, common words out. */
export function taskTokens(text: string): Set<string> {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return new Set(
    words
      .filter((w) => w.length >= 3 && !STOP.has(w))
      .map((w) => (w.length > 4 && w.endsWith('s') ? w.slice(0, -1) : w)),
  );
}

/**
 * Ranking for a task: the share of the task's tokens a session's summary, lessons and files
 * hold (robust where no vector exists).
 */
export function taskOverlap(
  task: Set<string>,
  session: { summary: string; lessons: readonly string[]; files: readonly string[] },
): number {
  if (task.size === 0) return 0;
  const held = taskTokens([session.summary, ...session.lessons, ...session.files].join(' '));
  let shared = 0;
  for (const token of task) if (held.has(token)) shared += 1;
  return shared / task.size;
}
