import { isExampleValue } from './example-values';
import { redact } from './redact';

// Fake bodies built here: (i*7+3) mod n walks the alphabet, so each mixes upper, lower and digits.
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const body = (n: number, offset = 3): string =>
  Array.from({ length: n }, (_, i) => ALNUM[(i * 7 + offset) % ALNUM.length]).join('');

describe('documented examples and stand-in words', () => {
  it.each([
    ['aws_access_key_id = AKIAIOSFODNN7EXAMPLE'],
    ['aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY'],
    ['GITHUB_TOKEN=ghp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX'],
    ['OPENAI_API_KEY=sk-proj-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'],
    ['API_KEY=0000000000000000000000000000000000000000'],
    ['password = "[PASSWORD]"'],
    ['curl -u user:pass https://example.com'],
    ['git clone https://username:token@github.com/org/repo.git'],
    ['postgres://user:password@localhost:5432/app'],
    ['password = "your-password-here"'],
    ['api_key: YOUR_API_KEY'],
    ['DB_PASSWORD=mysecretpassword'],
    ['Authorization: Basic'],
    ['api_key = "sk-...a1b2"'],
    ['password: "P@ssw0rd!"'],
    ['token=username:token'],
    ['SLACK_WEBHOOK=https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX'],
    ['password: @@DB_PASSWORD@@'],
    ['api_key: ANTHROPIC_API_KEY'],
    ['apikey: 0123456789abcdef0123456789abcdef'],
    ['Authorization: Basic dXNlcm5hbWU6cGFzc3dvcmQ='],
    ['"private_key": "-----BEGIN PRIVATE KEY-----\\n...\\n-----END PRIVATE KEY-----\\n"'],
    ['NPM_TOKEN=npm_<paste-token>'],
    ['export OPENAI_API_KEY=sk-proj-YOUR_KEY_HERE'],
    ['DISCORD_TOKEN: xoxp-your-user-token'],
    ['deploy_token = glpat-9x2k'],
    ['"access_token": "eyJ0eXAiOi…"'],
    ['api_key: "sk-ant-%%%%&&&&****!!!!"'],
    ['api key looks like key-0123456789abcdef0123456789abcdef'],
  ])('keeps %j as written and counts it', (text) => {
    const result = redact(text);
    expect(result.text).toBe(text);
    expect(result.examples).toBeGreaterThan(0);
  });

  it('still redacts a random secret that merely holds the word EXAMPLE', () => {
    const secret = `${body(12)}EXAMPLE${body(21, 9)}`;
    const out = redact(`aws_secret_access_key = ${secret}`).text;
    expect(out).toBe('aws_secret_access_key = [REDACTED:aws_secret_key]');
  });

  it('still redacts a provider key of low entropy: the prefix makes it a secret', () => {
    const key = `sk-proj-${'a'.repeat(40)}`;
    expect(redact(`OPENAI_API_KEY=${key}`).text).not.toContain(key);
    expect(redact(`token: ghp_${'A'.repeat(36)}`).text).toBe('token: [REDACTED:github_token]');
    const cycled = `sk-proj-${'abc'.repeat(16)}`;
    expect(redact(`found ${cycled} in the logs`).text).toBe(
      'found [REDACTED:openai_key] in the logs',
    );
  });

  it('counts nothing in text without examples', () => {
    expect(redact(`DB_PASSWORD=${body(20)}`).examples).toBe(0);
    expect(redact('nothing to see here').examples).toBe(0);
  });

  it.each([
    ['AKIAIOSFODNN7EXAMPLE', true],
    ['sk_test_EXAMPLE', true],
    ['my-example-token', true],
    ['xxxx-xxxx-xxxx-xxxx', true],
    ['********', true],
    ['{token}', true],
    ['changeme', true],
    [`${body(10)}EXAMPLE${body(10)}`, false],
    ['hunter22', false],
    ['letmein', false],
    [`xoxb-111111111111-222222222222-${'b'.repeat(24)}`, false],
    [body(32), false],
    [`${body(40)} and curl https://api.example.com/v1`, false],
    [`${body(16)}.example.com`, false],
    [`sk-${body(8)}...${body(40)}`, false],
    [`P@${body(12)}!`, false],
    [btoa(`deploy:${body(20)}`), false],
    [`${body(16)}${body(16)}`, false],
  ])('isExampleValue(%j) is %s', (value, expected) => {
    expect(isExampleValue(value)).toBe(expected);
  });
});

describe('secret shapes in code', () => {
  const secret = body(24);
  it.each([
    [`if (password == "${secret}") {`, `if (password == "[REDACTED:password]") {`],
    [`if ("${secret}" !== secret) throw e;`, `if ("[REDACTED:secret]" !== secret) throw e;`],
    [`secret.assign("${secret}");`, `secret.assign("[REDACTED:secret]");`],
    [`std::string secret("${secret}");`, `std::string secret("[REDACTED:secret]");`],
    [`char password[25] = "${secret}";`, `char password[25] = "[REDACTED:password]";`],
    [`strcmp(passwd, "${secret}")`, `strcmp(passwd, "[REDACTED:password]")`],
    [`var sonarToken string = "${secret}"`, `var sonarToken string = "[REDACTED:secret]"`],
    [`db_password: str = "${secret}"`, `db_password: str = "[REDACTED:password]"`],
    [`#define API_SECRET "${secret}"`, `#define API_SECRET "[REDACTED:secret]"`],
    [`<apiToken>${secret}</apiToken>`, `<apiToken>[REDACTED:secret]</apiToken>`],
    [`<token kind="ci">${secret}</token>`, `<token kind="ci">[REDACTED:secret]</token>`],
    [`x = "${body(48, 5)}"`, `x = "[REDACTED:high_entropy]"`],
    [`if [ "$PASSWORD" = "${secret}" ]`, `if [ "$PASSWORD" = "[REDACTED:password]" ]`],
    [`std::string password{"${secret}"};`, `std::string password{"[REDACTED:password]"};`],
    [`wchar_t secret[] = L"${secret}";`, `wchar_t secret[] = L"[REDACTED:secret]";`],
    [`if (!strcmp("${secret}", passwd))`, `if (!strcmp("[REDACTED:password]", passwd))`],
    [`expect(api_token).to eq("${secret}")`, `expect(api_token).to eq("[REDACTED:secret]")`],
    [`password.eql?("${secret}")`, `password.eql?("[REDACTED:password]")`],
    [`Dim password As String = "${secret}"`, `Dim password As String = "[REDACTED:password]"`],
    [`<ns:password>${secret}</ns:password>`, `<ns:password>[REDACTED:password]</ns:password>`],
    [`<authKey>\n  ${secret}\n</authKey>`, `<authKey>\n  [REDACTED:secret]\n</authKey>`],
    [
      `<name>fs.s3a.secret.key</name><value>${secret}</value>`,
      `<name>fs.s3a.secret.key</name><value>[REDACTED:secret]</value>`,
    ],
    [
      `curl -u {ops}:{${secret}} https://x.io`,
      `curl -u {ops}:{[REDACTED:cli_credential]} https://x.io`,
    ],
    [
      `curl -u "ops":"${secret}" https://x.io`,
      `curl -u "ops":"[REDACTED:cli_credential]" https://x.io`,
    ],
    [`SONAR_LOGIN=${secret}`, `SONAR_LOGIN=[REDACTED:secret]`],
    [`<oktaKey>${secret}</oktaKey>`, `<oktaKey>[REDACTED:secret]</oktaKey>`],
    [
      `var twilioSid string = "${secret.toLowerCase()}"`,
      `var twilioSid string = "[REDACTED:secret]"`,
    ],
    [
      `internal string ApiToken { get; private set; } = "${secret}";`,
      `internal string ApiToken { get; private set; } = "[REDACTED:secret]";`,
    ],
    [
      `$DbPassword = ConvertTo-SecureString -String "${secret}" -AsPlainText -Force`,
      `$DbPassword = ConvertTo-SecureString -String "[REDACTED:cli_credential]" -AsPlainText -Force`,
    ],
    [`static final String PWD = "${secret}";`, `static final String PWD = "[REDACTED:password]";`],
    [
      `curl -sSu ops:${secret} https://x.io`,
      `curl -sSu ops:[REDACTED:cli_credential] https://x.io`,
    ],
    [
      `jdbc:postgresql://db:5432/app;user=ops;password=a7Kq2m9X.${secret};`,
      `jdbc:postgresql://db:5432/app;user=ops;password=[REDACTED:connection_string];`,
    ],
    [`DB_PASSWORD=a7Kq2m9X.${secret}`, `DB_PASSWORD=[REDACTED:password]`],
    [
      `+STORAGE_ACCOUNT_KEY=${secret}==\n DEBUG=1`,
      `+STORAGE_ACCOUNT_KEY=[REDACTED:secret]\n DEBUG=1`,
    ],
  ])('redacts only the value in %j', (text, expected) => {
    expect(redact(text).text).toBe(expected);
  });

  it.each([
    ['if (password == "") return;'],
    ['if (password == "x") return;'],
    ['secret.assign(buffer.data(), buffer.size());'],
    ['std::string secret(argv[2]);'],
    ['var authToken: String? = nil'],
    ['val apiKey: String = BuildConfig.API_KEY'],
    ['<deployToken>${DEPLOY_TOKEN}</deployToken>'],
    ['token = "<token>"'],
    ['{"sha": "4f9c2e1b7a3d8e6f0c5b9a2d7e1f3c8b6a4d0e2f"}'],
    ['{"id":"msg_01XFDUDYJgAACzvnptvVoYEL"}'],
    ['"0123456789abcdef0123456789abcdef"'],
    ['the file starts with -----BEGIN PRIVATE KEY----- and ends with its END line'],
    ['if [ "$PASSWORD" = "" ]; then exit 1; fi'],
    ['expect(api_token).to eq(nil)'],
    ['<passwordEncoder>bcrypt</passwordEncoder>'],
    ['password: !Ref DatabasePassword'],
    ["if (token === 'yesterday' || token === 'today') {"],
    ["apiKey: settings.apiKey ?? 'missing-api-key',"],
    ['  secretKey: string | null;'],
    ["export type Auth = 'account' | 'admin' | 'none';"],
    ["migration = 'RotateSecretsByAccount1765100000000'"],
    ['sort_key: created_at_desc_v2'],
    [`api_key: ENC[AES256_GCM,data:${body(40)},iv:${body(43, 7)},type:str]`],
    ['TOKEN=`cat /var/run/secrets/kubernetes.io/serviceaccount/token`'],
    ['public string Token { get; set; }'],
    ['const PWD = process.cwd();'],
    ['PWD=/home/dev/project'],
    ['storage_key: uploads/2024/avatar.png'],
    ['tar -xzu backup:snapshot-2024.tar'],
    ['password = settings.database.password'],
  ])('leaves %j alone', (text) => {
    expect(redact(text).text).toBe(text);
  });
});
