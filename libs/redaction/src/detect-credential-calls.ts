import { captured } from './indexed';
import { isReference } from './references';
import { type Candidate, RANK_ASSIGNMENT } from './secret-kind';
import { findKeywords, hasCommand, type KeywordHits } from './text-keywords';

/**
 * A call that takes a user and then a password as its last two string literals, no name beside the
 * password: `new NetworkCredential("svc", "…")`, `DriverManager.getConnection(url, "app", "…")`,
 * `mysql_connect("db", "root", "…")`, `HTTPBasicAuth("ci", "…")`, Python's `auth=("ci", "…")`.
 */
const CREDENTIAL_CALL =
  /(?:(?:Credentials?|getConnection|connect|[Ll]ogin|[Aa]uth(?:entication)?)[ \t]*\([ \t]*|\bauth[ \t]*=[ \t]*\([ \t]*)(?:[^()\n]{0,120}?,[ \t]*)?(["'])[^"'\n]{1,64}\1[ \t]*,[ \t]*(["'])(?<secret>[^"'\n]{4,128})\2(?:\.\w+\(\))?[ \t]*\)/dg;
/** What every such call holds, cheaper to look for than the call. */
const CALL_SIGN = /(?:onnect(?:ion)?|redentials?|ogin|uth(?:entication)?)[ \t]*[(=]/;
/** A word is a stand-in or a mode (`"admin"`, `"basic"`), not a generated password. */
const PLAIN_WORD = /^[A-Za-z]{1,12}$/;

/**
 * `echo "…" | docker login --password-stdin`, `echo "…" | passwd --stdin user`, `echo "…" | sudo -S`,
 * `… | gh auth login --with-token`: a literal piped into a command that reads a password from its input.
 */
const PIPED_PASSWORD =
  /\b(?:echo|printf)[ \t]+(?:-n[ \t]+)?(["']?)(?<secret>[^\s"'|]{4,128})\1[ \t]*\|[^|\n]{0,120}?(?:--password-stdin|passwd[ \t]+--stdin|chpasswd|--with-token|sudo(?:[ \t]+-\w+)*[ \t]+-\w*S)(?![\w-])/dg;
/** The same commands given the literal as a here-string: `gh auth login --with-token <<< …`. */
const HERE_STRING_PASSWORD =
  /(?:--password-stdin|passwd[ \t]+--stdin|chpasswd|--with-token|sudo(?:[ \t]+-\w+)*[ \t]+-\w*S)(?![\w-])[^|\n<]{0,120}?<<<[ \t]*(["']?)(?<secret>[^\s"'|]{4,128})\1/dg;

export function detectCredentialCalls(
  text: string,
  keywords: KeywordHits = findKeywords(text),
): Candidate[] {
  const found: Candidate[] = [];
  if (text.includes('(') && CALL_SIGN.test(text))
    for (const m of text.matchAll(CREDENTIAL_CALL)) push(captured(m, 'secret'), 'password', found);
  // Their command words come from the keyword walk, not from a search of the text each.
  if (
    keywords.commands !== 0 &&
    (hasCommand(keywords, 'stdin') ||
      hasCommand(keywords, 'chpasswd') ||
      hasCommand(keywords, 'sudo') ||
      hasCommand(keywords, 'with-token'))
  ) {
    for (const m of text.matchAll(PIPED_PASSWORD)) push(captured(m, 'secret'), 'password', found);
    if (text.includes('<<<'))
      for (const m of text.matchAll(HERE_STRING_PASSWORD))
        push(captured(m, 'secret'), 'password', found);
  }
  return found;
}

function push(secret: ReturnType<typeof captured>, kind: 'password', found: Candidate[]): void {
  if (secret === null || isReference(secret.value) || PLAIN_WORD.test(secret.value)) return;
  found.push({ kind, start: secret.start, end: secret.end, rank: RANK_ASSIGNMENT });
}
