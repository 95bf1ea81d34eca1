import { LRUCache } from 'lru-cache';
import type { ClaudeMdValue, MemoryBlockValue } from '../read/context-builds';
import type { Rendering } from '../read/context-read';

/**
 * A context answer as the HTTP edge sends it: built once per cached entry, then sent as it is. The
 * body is the encoded bytes, so a hit sends them without encoding a 26 KB string again.
 */
export interface ContextHttpAnswer {
  contentType: string;
  body: Buffer;
  /** The telemetry as the `x-mnemo-context-telemetry` header carries it (markdown answers). */
  telemetryHeader?: string;
}

/** Bodies of the documents answered lately, by their text. */
const markdownBodies = new LRUCache<string, Buffer>({ max: 64 });

/**
 * The same document gets the same bytes: new sessions served one shared CLAUDE.md (cache/shared-documents.ts) differ
 * only in their telemetry header, and a body kept once is gzipped once (keptBodyFor keeps the gzip by the body).
 */
function markdownBody(markdown: string): Buffer {
  let body = markdownBodies.get(markdown);
  if (body === undefined) markdownBodies.set(markdown, (body = Buffer.from(markdown)));
  return body;
}

/** `GET /v1/context/claude-md`: the markdown with its telemetry in a header, or `{ markdown, telemetry }`. */
function claudeMdAnswer(value: ClaudeMdValue, format: 'markdown' | 'json'): ContextHttpAnswer {
  return format === 'json'
    ? {
        contentType: 'application/json; charset=utf-8',
        body: Buffer.from(JSON.stringify({ markdown: value.markdown, telemetry: value.telemetry })),
      }
    : {
        contentType: 'text/markdown; charset=utf-8',
        body: markdownBody(value.markdown),
        telemetryHeader: JSON.stringify(value.telemetry),
      };
}

const CLAUDE_MD_HTTP = {
  markdown: { format: 'markdown', render: (value) => claudeMdAnswer(value, 'markdown') },
  json: { format: 'json', render: (value) => claudeMdAnswer(value, 'json') },
} satisfies Record<string, Rendering<ClaudeMdValue, ContextHttpAnswer>>;

export const claudeMdHttp = (
  format: 'markdown' | 'json',
): Rendering<ClaudeMdValue, ContextHttpAnswer> => CLAUDE_MD_HTTP[format];

/** `GET /v1/context/memory-block`: `{ text, telemetry }`. */
export const MEMORY_BLOCK_HTTP: Rendering<MemoryBlockValue, ContextHttpAnswer> = {
  format: 'json',
  render: (value) => ({
    contentType: 'application/json; charset=utf-8',
    body: Buffer.from(JSON.stringify({ text: value.text, telemetry: value.telemetry })),
  }),
};
