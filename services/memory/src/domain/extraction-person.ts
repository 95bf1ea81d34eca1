import type { SessionPerson } from '@mnemo/contracts';
import type { ExtractionPerson } from '@mnemo/llm';

/** A coaching product's sessions have an `ai-coaching:` source. */
const COACHING_SOURCE = /^ai-coaching:/;

/** A coding agent or a developer's CLI: its source names one ("claude-code", "codex", "cursor", "aider", …). */
const CODING_SOURCE =
  /(?:^|[\s:/_-])(?:claude-code|claude|codex|cursor|aider|copilot|cline|windsurf|gemini-cli|coding-agent|cli|ide)(?:$|[\s:/_-])/i;

/**
 * A session a coding agent ran: its source names one, or it names the developer who ran it and is no
 * coaching session. Its turns are read for what the developer settles (docs/memory-facts.md, "Coding talk").
 */
export function isCodingSession(session: SessionPerson | undefined): boolean {
  if (!session?.source && !session?.developer) return false;
  if (session.source && COACHING_SOURCE.test(session.source)) return false;
  return Boolean(session.developer) || CODING_SOURCE.test(session.source ?? '');
}

/**
 * Who the extraction prompt says the facts are about, from what the session's start said: the
 * producer's own name and role for the person when it sent them; else, for a coding session, the
 * developer who ran it; a coaching session's person is a coaching client. Nothing known: undefined.
 */
export function extractionPerson(session: SessionPerson | undefined): ExtractionPerson | undefined {
  if (!session) return undefined;
  const name = session.personName ?? session.developer;
  const role =
    session.personRole ??
    (session.source && COACHING_SOURCE.test(session.source)
      ? 'a coaching client'
      : session.developer
        ? 'a developer'
        : undefined);
  if (!name && !role) return undefined;
  return { ...(name ? { name } : {}), ...(role ? { role } : {}) };
}
