/**
 * What kind of client a session serves (docs/context.md): a coding agent reads every character it
 * is given and wants a developer's digest; a coaching conversation wants the coaching CLAUDE.md.
 */
export type SessionKind = 'coding' | 'coaching';

/** What a session carries that tells its kind: its source, and where it ran when that is known. */
export interface SessionTraits {
  source: string;
  /** The project (repository) it ran in, when recorded. */
  project?: string | null;
  /** The git branch it ran on, when recorded: a session on a branch ran in a git project. */
  gitBranch?: string | null;
}

/**
 * Coding agents by the names their sources use. A word of the source is matched, so `claude-code`,
 * `claude_code:resume`, `cursor-agent` and `openai/codex` all count, and `encoder` or `accursed` do not.
 */
const CODING_AGENTS: readonly (readonly string[])[] = [
  ['claude', 'code'],
  ['cursor'],
  ['codex'],
  ['aider'],
  ['copilot'],
  ['windsurf'],
  ['cline'],
  ['roo', 'code'],
  ['opencode'],
  ['gemini', 'cli'],
  ['amp'],
  ['zed'],
  ['continue', 'dev'],
  ['coding', 'agent'],
];

/** A CLI is a coding client only where it runs in a git project: a coaching app can have a CLI too. */
const CLI_WORDS = new Set(['cli', 'terminal', 'shell']);

const wordsOf = (source: string): string[] =>
  source
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);

const containsRun = (words: readonly string[], run: readonly string[]): boolean =>
  words.some((_, start) => run.every((word, offset) => words[start + offset] === word));

/**
 * The one rule: a session is a coding session when its source names a coding agent, or names a CLI and
 * the session ran in a git project; every other session (the coaching app's `ai-coaching:` interviews,
 * free-form chats, a health coach) is coaching.
 */
export function sessionKindOf(session: SessionTraits): SessionKind {
  if (session.source.startsWith('ai-coaching:')) return 'coaching';
  const words = wordsOf(session.source);
  if (CODING_AGENTS.some((agent) => containsRun(words, agent))) return 'coding';
  const inGitProject = Boolean(session.project) || Boolean(session.gitBranch);
  return inGitProject && words.some((word) => CLI_WORDS.has(word)) ? 'coding' : 'coaching';
}
