import { isReference } from './references';
import { type Candidate, RANK_SHAPE } from './secret-kind';

/**
 * ADO.NET / ODBC / JDBC property lists: `Server=db;User Id=sa;Password=p a$$;`.
 * The value runs to the next `;` (spaces allowed), or is an ODBC `{braced}` value.
 */
const PROPERTY = /(?<=^|[;"'\s])(?:Password|Pwd|PWD|password|pwd|PASSWORD|AccessKey|SharedSecret|Account Key|ClientSecret|Client Secret)[ \t]*=[ \t]*(?<secret>\{(?:[^}]|\}\})*\}|[^;\r\n"'`]+?)[ \t]*(?=;|["'`]|\r?\n|$)/gd;
const GUARD = /(?:password|pwd|accesskey|secret)[ \t]*=/i;
const NEIGHBOUR = /(?:Server|Data Source|Host|Uid|User ID|User Id|UserName|Username|Initial Catalog|Database|Driver|Provider|Port|Endpoint|AccountName)[ \t]*=/i;

export function detectConnectionStrings(text: string): Candidate[] {
  if (!text.includes(';') || !GUARD.test(text)) return [];
  const found: Candidate[] = [];
  for (const m of text.matchAll(PROPERTY)) {
    // A property list has other properties beside the password on the same line.
    const lineStart = text.lastIndexOf('\n', m.index) + 1;
    let lineEnd = text.indexOf('\n', m.index);
    if (lineEnd === -1) lineEnd = text.length;
    const line = text.slice(lineStart, lineEnd);
    if (!line.includes(';') || !NEIGHBOUR.test(line)) continue;
    const value = m.groups!.secret!;
    if (value.length === 0 || isReference(value)) continue;
    const [start, end] = m.indices!.groups!.secret!;
    found.push({ kind: 'connection_string', start, end, rank: RANK_SHAPE });
  }
  return found;
}
