import { redact } from '@mnemo/redaction';

/**
 * Cuts text to at most `max` characters, marking the cut so a reader knows something is missing.
 * Never splits a surrogate pair, so the result is always well-formed text, and never a secret: text
 * longer than `max` is redacted before the cut, since half a token no longer looks like one and
 * would pass the redaction service (docs/redaction.md).
 */
export function truncateText(input: string, max: number, marker = '…'): string {
  if (input.length <= max) return input;
  const text = redact(input).text;
  if (text.length <= max) return text;
  if (max <= marker.length) return safeSlice(text, max);
  return safeSlice(text, max - marker.length) + marker;
}

/** Like truncateText, and says how much was dropped: for tool input and output, where size matters. */
export function truncateWithNote(input: string, max: number): string {
  if (input.length <= max) return input;
  const text = redact(input).text;
  if (text.length <= max) return text;
  const note = `\n…[truncated ${text.length - max} of ${text.length} chars]`;
  return safeSlice(text, Math.max(0, max - note.length)) + note;
}

function safeSlice(text: string, end: number): string {
  const code = text.charCodeAt(end - 1);
  const cut = code >= 0xd800 && code <= 0xdbff ? end - 1 : end;
  return text.slice(0, cut);
}
