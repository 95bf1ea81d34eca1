import { isReference } from './references';
import { type Candidate, RANK_ASSIGNMENT } from './secret-kind';
import { findKeywords, hasCommand, type KeywordHits } from './text-keywords';

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
  // Redis's `ACL SETUSER name on >password`
  {
    guard: ['setuser'],
    pattern: /(?<!(?<!\\)\w)ACL[ \t]+SETUSER[ \t]+\S+[^\n>]{0,200}?[ \t]>(?<secret>\S+)/dgi,
  },
];

function passwordsOf(pattern: RegExp, text: string, found: Candidate[]): void {
  for (const m of text.matchAll(pattern)) {
    const [start, end] = m.indices!.groups!.secret;
    push(found, start, end, m.groups!.secret);
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
    const flags = m[1];
    if (!/-[A-Za-z]*b/.test(flags)) continue;
    // With -n there is no file: user then password; otherwise file, user, password.
    const group = /-[A-Za-z]*n/.test(flags) ? 3 : 5;
    const value = m[group];
    if (value === undefined) continue;
    const unquoted = /^(["'])(.*)\1$/.exec(value);
    const [start, end] = m.indices![group]!;
    if (unquoted) push(found, start + 1, end - 1, unquoted[2]);
    else push(found, start, end, value);
  }
}

/** Samba's tools (smbclient, smbmap, rpcclient, mount's `-o user=…`): `-U [DOMAIN\]user%password`. */
const USER_PERCENT =
  /(?<=\s)(?:-U|--user(?:name)?)(?:[ \t]+|=)(["']?)[^\s%"']{1,64}%(?<secret>[^\s"']+)\1/dg;

function userPercentPasswords(text: string, found: Candidate[]): void {
  for (const m of text.matchAll(USER_PERCENT)) {
    const [start, end] = m.indices!.groups!.secret;
    push(found, start, end, m.groups!.secret);
  }
}

/** MySQL's and Oracle's `CREATE|ALTER USER … IDENTIFIED BY '…'` (quoted, or a bare word in Oracle). */
const IDENTIFIED_BY =
  /(?<!(?<!\\)\w)identified[ \t]+by[ \t]+(?:(["'])(?<quoted>[^"'\r\n]+)\1|(?<bare>[A-Za-z0-9_#$!@%^&*+=.-]+))/dgi;

function identifiedBy(text: string, found: Candidate[]): void {
  for (const m of text.matchAll(IDENTIFIED_BY)) {
    const name = m.groups!.quoted === undefined ? 'bare' : 'quoted';
    const value = m.groups![name];
    // `IDENTIFIED BY PASSWORD '*…'` hands over a hash; `BY VALUES` and bind variables are no password.
    if (name === 'bare' && /^(?:password|values|random)$/i.test(value)) continue;
    const [start, end] = m.indices!.groups![name];
    push(found, start, end, value);
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
    const value = m.groups!.secret;
    if (value.length < 4 || /^\*+$/.test(value)) continue;
    const [start, end] = m.indices!.groups!.secret;
    push(found, start, end, value);
  }
}
