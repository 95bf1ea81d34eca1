import { z } from 'zod';
import { type VisitedEntry, visitedPlace } from '@mnemo/mnemo-client';
import { decodeCursor, fitResult, pageOfItems } from '../tool-output';
import { type ToolContext, currentSession, cursor, sessionId, tool } from '../tool';

export const markVisited = tool({
  name: 'mark_visited',
  title: 'Mark code as looked at',
  description:
    'Record that you have read a file or a part of it in this session, with a note of what you learned, so that later ' +
    '(after a compaction, or in a subagent) recall_visited tells you not to read it again. Marking the same place again refreshes it.',
  input: z.object({
    path: z.string().trim().min(1).max(2000).describe('The file path (or URL) you looked at.'),
    startLine: z.number().int().min(1).optional().describe('First line read, if only a part.'),
    endLine: z.number().int().min(1).optional().describe('Last line read, if only a part.'),
    symbol: z
      .string()
      .max(500)
      .optional()
      .describe('The function, class or section, e.g. "ApiKeyGuard.canActivate".'),
    note: z
      .string()
      .max(1000)
      .optional()
      .describe(
        'What you learned there, in a sentence, e.g. "keys are compared in constant time".',
      ),
    sessionId,
  }),
  readOnly: false,
  async run(input, context) {
    const id = currentSession(input.sessionId, context, this.name);
    const { sessionId: _s, ...given } = input;
    // a symbol found in the working tree is cited by its lines and remembered by its body's hash
    const located =
      given.symbol && context.symbolAt
        ? await context.symbolAt(given.path, given.symbol).catch(() => null)
        : null;
    const mark = located
      ? {
          ...given,
          startLine: given.startLine ?? located.startLine,
          endLine: given.endLine ?? located.endLine,
          bodyHash: located.bodyHash,
        }
      : given;
    await context.client.markVisited(id, mark);
    return `Marked ${visitedPlace(mark)} as visited in session ${id}.`;
  },
});

const renderVisited = (entry: VisitedEntry, index: number) => {
  const at = entry.verifiedAt ?? entry.visitedAt;
  const when = typeof at === 'string' ? ` (${at.slice(0, 16).replace('T', ' ')})` : '';
  const fresh = typeof entry.freshness === 'string' ? ` [${entry.freshness}]` : '';
  return `${index + 1}. ${visitedPlace(entry)}${when}${fresh}${entry.note ? `\n   ${entry.note}` : ''}`;
};

export const recallVisited = tool({
  name: 'recall_visited',
  title: 'What this session already looked at',
  description:
    'List the files and symbols already marked as visited in this session, newest first, with their notes: check it ' +
    'before reading a file again, especially after a compaction. Filter by a part of the path or symbol.',
  input: z.object({
    filter: z
      .string()
      .max(500)
      .optional()
      .describe('Only entries whose path or symbol contains this, e.g. "auth/".'),
    sessionId,
    cursor,
  }),
  readOnly: true,
  async run(input, context) {
    const id = currentSession(input.sessionId, context, this.name);
    const offset = decodeCursor(this.name, input.cursor);
    const answer = await context.client.visited(id, input.filter);
    const entries = answer.visited ?? answer.entries ?? [];
    if (entries.length <= offset)
      return offset === 0
        ? `Nothing marked as visited in session ${id}${input.filter ? ` matching "${input.filter}"` : ''}.`
        : 'No more results.';
    const checked = await Promise.all(entries.map((entry) => freshness(entry, context)));
    return fitResult(
      this.name,
      pageOfItems(checked, offset, renderVisited, { tool: this.name, moreMayExist: false }).text,
      context.spillDir,
    );
  },
});

/**
 * An entry marked with a symbol's body hash, checked against the working tree: unchanged (cite it),
 * changed since it was verified (read it again), or gone.
 */
async function freshness(entry: VisitedEntry, context: ToolContext): Promise<VisitedEntry> {
  if (!context.symbolAt || !entry.symbol || !entry.bodyHash || !entry.path) return entry;
  const now = await context.symbolAt(entry.path, entry.symbol).catch(() => undefined);
  if (now === undefined) return entry;
  const state =
    now === null
      ? 'not found in the file now: read it again'
      : now.bodyHash === entry.bodyHash
        ? `unchanged since verified, now at L${now.startLine}-L${now.endLine}`
        : `changed since verified (now L${now.startLine}-L${now.endLine}): read it again`;
  return { ...entry, freshness: state };
}

export const driftSince = tool({
  name: 'drift_since',
  title: "What changed in a file's structure",
  description:
    'What changed in the structure of a file since a time, e.g. since you last read it: symbols added, removed, ' +
    'renamed, moved, with a changed signature or body, each with its line range now. Far cheaper than reading the ' +
    'file again. When no snapshot of the file predates the time, it says so and lists its symbols now instead.',
  input: z.object({
    path: z
      .string()
      .trim()
      .min(1)
      .max(2000)
      .describe('The file, from the repository root or absolute, e.g. "src/auth/session.ts".'),
    since: z.iso
      .datetime({ offset: true })
      .or(z.iso.date())
      .describe('The time to compare with, e.g. 2026-12-01 or 2026-12-01T14:30:00Z.'),
    project: z
      .string()
      .max(2000)
      .optional()
      .describe('The repository (its root path) the path is in. Default: the current one.'),
  }),
  readOnly: true,
  async run(input, context) {
    // an absolute path names its project itself (the snapshots may come from another checkout)
    const project = input.project ?? (input.path.startsWith('/') ? undefined : context.project);
    const answer = await context.client.drift({
      path: input.path,
      since: input.since,
      ...(project ? { project } : {}),
    });
    return fitResult(this.name, answer.text, context.spillDir);
  },
});
