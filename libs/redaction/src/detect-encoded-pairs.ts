import { isReference } from './references';
import { type Candidate, RANK_ASSIGNMENT } from './secret-kind';
import { captured } from './indexed';

/** What encodes a literal into Basic credentials: a base64 call or command, by any language's name. */
const ENCODER = /btoa|b64encode|base64|encode64|tobase64/i;
/**
 * A quoted `user:password` on a line that encodes it (`btoa('ops:…')`, `b64encode(b"ops:…")`,
 * `echo -n 'ops:…' | base64`, `Base64.strict_encode64("ops:…")`): the user stays, the password goes.
 */
const QUOTED_PAIR = /(["'`])(?<user>[A-Za-z0-9_.@+-]{1,64}):(?<secret>[^\s"'`:$]{4,128})\1/dg;

/** How far an encoder's name is looked for on the pair's line, each way. */
const REACH = 80;

/** An encoder named on the pair's line within REACH of it (a bounded stretch: a line may be the whole text). */
function encodedNear(text: string, start: number, end: number): boolean {
  const before = text.slice(Math.max(0, start - REACH), start);
  const after = text.slice(end, end + REACH);
  return (
    ENCODER.test(before.slice(before.lastIndexOf('\n') + 1)) ||
    ENCODER.test(after.slice(0, after.includes('\n') ? after.indexOf('\n') : after.length))
  );
}

const NOT_A_USER = /^(?:data|mailto|urn|file|tel|javascript|blob|sha\d*|md5)$/i;

/**
 * Basic credentials written before they are encoded: the pair in clear, on a line that base64-encodes
 * it (docs/redaction.md). Only the password part is replaced.
 */
export function detectEncodedPairs(text: string): Candidate[] {
  if (!ENCODER.test(text)) return [];
  const found: Candidate[] = [];
  for (const m of text.matchAll(QUOTED_PAIR)) {
    const secret = captured(m, 'secret');
    if (secret === null || isReference(secret.value) || secret.value.startsWith('//')) continue;
    // `"data:text/plain;base64,…"`, `sha256:…`: a URI's scheme or a digest's name, not a user.
    if (NOT_A_USER.test(m.groups?.user ?? '')) continue;
    if (!encodedNear(text, m.index, m.index + m[0].length)) continue;
    found.push({ kind: 'basic_auth', start: secret.start, end: secret.end, rank: RANK_ASSIGNMENT });
  }
  return found;
}
