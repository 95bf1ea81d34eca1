import { isReference } from './references';
import { type Candidate, RANK_ASSIGNMENT, RANK_SHAPE } from './secret-kind';
import { captured } from './indexed';

/**
 * `curl -u user:pass`, `--user user:pass`, `-U user:pass` (wget, svn…), curl's grouped `-su`: the user stays. The user may be
 * empty (`-u :pass`), a variable (`-u "$USER:…"`), and the pair quoted or in braces (`-u {user:pass}`),
 * or each half on its own (`-u "user":"pass"`, `-u {user}:{pass}`).
 */
const USER_PASS =
  /(?<=\s|^)(?:-u|-[a-zA-Z]{1,3}u(?<=\bcurl\b[^\n|;&]{0,300})|--user|--proxy-user|-U)(?:[ \t]+|=)?(["']?)\{?(?<user>\$\{?\w+\}?|\{[^\s:"'{}]{0,64}\}|\\?"[^\s:"\\]{0,64}\\?"|'[^\s:']{0,64}'|[^\s:"'$<>{}]{0,64}):(?:\\?["']|\{)?(?<secret>[^\s"'{}\\]+)\}?(?:\\?["'])?\}?\1/dg;
/**
 * `curl -u sk_test_…:` or `-u 3kTq…:`, as APIs that take a key as the user with an empty password
 * document it: the user is the key, when it looks generated.
 */
const KEY_AS_USER =
  /(?<=\s|^)(?:-u|--user)(?:[ \t]+|=)(["']?)(?<secret>[A-Za-z0-9_-]{16,128}):\1(?=\s|$)/dg;
const looksGenerated = (value: string): boolean =>
  /\d/.test(value) && /[a-z]/.test(value) && /[A-Z]/.test(value);

/** Clients that take the password glued to -p (`mysql -uroot -pS3cret`) or after it (`sshpass -p …`). */
const PASSWORD_CLIENT =
  /(?<!(?<!\\)\w)(?:mysql\w*|mariadb\w*|mysqladmin|mysqldump|sshpass|ssh-keygen|sqlcmd|ldap(?:search|add|modify|delete|passwd)|az\s+login|mongo(?:sh|dump|restore|import|export)?|docker(?:\s+\S+)?\s+login|podman\s+login|helm\s+registry\s+login|redis-cli|keytool|openssl|zip|unzip|7z|psexec\w*)\b/g;
/**
 * Cheap checks first: the client regex (with its word boundaries) runs only on text that has a password
 * flag after a space or tab and names a client.
 */
const CLIENT_NAMES =
  /m(?:ysql|ariadb|ongo)|sshpass|ssh-keygen|sqlcmd|ldap|login|redis-cli|keytool|openssl|zip|7z|psexec/;
const USER_FLAG_SEEN = 1;
const PASSWORD_FLAG_SEEN = 2;
/**
 * Whether the text holds a user flag (what / -[uU]|--(?:proxy-)?user/ matches) and a password flag
 * (/[ \t]-(?:p|a|P|N|k|w|-pass|storepass|keypass)/), from one walk over its dashes: each holds a dash after a
 * character, and a dash is rarer than the space those regexes would start at.
 */
function flagsSeen(text: string): number {
  let seen = 0;
  for (
    let at = text.indexOf('-', 1);
    at !== -1 && seen !== (USER_FLAG_SEEN | PASSWORD_FLAG_SEEN);
    at = text.indexOf('-', at + 1)
  ) {
    const before = text.charCodeAt(at - 1);
    const next = text.charCodeAt(at + 1);
    if (before === 32 && (next === 117 || next === 85 || isGroupedUserFlag(text, at + 1)))
      seen |= USER_FLAG_SEEN;
    else if (
      before === 45 &&
      (text.startsWith('user', at + 1) || text.startsWith('proxy-user', at + 1))
    )
      seen |= USER_FLAG_SEEN;
    if (
      (before === 32 || before === 9) &&
      (next === 112 ||
        next === 97 ||
        next === 80 ||
        next === 78 ||
        next === 107 ||
        next === 119 ||
        text.startsWith('-pass', at + 1) ||
        text.startsWith('storepass', at + 1) ||
        text.startsWith('keypass', at + 1))
    )
      seen |= PASSWORD_FLAG_SEEN;
  }
  return seen;
}
/** `-su`, `-ksSu`: short flags grouped, the last of them -u (whose value follows). */
function isGroupedUserFlag(text: string, from: number): boolean {
  for (let k = from; k < from + 4; k++) {
    const c = text.charCodeAt(k);
    if (c === 117) return true;
    if (!((c >= 97 && c <= 122) || (c >= 65 && c <= 90))) return false;
  }
  return false;
}
// A password may start with `-` where nothing else can: glued to -p (`-p-tL+6…`) or in quotes.
const GLUED_P = /(?<=[ \t])-p(["']?)(?<secret>(?:(?<=["'p])-(?!-)|[^\s'"-])[^\s'"]*)\1(?=\s|$)/dg;
/** Clients whose -p takes the password glued to it (mysql's `-pS3cret`, sshpass's, 7-Zip's). */
const GLUED_CLIENT = /(?<!(?<!\\)\w)(?:mysql|mariadb|sshpass|7z)/;
const MYSQL_CLIENT = /(?<!(?<!\\)\w)(?:mysql|mariadb)/;
/** openssl's `-passin env:VAR`, `file:path`, `fd:3`, `stdin`: where the password is, not the password. */
const PASSWORD_SOURCE = /^(?:env|file|fd):|^stdin$/;
const SPACED_P =
  /(?<=[ \t])(?:-p|-a|-P|--pass|-storepass|-keypass|-passin|-passout|-N|-k|-w)[ \t]+(?:pass:)?(["']?)(?<secret>(?:(?<=["'])-|[^\s'"-])[^\s'"]*)\1(?=\s|$)/dg;

/** PowerShell's `ConvertTo-SecureString "…" -AsPlainText`: the string it is given is the password. */
const SECURE_STRING =
  /ConvertTo-SecureString(?:[ \t]+-String)?[ \t]+(["'])(?<secret>[^"'\r\n]+)\1(?=[^\r\n]*-AsPlainText)/dgi;

/** HTTPie's (`http`, `https`, `xh`) `-a user:pass`: the user stays. */
const HTTPIE_AUTH =
  /(?<![\w/.:-])(?:https?|xhs?)[ \t](?:[^\n|;&]{0,200}?[ \t])?-a(?:[ \t]+|=)?(["']?)(?<user>[^\s:"']{0,64}):(?<secret>[^\s"']+)\1(?=\s|$)/dg;

/** Each match's `secret` group that is a value, not a reference, as a command-line credential. */
function pushSecrets(found: Candidate[], matches: Iterable<RegExpMatchArray>): void {
  for (const m of matches) {
    const secret = captured(m, 'secret');
    if (secret && !isReference(secret.value))
      found.push({
        kind: 'cli_credential',
        start: secret.start,
        end: secret.end,
        rank: RANK_SHAPE,
      });
  }
}

/** Credentials typed on a command line. */
/**
 * A CI workflow command that hides a value in the job's log (GitHub Actions' `::add-mask::…`): what it
 * is given is a secret by the writer's own word. A variable (`$TOKEN`) stays.
 */
const ADD_MASK = /::add-mask::(?<secret>[^\s"'`\\]+)/dg;

export function detectCliCredentials(text: string): Candidate[] {
  const found: Candidate[] = [];
  // HTTPie's client names beside its flag before its regex, which would start at every character.
  if (
    text.includes(' -a') &&
    (text.includes('http ') || text.includes('https ') || text.includes('xh'))
  )
    pushSecrets(found, text.matchAll(HTTPIE_AUTH));
  if (text.includes('SecureString')) pushSecrets(found, text.matchAll(SECURE_STRING));
  if (text.includes('::add-mask::')) pushSecrets(found, text.matchAll(ADD_MASK));
  const flags = flagsSeen(text);
  if ((flags & USER_FLAG_SEEN) !== 0) {
    for (const m of text.matchAll(USER_PASS)) {
      const captive = captured(m, 'secret');
      if (captive === null) continue;
      const { value: secret, start, end } = captive;
      // `redis-cli -u redis://user:…@host`: a URL, whose password detect-url-credentials finds.
      if (!isReference(secret) && !/^\d+$/.test(secret) && !secret.startsWith('//')) {
        found.push({ kind: 'cli_credential', start, end, rank: RANK_SHAPE });
      }
    }
    for (const m of text.matchAll(KEY_AS_USER)) {
      const key = captured(m, 'secret');
      if (key !== null && looksGenerated(key.value))
        found.push({ kind: 'cli_credential', start: key.start, end: key.end, rank: RANK_SHAPE });
    }
  }
  if ((flags & PASSWORD_FLAG_SEEN) !== 0 && CLIENT_NAMES.test(text)) {
    let doneUntil = -1;
    for (const client of text.matchAll(PASSWORD_CLIENT)) {
      if (client.index < doneUntil) continue;
      const lineStart = text.lastIndexOf('\n', client.index) + 1;
      let lineEnd = text.indexOf('\n', client.index);
      if (lineEnd === -1) lineEnd = text.length;
      doneUntil = lineEnd;
      passwordFlags(text.slice(lineStart, lineEnd), lineStart, found);
    }
  }
  return found;
}

function passwordFlags(line: string, offset: number, found: Candidate[]): void {
  for (const pattern of GLUED_CLIENT.test(line) ? [GLUED_P, SPACED_P] : [SPACED_P]) {
    for (const m of line.matchAll(pattern)) {
      const secret = captured(m, 'secret');
      if (secret === null) continue;
      const { value, start, end } = secret;
      // mysql's -P is the port, and `-p db_name` is the database after a prompt flag.
      if (isReference(value) || /^\d{1,5}$/.test(value) || PASSWORD_SOURCE.test(value)) continue;
      // Another command's flag on the line (`sshpass -e rsync -a ./dist …`) given a path.
      if (pattern === SPACED_P && /^(?:(?:\.{1,2}|~)\/|(?:\/[\w.-]+){2,}\/?$)/.test(value))
        continue;
      const command = commandBefore(line, m.index);
      if (pattern === GLUED_P && !GLUED_CLIENT.test(command)) continue;
      if (pattern === SPACED_P && m[0].startsWith('-p') && MYSQL_CLIENT.test(command)) continue;
      found.push({
        kind: 'cli_credential',
        start: offset + start,
        end: offset + end,
        rank: RANK_ASSIGNMENT,
      });
    }
  }
}

/**
 * The command a flag belongs to: its line back to a pipe, a `;`, an `&&` or a JSON-escaped line break
 * (one line of JSON can hold a script), so `mysql … && docker login -p …` judges each by its own client.
 */
function commandBefore(line: string, at: number): string {
  const before = line.slice(Math.max(0, at - 300), at);
  const after = (separator: string): number => {
    const at = before.lastIndexOf(separator);
    return at === -1 ? 0 : at + separator.length;
  };
  return before.slice(Math.max(after('\\n'), after('|'), after(';'), after('&&')));
}
