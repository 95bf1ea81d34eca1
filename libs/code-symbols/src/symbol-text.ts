import { createHash } from 'node:crypto';
import { redact } from '@mnemo/redaction';

/**
 * The text rules every parser of a snapshot shares (tree-sitter here, the TypeScript compiler in the
 * tests), so that two parsers that find the same declaration give the same signature and hash.
 */

/**
 * Whitespace collapsed, and what a formatter adds when it breaks a list over lines dropped (the space
 * inside a bracket, a trailing comma): a re-indented or re-wrapped declaration keeps its signature
 * and its hash.
 */
export const collapse = (text: string): string =>
  text
    .replace(/\s+/g, ' ')
    .replace(/([([]) /g, '$1')
    .replace(/,? ?([)\]])/g, '$1')
    .replace(/, ?>/g, '>')
    .trim();

/** sha256 (first 16 hex) of the collapsed text. */
export const textHash = (text: string): string =>
  createHash('sha256').update(collapse(text), 'utf8').digest('hex').slice(0, 16);

export const MAX_SIGNATURE_CHARS = 1000;
/** A literal initializer this short is part of the signature (a default, a constant); a longer one is body. */
export const MAX_LITERAL_CHARS = 120;

/**
 * The header a caller sees: collapsed, without a trailing `=`, `;` or `,`, redacted (a key in a
 * default value never leaves the machine), and bounded.
 */
export function signatureOf(header: string): string {
  const collapsed = collapse(header)
    .replace(/\s*[=;,]$/, '')
    .trim();
  const redacted = redact(collapsed).text;
  return redacted.length <= MAX_SIGNATURE_CHARS
    ? redacted
    : `${redacted.slice(0, MAX_SIGNATURE_CHARS - 1)}…`;
}

/** Whether an initializer's text is short and on one line enough to be read as a default value. */
export const isShortLiteralText = (text: string): boolean =>
  text.length <= MAX_LITERAL_CHARS && !text.includes('\n');
