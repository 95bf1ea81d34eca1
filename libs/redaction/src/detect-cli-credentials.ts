import { isReference } from './references';
import { type Candidate, RANK_ASSIGNMENT, RANK_SHAPE } from './secret-kind';

/** `curl -u user:pass`, `--user user:pass`, `-U user:pass` (wget, svn…): the user stays. */
const USER_PASS = /(?<=\s|^)(?:-u|--user|--proxy-user|-U)(?:[ \t]+|=)?(["']?)(?<user>[^\s:"'$<>{}]{1,64}):(?<secret>[^\s"']+)\1/gd;
const USER_FLAG = / -[uU]|--(?:proxy-)?user/;
/** Clients that take the password glued to -p (`mysql -uroot -pS3cret`) or after it (`sshpass -p …`). */
const PASSWORD_CLIENT = /\b(?:mysql\w*|mariadb\w*|mysqladmin|mysqldump|sshpass|mongo(?:sh|dump|restore|import|export)?|docker(?:\s+\S+)?\s+login|podman\s+login|helm\s+registry\s+login|redis-cli|keytool|openssl|zip|unzip|7z)\b/g;
/**
 * Cheap checks first: the client regex (with its word boundaries) runs only on text that has a password
 * flag after a space or tab (a `-` after a space is rare in prose, and the flag regex starts at it) and names a client.
 */
const PASSWORD_FLAG = /[ \t]-(?:p|a|P|-pass|storepass|keypass)/;
const CLIENT_NAMES = /m(?:ysql|ariadb|ongo)|sshpass|login|redis-cli|keytool|openssl|zip|7z/;
const SPACE_DASH = 1;
const TAB_DASH = 2;
const DASH_DASH = 4;
/**
 * Which of ' -', '\t-' and '--' the text holds, from one walk over its dashes: three `includes` of
 * pairs starting with a space cost more, as a space is everywhere and a dash is not.
 */
function dashPairs(text: string): number {
  let pairs = 0;
  for (let at = text.indexOf('-', 1); at !== -1 && pairs !== (SPACE_DASH | TAB_DASH | DASH_DASH); at = text.indexOf('-', at + 1)) {
    const before = text.charCodeAt(at - 1);
    if (before === 32) pairs |= SPACE_DASH;
    else if (before === 9) pairs |= TAB_DASH;
    else if (before === 45) pairs |= DASH_DASH;
  }
  return pairs;
}
const GLUED_P = /(?<=[ \t])-p(?<secret>[^\s'"-][^\s'"]*)/gd;
const SPACED_P = /(?<=[ \t])(?:-p|-a|-P|--pass|-storepass|-keypass|-passin|-passout)[ \t]+(?:pass:)?(?<secret>[^\s'"-][^\s'"]*)/gd;

/** Credentials typed on a command line. */
export function detectCliCredentials(text: string): Candidate[] {
  const found: Candidate[] = [];
  const pairs = dashPairs(text);
  if ((pairs & (SPACE_DASH | DASH_DASH)) !== 0 && USER_FLAG.test(text)) {
    for (const m of text.matchAll(USER_PASS)) {
      const [start, end] = m.indices!.groups!.secret!;
      if (!isReference(m.groups!.secret!) && !/^\d+$/.test(m.groups!.secret!)) {
        found.push({ kind: 'cli_credential', start, end, rank: RANK_SHAPE });
      }
    }
  }
  if ((pairs & (SPACE_DASH | TAB_DASH)) !== 0 && PASSWORD_FLAG.test(text) && CLIENT_NAMES.test(text)) {
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
  const isMysql = /\b(?:mysql|mariadb)/.test(line);
  for (const pattern of isMysql ? [GLUED_P, SPACED_P] : [SPACED_P]) {
    for (const m of line.matchAll(pattern)) {
      const [start, end] = m.indices!.groups!.secret!;
      const value = m.groups!.secret!;
      // mysql's -P is the port, and `-p db_name` is the database after a prompt flag.
      if (isReference(value) || /^\d{1,5}$/.test(value)) continue;
      if (isMysql && pattern === SPACED_P && m[0].trimStart().startsWith('-p')) continue;
      found.push({ kind: 'cli_credential', start: offset + start, end: offset + end, rank: RANK_ASSIGNMENT });
    }
  }
}
