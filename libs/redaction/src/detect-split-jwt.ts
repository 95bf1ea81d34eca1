import { type Candidate, RANK_SHAPE } from './secret-kind';

/** A part of a JWT: base64url, long enough that a word is never one. */
const PART = '[A-Za-z0-9_-]{8,}';
/**
 * What may stand between two parts besides their dot: a line break (a wrapped paste, a JSON-escaped
 * one, a shell's `\`), or a string closed, joined and opened again (`'…' +⏎ '…'`, PHP's `.`).
 */
const GAP =
  '(?:["\'`]?[ \\t]*(?:\\+|\\.|&)?[ \\t]*\\\\?(?:\\r?\\n|\\\\n)[ \\t]*(?:[+&.][ \\t]*)?["\'`]?|["\'`][ \\t]*[+.&][ \\t]*["\'`])';
/** Two parts apart: a dot, then maybe a gap; or a gap, then the dot; or a dot spaced from them. */
const JOIN = `(?:\\.(?:${GAP})?|${GAP}\\.|[ \\t]+\\.[ \\t]*|\\.[ \\t]+)`;
/**
 * A JWT whose header, payload and signature are apart, from its header (which starts `eyJ`, as `{"`
 * encoded does). The payload starts `eyJ` as well, which is what makes two runs one token.
 */
const SPLIT_JWT = new RegExp(
  `(?<header>eyJ${PART})${JOIN}(?<payload>eyJ${PART})(?:${JOIN}(?<signature>[A-Za-z0-9_-]{16,}))?`,
  'dy',
);
const CONTINUES = /[A-Za-z0-9_-]/;

/**
 * A JWT cut across lines or string literals (`"eyJ….⏎eyJ….⏎sig"`, `'eyJ….' +⏎ 'eyJ….'`): each part is
 * redacted where it stands, so the text around them (quotes, `+`, line breaks) reads as before. A
 * JWT in one piece is the token rules' (rules/auth.rules).
 */
export function detectSplitJwts(text: string): Candidate[] {
  const found: Candidate[] = [];
  for (let at = text.indexOf('eyJ'); at !== -1; at = text.indexOf('eyJ', at + 3)) {
    if (at > 0 && CONTINUES.test(text.charAt(at - 1))) continue;
    SPLIT_JWT.lastIndex = at;
    const m = SPLIT_JWT.exec(text);
    if (m === null) continue;
    const spans = [m.indices?.groups?.header, m.indices?.groups?.payload];
    const signature = m.indices?.groups?.signature;
    // A signature that is a word run on from the next line (`…⏎.then`) has no digit nor capital.
    if (signature !== undefined && /[A-Z0-9_-]/.test(m.groups?.signature ?? ''))
      spans.push(signature);
    for (const span of spans)
      if (span !== undefined)
        found.push({ kind: 'jwt', start: span[0], end: span[1], rank: RANK_SHAPE });
    at = m.index + m[0].length - 3;
  }
  return found;
}
