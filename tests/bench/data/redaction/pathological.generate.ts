/** Inputs built to make a careless regex backtrack, about `n` characters each: label and text. */
export function pathologicalInputs(n: number): Array<[string, string]> {
  return [
    ['word characters', 'a'.repeat(n)],
    ['base64-ish runs', `${'Ab3'.repeat(20)}xy+/`.repeat(n / 64)],
    ['PEM headers without an END', '-----BEGIN RSA PRIVATE KEY-----\n'.repeat(n / 32)],
    ['URL schemes without hosts', 'a://'.repeat(n / 4)],
    ['secret words without values', 'password token secret auth '.repeat(n / 27)],
    ['assignments without values', 'password=&'.repeat(n / 10)],
    ['quotes that never close', `password="${'x'.repeat(n)}`],
    ['token prefixes', 'sk-ghp_xoxb-AKIAeyJ'.repeat(n / 19)],
    ['discord-like dots', `M${'a'.repeat(30)}.`.repeat(n / 32)],
    ['telegram-like digits', '1234567890:A'.repeat(n / 12)],
    ['provider names', 'twilio heroku aws snyk sumo '.repeat(n / 28)],
    ['Q~ markers', '1Q~'.repeat(n / 3)],
    ['escaped newlines', '\\n'.repeat(n / 2)],
    ['code full of secret words', 'const token = tokens[i]; // [x]\n'.repeat(n / 32)],
    ['cookie flags on one line', 'curl -b curl -b '.repeat(n / 16)],
    ['one header of many cookies', `Cookie: ${'sid;'.repeat(n / 4)}`],
    ['htpasswd flags', 'htpasswd -b -b -b '.repeat(n / 18)],
    ['samba users without a password', 'smbclient -U a% '.repeat(n / 16)],
    ['IDENTIFIED BY without a value', 'IDENTIFIED BY '.repeat(n / 14)],
    ['pgpass fields on one line', 'h:5432:d:u:'.repeat(n / 11)],
    ['one-command values', `PASSWORD=x${' a'.repeat(n / 2)}`],
    ['ACL users without a password', 'ACL SETUSER a on '.repeat(n / 17)],
    ['Windows users without a password', 'net use /user:a '.repeat(n / 16)],
    ['client names without a password', 'mysqladmin lftp -u a '.repeat(n / 21)],
  ];
}
