import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Claude Code keeps results under 25,000 tokens; a page of 20,000 characters stays well inside, with room for the footer. */
export const PAGE_CHARS = 20_000;
/** Claude Code saves text results over 50,000 characters to a file itself; we do it first, with a preview it can act on. */
export const SPILL_CHARS = 50_000;
const PREVIEW_CHARS = 2_000;

/** An opaque continuation: the offset into one tool's result list, bound to that tool. */
export function encodeCursor(tool: string, offset: number): string {
  return Buffer.from(JSON.stringify([tool, offset])).toString('base64url');
}

export class BadCursorError extends Error {
  constructor(tool: string) {
    super(
      `cursor: not a cursor that ${tool} returned; call ${tool} again without a cursor to start over`,
    );
    this.name = 'BadCursorError';
  }
}

export function decodeCursor(tool: string, cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value[0] === tool && Number.isInteger(value[1]) && value[1] >= 0)
      return value[1] as number;
  } catch {
    // fall through
  }
  throw new BadCursorError(tool);
}

/**
 * Renders items from `offset` on until the page is full: at least one item, never a half item
 * (one longer than a page is cut with a note). Says how to get the rest.
 */
export function pageOfItems<T>(
  items: readonly T[],
  offset: number,
  render: (item: T, index: number) => string,
  next: { tool: string; moreMayExist: boolean },
  pageChars = PAGE_CHARS,
): { text: string; shown: number } {
  const parts: string[] = [];
  let used = 0;
  let index = offset;
  for (let item = items[index]; item !== undefined; item = items[++index]) {
    let part = render(item, index);
    if (part.length > pageChars)
      part = `${part.slice(0, pageChars - 40)}\n   … (cut at ${pageChars} characters)`;
    if (parts.length > 0 && used + part.length > pageChars) break;
    parts.push(part);
    used += part.length + 2;
  }
  const more = index < items.length || next.moreMayExist;
  const footer = more
    ? `\n\nMore results: call ${next.tool} again with the same arguments and cursor "${encodeCursor(next.tool, index)}".`
    : '';
  return { text: parts.join('\n\n') + footer, shown: index - offset };
}

/** One page of a long document, cut at a line break when there is one near the end. */
export function pageOfText(
  tool: string,
  text: string,
  offset: number,
  pageChars = PAGE_CHARS,
): string {
  if (offset >= text.length && text.length > 0)
    return `(end of document: it has ${text.length} characters)`;
  let end = Math.min(text.length, offset + pageChars);
  if (end < text.length) {
    const lineBreak = text.lastIndexOf('\n', end);
    if (lineBreak > offset + pageChars / 2) end = lineBreak + 1;
  }
  const page = text.slice(offset, end);
  if (end >= text.length) return page;
  return `${page}\n\n(characters ${offset}–${end} of ${text.length}) More: call ${tool} again with cursor "${encodeCursor(tool, end)}".`;
}

/**
 * The last guard before a result leaves: over SPILL_CHARS it goes to a file in `spillDir` (stdio: the
 * agent's machine) with a preview and the path, or is cut with a note when there is no such place (HTTP).
 */
export function fitResult(
  tool: string,
  text: string,
  spillDir: string | undefined,
  now: () => Date = () => new Date(),
): string {
  if (text.length <= SPILL_CHARS) return text;
  if (spillDir) {
    try {
      mkdirSync(spillDir, { recursive: true, mode: 0o700 });
      const file = path.join(spillDir, `${tool}-${now().toISOString().replace(/[:.]/g, '-')}.md`);
      writeFileSync(file, text, { mode: 0o600 });
      return `${text.slice(0, PREVIEW_CHARS)}\n\n… The full result (${text.length} characters) is in ${file}: read it with your file-reading tool, in parts.`;
    } catch {
      // no room on disk: cut it instead
    }
  }
  return `${text.slice(0, SPILL_CHARS - 200)}\n\n… cut at ${SPILL_CHARS - 200} of ${text.length} characters; ask for less (a smaller limit, or a cursor page).`;
}
