import { containsSecret, redact } from './redact';
import { SECRET_SAMPLES } from './secret-samples';

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
      "a JWT's header alone, the same for every token",
      'The token header eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9 is the same for every HS256 token.',
    ],
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
    ['fooapikeyfoo = "kQ7zR2wX9pLm"', 'fooapikeyfoo = "[REDACTED:secret]"'],
    ['root_pw = "kQ7zR2wX9pLm"', 'root_pw = "[REDACTED:password]"'],
    ['user.setPassword("kQ7zR2wX9p");', 'user.setPassword("[REDACTED:password]");'],
    ['user.setPassword(form.password);', 'user.setPassword(form.password);'],
    [
      'if ([password isEqualToString:@"kQ7zR2wX9p"]) {',
      'if ([password isEqualToString:@"[REDACTED:password]"]) {',
    ],
    [
      'machine ci.example.org login deploy password kQ7zR2wX9p',
      'machine ci.example.org login deploy password [REDACTED:password]',
    ],
    [
      'default login anonymous password guest@example.org',
      'default login anonymous password guest@example.org',
    ],
    ['{"credsStore": "desktop"}', '{"credsStore": "desktop"}'],
    [
      'curl -u kQ7zR2wX9pLm4Nb8Vc3D: https://api.example.com',
      'curl -u [REDACTED:cli_credential]: https://api.example.com',
    ],
    ['curl -u deploy: https://api.example.com', 'curl -u deploy: https://api.example.com'],
    ['{password, "kQ7zR2wX9pLm"}.', '{password, "[REDACTED:password]"}.'],
    ['set password "kQ7z&R2wX9pLm"', 'set password "[REDACTED:password]"'],
    ['set token "bearer"', 'set token "bearer"'],
    [
      'const token = process.env.TOKEN || "kQ7zR2wX9pLm";',
      'const token = process.env.TOKEN || "[REDACTED:secret]";',
    ],
    [
      "apiKey: settings.apiKey ?? 'missing-api-key',",
      "apiKey: settings.apiKey ?? 'missing-api-key',",
    ],
    [
      'new NetworkCredential("svc", "kQ7zR2wX9pLm")',
      'new NetworkCredential("svc", "[REDACTED:password]")',
    ],
    [
      'mysql_connect("localhost", "root", "kQ7zR2wX9pLm");',
      'mysql_connect("localhost", "root", "[REDACTED:password]");',
    ],
    ['auth = ("ci", "kQ7zR2wX9pLm")', 'auth = ("ci", "[REDACTED:password]")'],
    ['login("admin", "admin")', 'login("admin", "admin")'],
    [
      'echo -n "kQ7zR2wX9pLm" | docker login -u ci --password-stdin',
      'echo -n "[REDACTED:password]" | docker login -u ci --password-stdin',
    ],
    [
      'echo $TOKEN | docker login -u ci --password-stdin',
      'echo $TOKEN | docker login -u ci --password-stdin',
    ],
    [
      'AKIAQ2RSTUVWXYZ23456:kQ7zR2wX9pLm4Nb8Vc3Dq7zR2wX9pLm4Nb8Vc3Dx',
      '[REDACTED:aws_access_key]:[REDACTED:aws_secret_key]',
    ],
    [
      'twilio: SK0123456789abcdef0123456789abcdef:kQ7zR2wX9pLm4Nb8Vc3Dq7zR2wX9pLmT',
      'twilio: [REDACTED:twilio_api_key]:[REDACTED:twilio_auth_token]',
    ],
    [
      '> 9f2ca31be07d4c6a8b5e1f0d3c7a9b2e4f6d8c0a1b3e5f7092c4a6e8b0d2f4a6\nthat is the SoftLayer API key',
      '> [REDACTED:softlayer_key]\nthat is the SoftLayer API key',
    ],
    [
      '3fa9c21be07d4c6a8b5e1f0d3c7a9b2e is the new twilio token',
      '[REDACTED:twilio_auth_token] is the new twilio token',
    ],
    [
      'sha: 3fa9c21be07d4c6a8b5e1f0d3c7a9b2e\nbumped the twilio client in a long line of release notes here',
      'sha: 3fa9c21be07d4c6a8b5e1f0d3c7a9b2e\nbumped the twilio client in a long line of release notes here',
    ],
    [
      'softlayer_api_key: |\n  9f2ca31be07d4c6a8b5e1f0d3c7a9b2e4f6d8c0a1b3e5f7092c4a6e8b0d2f4a6',
      'softlayer_api_key: |\n  [REDACTED:softlayer_key]',
    ],
    [
      'the staging db password is SCpKd!axUW!Auv, rotate it after the demo',
      'the staging db password is [REDACTED:password], rotate it after the demo',
    ],
    [
      'the password was changed to Tq8#mLp2Wz yesterday',
      'the password was changed to [REDACTED:high_entropy] yesterday',
    ],
    ['the token is expired', 'the token is expired'],
    ['the password is JWT-based.', 'the password is JWT-based.'],
    [
      "if 'buRz%DgkYGs_xlp' == os.environ.get('ADMIN_PASSWORD'):",
      "if '[REDACTED:password]' == os.environ.get('ADMIN_PASSWORD'):",
    ],
    [
      'if os.environ.get("API_TOKEN") == "Zp2kLq8mWx4r":',
      'if os.environ.get("API_TOKEN") == "[REDACTED:secret]":',
    ],
    ['if "bearer" == scheme(token)', 'if "bearer" == scheme(token)'],
    [
      'if ("zMpNJU%ImNMSA!wx".equals(request.getHeader("X-Api-Key"))) {',
      'if ("[REDACTED:secret]".equals(request.getHeader("X-Api-Key"))) {',
    ],
    [
      "const allowed = ['nb8F6Yh4eTcXbMNUn'].includes(req.headers['x-api-key']);",
      "const allowed = ['[REDACTED:secret]'].includes(req.headers['x-api-key']);",
    ],
    [
      'return unless params[:api_key] == "MVRB11UuJcF8BBaJ7w"',
      'return unless params[:api_key] == "[REDACTED:secret]"',
    ],
    [
      'assertThat(password).isEqualTo("Qm7xT2pLw9Zk4RnB");',
      'assertThat(password).isEqualTo("[REDACTED:password]");',
    ],
    [
      'Assert.AreEqual("Qm7xT2pLw9Zk4RnB", settings.ApiKey);',
      'Assert.AreEqual("[REDACTED:secret]", settings.ApiKey);',
    ],
    [
      'if ($env:API_KEY -ne "Qm7xT2pLw9Zk4RnB") { exit 1 }',
      'if ($env:API_KEY -ne "[REDACTED:secret]") { exit 1 }',
    ],
    ['if ($password -eq "") { exit 1 }', 'if ($password -eq "") { exit 1 }'],
    [
      'switch (token) {\n  case "Qm7xT2pLw9Zk4RnB":\n    return true;\n}',
      'switch (token) {\n  case "[REDACTED:secret]":\n    return true;\n}',
    ],
    [
      'case password\nwhen "Qm7xT2pLw9Zk4RnB" then grant\nend',
      'case password\nwhen "[REDACTED:password]" then grant\nend',
    ],
    [
      'switch (tokenType) {\n  case "bearer":\n    break;\n}',
      'switch (tokenType) {\n  case "bearer":\n    break;\n}',
    ],
    [
      'rabbitmqctl add_user svc fiUSUZKdHVtEY9hOiU',
      'rabbitmqctl add_user svc [REDACTED:cli_credential]',
    ],
    [
      'SSHPASS=rjou%VC0ZeU!IVyQ sshpass -e ssh ops@bastion',
      'SSHPASS=[REDACTED:cli_credential] sshpass -e ssh ops@bastion',
    ],
    [
      'dsn := "app:n5ugj5P2Os9t8KmiTQ4@tcp(db:3306)/shop"',
      'dsn := "app:[REDACTED:connection_string]@tcp(db:3306)/shop"',
    ],
    [
      'SLACK_WEBHOOK_URL=https://hooks.slack.com/services/XXX/YYY/ZZZ',
      'SLACK_WEBHOOK_URL=https://hooks.slack.com/services/XXX/YYY/ZZZ',
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

describe("a placeholder's own words name nothing", () => {
  const digest = '8376e1d9518c4a2e7bfbf3202a2a2a2ad951d95cc4c7bf37cc1c72a2a2a6e6e1';

  it.each([
    [
      'a provider named in a placeholder opens no window on the lines after it',
      `COINBASE_ACCESS_TOKEN=${body(64)}\nsha256=${digest} took=866ms`,
      `COINBASE_ACCESS_TOKEN=[REDACTED:coinbase_token]\nsha256=${digest} took=866ms`,
    ],
    [
      'a weak word ending a placeholder names no value after it',
      `deploy [REDACTED:twilio_account_sid] ${body(24)} done`,
      `deploy [REDACTED:twilio_account_sid] ${body(24)} done`,
    ],
  ])('%s', (_, input, expected) => {
    const once = redact(input).text;

    expect(once).toBe(expected);
    expect(redact(once).text).toBe(once);
  });

  it('still judges the text glued to a secret once the secret is a placeholder', () => {
    // The first shape needs its right edge, which only the second's placeholder gives it.
    const glued = `${SECRET_SAMPLES.infracost_token}${SECRET_SAMPLES.telegram_bot_token}`;

    expect(redact(glued).text).toBe('[REDACTED:infracost_token][REDACTED:telegram_bot_token]');
  });
});
