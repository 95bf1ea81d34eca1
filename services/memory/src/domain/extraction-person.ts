import type { SessionPerson } from '@mnemo/contracts';
import type { ExtractionPerson } from '@mnemo/llm';

/** seed 001: a coaching product's sessions have an `ai-coaching:` source. */
const COACHING_SOURCE = /^ai-coaching:/;

/**
 * Who the extraction prompt says the facts are about (issue 11), from what the session's start said: the
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
