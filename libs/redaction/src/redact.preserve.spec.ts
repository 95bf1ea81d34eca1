import { containsSecret, redact } from './redact';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const body = (n: number, offset = 3): string =>
  Array.from({ length: n }, (_, i) => ALNUM[(i * 7 + offset) % ALNUM.length]).join('');

const unchanged = (text: string): void => {
  const result = redact(text);
  expect(result.text).toBe(text);
  expect(result.findings).toEqual([]);
};

describe('redact leaves ordinary text alone', () => {
  it.each([
    [
      'a full git SHA next to the word token',
      'commit 3f2c9a1b7d4e5f60718293a4b5c6d7e8f9012345 fixed the token refresh',
    ],
    ['short SHAs', 'reverted abc1234 and 0a1b2c3d4e5f in the secret rotation branch'],
    [
      'a UUID next to the word secret',
      'secret rotation for tenant 123e4567-e89b-42d3-a456-426614174000 finished',
    ],
    [
      'a sha256 digest',
      'sha256: 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08 (password file checksum)',
    ],
    [
      'a docker digest',
      'image@sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
    ],
    [
      'prose about auth',
      'The auth module handles the password reset flow via short-lived tokens.\nBearer tokens are used.',
    ],
    [
      'code that reads a token',
      'const token = await getToken(req);\nconst secret = config.secret;\nreturn { token, secret };',
    ],
    ['type declarations', 'interface Login {\n  password: string;\n  token?: AccessToken;\n}'],
    [
      'python kwargs and env lookups',
      'password = os.environ["DB_PASSWORD"]\nconnect(password=password)',
    ],
    ['token counters', '{"max_tokens": 4096, "usage": {"input_tokens": 12, "output_tokens": 981}}'],
    ['the shell working directory', 'PWD=/home/me/project\nOLDPWD=/home/me'],
    ['keys that only look like secret words', 'author: "Jane"\nmonkey = banana\nkeyboard: qwerty'],
    [
      'references instead of values',
      'password: ${DB_PASSWORD}\ntoken=$GITHUB_TOKEN\nsecret: "{{ vault.secret }}"\napi_key: <your-api-key>',
    ],
    [
      'URLs without credentials',
      'https://example.com:8080/path?q=1 and git@github.com:org/repo.git and ssh://git@host/x',
    ],
    [
      'file paths near secret words',
      'edit src/auth/refreshTokenHandler2.ts and secrets/manager-v2.config.json',
    ],
    ['empty values', 'password=\ntoken: ""\nsecret: \'\''],
    ['comparisons', 'if (password == "x") return; while (token != null) {}'],
    ['unicode prose', 'Café résumé — naïve façade: 東京 パスワード 🙂'],
    ['an empty string', ''],
  ])('keeps %s byte for byte', (_label, text) => unchanged(text));

  it('never re-matches placeholders already in the text', () => {
    unchanged(
      'token = "[REDACTED:github_token]"\npassword=[REDACTED:password]\nBearer [REDACTED:bearer_token]',
    );
  });

  it('says whether text contains a secret', () => {
    expect(containsSecret('nothing to see here')).toBe(false);
    expect(containsSecret(`key ghp_${body(36)}`)).toBe(true);
  });
});

describe('redact keeps the key and replaces only the value', () => {
  it.each([
    ['password=hunter2', 'password=[REDACTED:password]'],
    ['password: hunter2', 'password: [REDACTED:password]'],
    ['"password": "hunter2"', '"password": "[REDACTED:password]"'],
    ["password='hunter2'", "password='[REDACTED:password]'"],
    ['db_passwd := "x9y8z7"', 'db_passwd := "[REDACTED:password]"'],
    ['mysql --password s3cretpw --user root', 'mysql --password [REDACTED:password] --user root'],
    ['curl --token=abc123xyz https://x', 'curl --token=[REDACTED:secret] https://x'],
    ['export API_TOKEN="abc def ghi"', 'export API_TOKEN="[REDACTED:secret]"'],
    ['DB_PASSWORD=correcthorse # prod', 'DB_PASSWORD=[REDACTED:password] # prod'],
    [
      'db:\n  password: correcthorse\n  user: app',
      'db:\n  password: [REDACTED:password]\n  user: app',
    ],
    ['client_secret: "abcDEF123"', 'client_secret: "[REDACTED:secret]"'],
    ['{"apiKey": "k-123"}', '{"apiKey": "[REDACTED:secret]"}'],
    ['X-Api-Key: a1b2c3', 'X-Api-Key: [REDACTED:secret]'],
    ['{\\"password\\": \\"hunter2\\"}', '{\\"password\\": \\"[REDACTED:password]\\"}'],
    ['GET /v1?access_token=abc123&page=2', 'GET /v1?access_token=[REDACTED:secret]&page=2'],
    ['"private_key": "not a pem but still secret"', '"private_key": "[REDACTED:secret]"'],
    [
      'credentials = {"user": "a"}; auth_token: "t0k3n"',
      'credentials = {"user": "a"}; auth_token: "[REDACTED:secret]"',
    ],
    [
      "CREATE USER 'app'@'%' IDENTIFIED BY 'kQ7zR2wX9p';",
      "CREATE USER 'app'@'%' IDENTIFIED BY '[REDACTED:cli_credential]';",
    ],
    ['db:5432:app:app_user:kQ7zR2wX9p', 'db:5432:app:app_user:[REDACTED:cli_credential]'],
    [
      'htpasswd -b /etc/nginx/.htpasswd admin kQ7zR2wX9p',
      'htpasswd -b /etc/nginx/.htpasswd admin [REDACTED:cli_credential]',
    ],
    [
      'smbclient //nas/share -U backup%kQ7zR2wX9p',
      'smbclient //nas/share -U backup%[REDACTED:cli_credential]',
    ],
    [
      'Authorization: Token token="kQ7zR2wX9pL4mN8vB3cD"',
      'Authorization: Token token="[REDACTED:secret]"',
    ],
    ['Authorization: Token token="$API_TOKEN"', 'Authorization: Token token="$API_TOKEN"'],
    [
      'Cookie: theme=dark; sessionid=kq7zr2wx9pl4mn8vb3cd; lang=en',
      'Cookie: theme=dark; sessionid=[REDACTED:secret]; lang=en',
    ],
    ['Cookie: theme=dark; lang=en', 'Cookie: theme=dark; lang=en'],
    ['PGPASSWORD=kQ7zR2wX9p psql -h db -U app', 'PGPASSWORD=[REDACTED:password] psql -h db -U app'],
    ['PASSPHRASE=correct horse battery', 'PASSPHRASE=[REDACTED:password]'],
    [
      'redis-cli -u redis://default:kQ7zR2wX9p@cache:6379 ping',
      'redis-cli -u redis://default:[REDACTED:connection_string]@cache:6379 ping',
    ],
  ])('%j', (input, expected) => {
    expect(redact(input).text).toBe(expected);
  });

  it('reports findings at their offsets in the original text, with no secret inside', () => {
    const input = 'a password=hunter2 b';

    const { findings } = redact(input);

    expect(findings).toEqual([{ kind: 'password', start: 11, end: 18 }]);
    expect(JSON.stringify(findings)).not.toContain('hunter2');
  });

  it('redacts the value of a hex id when a secret-naming key is its assignment key', () => {
    const sha = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';

    expect(redact(`SECRET_KEY=${sha}`).text).toBe('SECRET_KEY=[REDACTED:secret]');
  });

  it('names an assignment by the provider shape of its value', () => {
    expect(redact(`GITHUB_TOKEN=ghp_${body(36)}`).text).toBe(
      'GITHUB_TOKEN=[REDACTED:github_token]',
    );
  });
});
