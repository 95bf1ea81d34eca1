import { isReference } from './references';
import { type Candidate, RANK_SHAPE } from './secret-kind';
import { findKeywords, type KeywordHits } from './text-keywords';
import { captured, entry } from './indexed';

/**
 * ADO.NET / ODBC / JDBC property lists: `Server=db;User Id=sa;Password=p a$$;`.
 * The value runs to the next `;` (spaces allowed), or is an ODBC `{braced}` value.
 */
const PROPERTY =
  /(?<=^|[;"'\s])(?:Password|Pwd|PWD|password|pwd|PASSWORD|AccessKey|SharedSecret|Account Key|ClientSecret|Client Secret)[ \t]*=[ \t]*(?<secret>\{(?:[^}]|\}\})*\}|[^;\r\n"'`]+?)[ \t]*(?=;|["'`]|\r?\n|$)/dg;
/** Tried only where a secret word starts ('pass', 'pwd', 'accesskey', 'secret' among them), not searched for. */
const PROPERTY_AT = new RegExp(PROPERTY.source, 'yd');
const GUARD = /(?:password|pwd|accesskey|secret)[ \t]*=/iy;
const NEIGHBOUR =
  /(?:Server|Data Source|Host|Uid|User(?: ?Id|Name)?|Initial Catalog|Database(?:Name)?|Driver|Provider|Port|Endpoint|AccountName)[ \t]*=|jdbc:/i;

export function detectConnectionStrings(
  text: string,
  keywords: KeywordHits = findKeywords(text),
): Candidate[] {
  if (!text.includes(';') || !guarded(text, keywords.secrets)) return [];
  const found: Candidate[] = [];
  for (const m of properties(text, keywords.secrets)) {
    // A property list has other properties beside the password on the same line.
    const lineStart = text.lastIndexOf('\n', m.index) + 1;
    let lineEnd = text.indexOf('\n', m.index);
    if (lineEnd === -1) lineEnd = text.length;
    const line = text.slice(lineStart, lineEnd);
    if (!line.includes(';') || !NEIGHBOUR.test(line)) continue;
    const secret = captured(m, 'secret');
    if (secret === null || secret.value.length === 0 || isReference(secret.value)) continue;
    const { start, end } = secret;
    found.push({ kind: 'connection_string', start, end, rank: RANK_SHAPE });
  }
  return found;
}

/**
 * What matchAll(PROPERTY) finds, trying PROPERTY only where one can start: at a secret word's start (pass…,
 * pwd, accesskey, account key) or 6 or 7 characters before it (Shared|Client Secret), instead of the
 * regex's lookbehind at every character. In order, each tried after the last match's end, as matchAll goes on.
 */
function properties(text: string, secrets: readonly number[]): RegExpExecArray[] {
  const starts: number[] = [];
  for (let k = 0; k < secrets.length; k += 2) {
    const at = entry(secrets, k);
    starts.push(at - 7, at - 6, at);
  }
  starts.sort((a, b) => a - b);
  const found: RegExpExecArray[] = [];
  let from = 0;
  let tried = -1;
  for (const at of starts) {
    if (at < from || at === tried) continue;
    tried = at;
    PROPERTY_AT.lastIndex = at;
    const m = PROPERTY_AT.exec(text);
    if (m === null) continue;
    found.push(m);
    from = PROPERTY_AT.lastIndex;
  }
  return found;
}

/** Whether GUARD matches anywhere: each of its words starts a secret word found by the keyword walk. */
function guarded(text: string, secrets: readonly number[]): boolean {
  for (let k = 0; k < secrets.length; k += 2) {
    GUARD.lastIndex = secrets[k]!;
    if (GUARD.test(text)) return true;
  }
  return false;
}
