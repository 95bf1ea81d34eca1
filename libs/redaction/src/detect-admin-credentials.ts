import { isReference } from './references';
import { type Candidate, RANK_ASSIGNMENT } from './secret-kind';
import { findKeywords, hasCommand, type KeywordHits } from './text-keywords';
import { captured } from './indexed';
import { secretNameKind } from './secret-names';

/**
 * Passwords that admin tools take in places no key names them: `htpasswd -b file user pass`,
 * smbclient's `-U user%pass`, SQL's `IDENTIFIED BY '…'`, and a `.pgpass` line
 * (`host:port:database:user:password`). The user and every other part stay; only the password goes.
 */
export function detectAdminCredentials(
  text: string,
  keywords: KeywordHits = findKeywords(text),
): Candidate[] {
  const found: Candidate[] = [];
  if (PGPASS_FIELDS.test(text)) pgpassLines(text, found);
  if (keywords.commands === 0) return found;
  if (hasCommand(keywords, 'htpasswd')) htpasswdPasswords(text, found);
  if (SAMBA_TOOLS.some((word) => hasCommand(keywords, word))) userPercentPasswords(text, found);
  if (hasCommand(keywords, 'identified')) identifiedBy(text, found);
  if (hasCommand(keywords, 'insert') && keywords.secrets.length > 0) insertedValues(text, found);
  if (hasCommand(keywords, 'default') && keywords.secrets.length > 0) columnDefaults(text, found);
  for (const { guard, pattern } of ONE_PASSWORD_SHAPES)
    if (guard.some((word) => hasCommand(keywords, word))) passwordsOf(pattern, text, found);
  return found;
}

const SAMBA_TOOLS = ['smb', 'rpcclient', 'winexe', 'net rpc', 'net ads'];

/**
 * Shapes with one password each, every one tried only on text that holds one of its command words
 * (text-keywords' walk finds them). Each names its password `secret`, quoted or not; a
 * stretch between the command and its password is bounded, so a line of commands stays linear.
 */
const ONE_PASSWORD_SHAPES: ReadonlyArray<{ guard: readonly string[]; pattern: RegExp }> = [
  // `mysqladmin -u root password 'new'`
  {
    guard: ['mysqladmin'],
    pattern:
      /(?<!(?<!\\)\w)mysqladmin\b[^\n]{0,200}?[ \t]password[ \t]+(["']?)(?<secret>[^\s'"]+)\1/dg,
  },
  // lftp's `-u user,password`
  {
    guard: ['lftp'],
    pattern:
      /(?<!(?<!\\)\w)lftp\b[^\n]{0,200}?[ \t]-u[ \t]+(["']?)[^\s,'"]+,(?<secret>[^\s'"]+)\1/dg,
  },
  // Oracle's clients: `sqlplus user/password@db`
  {
    guard: ['sqlplus', 'rman ', 'expdp', 'impdp', 'sqlldr'],
    pattern:
      /(?<!(?<!\\)\w)(?:sqlplus|rman|expdp|impdp|sqlldr)(?:[ \t]+-\w+)*[ \t]+(["']?)[A-Za-z0-9_$#]+\/(?<secret>[^\s@'"/]+)(?=@|\1(?:\s|$))/dg,
  },
  // Windows' `net use Z: \\host\share /user:DOMAIN\user password`
  {
    guard: ['net use'],
    pattern: /\/user:\S+[ \t]+(["']?)(?<secret>[^\s'"/*][^\s'"]*)\1/dgi,
  },
  // Windows' `net user name password [/add]` (`*` prompts for it)
  {
    guard: ['net use'],
    pattern:
      /(?<!(?<!\\)\w)net[ \t]+user[ \t]+(["']?)[^\s"'/]+\1[ \t]+(["']?)(?<secret>[^\s"'/*][^\s"']*)\2(?=\s|$)/dgi,
  },
  // FreeRDP's Windows-style `/p:password`
  {
    guard: ['freerdp'],
    pattern:
      /(?<!(?<!\\)\w)\w*freerdp\b[^\n]{0,200}?[ \t]\/p(?:assword)?:(["']?)(?<secret>[^\s"']+)\1/dgi,
  },
  // NetworkManager's `nmcli … password …`, `wifi-sec.psk …`
  {
    guard: ['nmcli'],
    pattern:
      /(?<!(?<!\\)\w)nmcli\b[^\n]{0,200}?[ \t](?:password|wifi-sec\.psk|802-1x\.password)[ \t]+(["']?)(?<secret>[^\s"'$][^\s"']*)\1/dg,
  },
  // `wpa_passphrase SSID passphrase`
  {
    guard: ['wpa_passphrase'],
    pattern:
      /(?<!(?<!\\)\w)wpa_passphrase[ \t]+(?:"[^"\n]*"|'[^'\n]*'|[^\s"']+)[ \t]+(["']?)(?<secret>[^\s"'$<][^\s"']*)\1/dg,
  },
  // MySQL's `SET PASSWORD [FOR user] = '…'` or `= PASSWORD('…')`
  {
    guard: ['set password'],
    pattern:
      /(?<!(?<!\\)\w)set[ \t]+password\b(?:[ \t]+for[ \t]+\S+)?[ \t]*=[ \t]*(?:password[ \t]*\([ \t]*)?(["'])(?<secret>[^"'\r\n]+)\1/dgi,
  },
  // MongoDB's `db.changeUserPassword('user', '…')`
  {
    guard: ['changeuserpassword'],
    pattern:
      /(?<!(?<!\\)\w)changeUserPassword\([ \t]*(["'])[^"'\n]*\1[ \t]*,[ \t]*(["'])(?<secret>[^"'\r\n]+)\2/dg,
  },
  // RabbitMQ's `rabbitmqctl add_user name password`, `change_password name password`
  {
    guard: ['rabbitmqctl'],
    pattern:
      /(?<!(?<!\\)\w)rabbitmqctl\b[^\n]{0,100}?[ \t](?:add_user|change_password)[ \t]+(["']?)[^\s"']+\1[ \t]+(["']?)(?<secret>[^\s"'$<-][^\s"']*)\2/dg,
  },
  // sshpass's `-e` reads the password from `SSHPASS`: `SSHPASS=… sshpass -e ssh host`
  {
    guard: ['sshpass'],
    pattern: /(?<![\w$])SSHPASS=(["']?)(?<secret>[^\s"'$`][^\s"']*)\1/dg,
  },
  // Redis's `ACL SETUSER name on >password`
  {
    guard: ['setuser'],
    pattern: /(?<!(?<!\\)\w)ACL[ \t]+SETUSER[ \t]+\S+[^\n>]{0,200}?[ \t]>(?<secret>\S+)/dgi,
  },
];

/** `INSERT INTO t (col, …) VALUES (`: the columns, up to the first row's opening parenthesis. */
const INSERT_COLUMNS =
  /(?<!(?<!\\)\w)insert[ \t]+(?:ignore[ \t]+)?into[ \t]+[\w."`[\]]{1,128}[ \t]*\((?<columns>[^()\n]{1,600})\)\s{0,40}values\s{0,40}(?=\()/dgi;
const MAX_ROWS = 64;

/**
 * SQL's `INSERT INTO users (name, password) VALUES ('bob', '…')`: the column list names the secret, and
 * each row's literal in that column's place is its value. A bind (`?`, `$2`, `:pw`) or `NULL` is not a
 * value; a hash function's first literal is (`crypt('…', gen_salt('bf'))`).
 */
function insertedValues(text: string, found: Candidate[]): void {
  for (const m of text.matchAll(INSERT_COLUMNS)) {
    const columns = (m.groups?.columns ?? '').split(',');
    const secret = columns.map(
      (c) => secretNameKind(c.trim().replace(/^[`"[]|[`"\]]$/g, '')) !== null,
    );
    if (!secret.includes(true)) continue;
    let at = m.index + m[0].length;
    for (let row = 0; row < MAX_ROWS && text[at] === '('; row++) {
      const literals = rowLiterals(text, at + 1);
      if (literals === null) break;
      literals.items.forEach((item, i) => {
        if (item !== null && secret[i] === true)
          push(found, item.start, item.end, text.slice(item.start, item.end));
      });
      at = literals.end;
      while (at < text.length && /[\s,]/.test(text.charAt(at)) && at - literals.end < 40) at++;
    }
  }
}

/** A column's `DEFAULT '…'` (also `SET DEFAULT`), quoted: where the line before it names the column. */
const COLUMN_DEFAULT = /(?<![\w$])default[ \t]+N?(['"])(?<secret>[^'"\r\n]{4,200})\1/dgi;
/** A type's size (`varchar(64)`, `numeric(10, 2)`), whose comma is no column's edge. */
const TYPE_SIZE = /\([ \t]*\d+(?:[ \t]*,[ \t]*\d+)?[ \t]*\)/g;
/** The words before a column's name in `ALTER TABLE`: `ALTER COLUMN`, `ADD COLUMN`, `MODIFY`, `CHANGE`. */
const COLUMN_LEAD = /^.*\b(?:column|modify|change|add)[ \t]+/i;

/**
 * SQL's `password varchar(64) DEFAULT '…'` in a `CREATE TABLE`, `ALTER COLUMN api_key SET DEFAULT '…'`:
 * a default in a column that names a secret is that secret's value. The column is the first word of
 * its definition, after the last `(` or `,` on the line (a type's size left out).
 */
function columnDefaults(text: string, found: Candidate[]): void {
  for (const m of text.matchAll(COLUMN_DEFAULT)) {
    const secret = captured(m, 'secret');
    if (secret === null) continue;
    // The line before DEFAULT, at most 200 characters of it: a search back to its start could read the whole text.
    const before = text.slice(Math.max(0, m.index - 200), m.index);
    const line = before.slice(before.lastIndexOf('\n') + 1).replace(TYPE_SIZE, '');
    const definition = line.slice(Math.max(line.lastIndexOf('('), line.lastIndexOf(',')) + 1);
    const name = /^[ \t]*[`"[]?([A-Za-z_][\w$]*)/.exec(definition.replace(COLUMN_LEAD, ''))?.[1];
    if (name !== undefined && secretNameKind(name) !== null)
      push(found, secret.start, secret.end, secret.value);
  }
}

const MAX_ROW = 4000;

/**
 * A row's values from just after its `(`: for each, the span inside its quotes when it is a string
 * literal (or the first literal inside a call), else null; and where the row's `)` ends. null when the
 * row does not close.
 */
function rowLiterals(
  text: string,
  from: number,
): { items: Array<{ start: number; end: number } | null>; end: number } | null {
  const items: Array<{ start: number; end: number } | null> = [];
  let current: { start: number; end: number } | null = null;
  let depth = 0;
  const limit = Math.min(text.length, from + MAX_ROW);
  for (let k = from; k < limit; k++) {
    const c = text[k];
    if (c === "'" || c === '"') {
      const start = k + 1;
      let end = start;
      while (end < limit && !(text[end] === c && text[end + 1] !== c))
        end += text[end] === c || text[end] === '\\' ? 2 : 1;
      if (end >= limit) return null;
      current ??= end > start ? { start, end } : null;
      k = end;
    } else if (c === '(') depth++;
    else if (c === ')' && depth > 0) depth--;
    else if (c === ')' || (c === ',' && depth === 0)) {
      items.push(current);
      current = null;
      if (c === ')') return { items, end: k + 1 };
    }
  }
  return null;
}

function passwordsOf(pattern: RegExp, text: string, found: Candidate[]): void {
  for (const m of text.matchAll(pattern)) {
    const secret = captured(m, 'secret');
    if (secret) push(found, secret.start, secret.end, secret.value);
  }
}

const push = (found: Candidate[], start: number, end: number, value: string): void => {
  if (value.length === 0 || isReference(value)) return;
  found.push({ kind: 'cli_credential', start, end, rank: RANK_ASSIGNMENT });
};

/** `htpasswd -b[c…] file user pass`, `htpasswd -nb user pass`: the password is the last argument of -b. */
const HTPASSWD =
  /(?<!(?<!\\)\w)htpasswd((?:[ \t]+-[A-Za-z]+)+)[ \t]+(\S+)[ \t]+(\S+)(?:[ \t]+(["']?)([^\s"']+)\4)?/dg;

function htpasswdPasswords(text: string, found: Candidate[]): void {
  for (const m of text.matchAll(HTPASSWD)) {
    const flags = m[1] ?? '';
    if (!/-[A-Za-z]*b/.test(flags)) continue;
    // With -n there is no file: user then password; otherwise file, user, password.
    const password = captured(m, /-[A-Za-z]*n/.test(flags) ? 3 : 5);
    if (password === null) continue;
    const { value, start, end } = password;
    const unquoted = /^(["'])(.*)\1$/.exec(value)?.[2];
    if (unquoted !== undefined) push(found, start + 1, end - 1, unquoted);
    else push(found, start, end, value);
  }
}

/** Samba's tools (smbclient, smbmap, rpcclient, mount's `-o user=…`): `-U [DOMAIN\]user%password`. */
const USER_PERCENT =
  /(?<=\s)(?:-U|--user(?:name)?)(?:[ \t]+|=)(["']?)[^\s%"']{1,64}%(?<secret>[^\s"']+)\1/dg;

function userPercentPasswords(text: string, found: Candidate[]): void {
  for (const m of text.matchAll(USER_PERCENT)) {
    const secret = captured(m, 'secret');
    if (secret) push(found, secret.start, secret.end, secret.value);
  }
}

/**
 * MySQL's and Oracle's `CREATE|ALTER USER … IDENTIFIED BY '…'` (quoted, or a bare word in Oracle), also
 * with its plugin named (`IDENTIFIED WITH caching_sha2_password BY '…'`).
 */
const IDENTIFIED_BY =
  /(?<!(?<!\\)\w)identified[ \t]+(?:with[ \t]+(["'`]?)[\w-]+\1[ \t]+)?by[ \t]+(?:(["'])(?<quoted>[^"'\r\n]+)\2|(?<bare>[A-Za-z0-9_#$!@%^&*+=.-]+))/dgi;

function identifiedBy(text: string, found: Candidate[]): void {
  for (const m of text.matchAll(IDENTIFIED_BY)) {
    const quoted = captured(m, 'quoted');
    const secret = quoted ?? captured(m, 'bare');
    if (secret === null) continue;
    // `IDENTIFIED BY PASSWORD '*…'` hands over a hash; `BY VALUES` and bind variables are no password.
    if (quoted === null && /^(?:password|values|random)$/i.test(secret.value)) continue;
    push(found, secret.start, secret.end, secret.value);
  }
}

/**
 * A `.pgpass` entry: five colon-separated fields, the second a port or `*`, the password last (it may
 * hold `\:`), standing alone between spaces, quotes or line breaks (a JSON-escaped one too). Clock
 * times have no letter in the first field, MAC addresses a sixth field.
 */
const PGPASS_ENTRY =
  /(?<=^|[\s"'`>]|\\n)(?:[A-Za-z0-9_.-]*[A-Za-z][A-Za-z0-9_.-]*|\*):(?:\d{1,5}|\*):[^\s:"'`\\]+:[^\s:"'`\\]+:(?<secret>(?:[^\s:"'`\\]|\\:)+?)(?=[.,;]?(?:$|[\s"'`<\\]))/dg;

/** A port (or `*`) between colons with two more fields after it: what makes the entry regex worth its walk. */
const PGPASS_FIELDS = /:(?:\d{1,5}|\*):[^\s:]+:[^\s:]+:/;

function pgpassLines(text: string, found: Candidate[]): void {
  for (const m of text.matchAll(PGPASS_ENTRY)) {
    const secret = captured(m, 'secret');
    if (secret === null || secret.value.length < 4 || /^\*+$/.test(secret.value)) continue;
    push(found, secret.start, secret.end, secret.value);
  }
}
