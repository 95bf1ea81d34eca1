/**
 * A second scanner-style dev split, written by the rule writers themselves (so it is dev, never a
 * check of generalisation): samples in the two scanner test styles the redaction bench scores
 * (docs/redaction.md). `rule/…`: one provider's positives and close negatives side by side.
 * `plugin/…`: one detector (a secret word, a provider prefix, a JWT, a PEM block, a URL's or
 * `curl -u`'s password, a random blob) tried across many syntaxes. Values come from a seed through
 * the same templates as the corpus (`{a36}`: 36 letters and digits; ⟦…⟧ marks the part that must
 * not survive; an unmarked positive is secret whole). A negative's text must come back unchanged.
 */
import { expandTemplate, seededDraw } from '@mnemo/redaction';
import type { CorpusSample } from './corpus.generate';

const SEED = 'mnemo-redaction-rule-writer-dev-v1';

/** The syntaxes a secret word's value is tried in; § is the value. */
const KEYWORD_SYNTAXES: readonly string[] = [
  'db_password = "§"',
  'PASSWORD: str = "§"',
  'conn = psycopg2.connect(host="db", user="app", password="§")',
  'if password == "§":\n    grant()',
  "const dbPassword = '§';",
  'let apiToken = `§`;',
  'if ("§" === secret) {\n  ok();\n}',
  'config.clientSecret = "§";',
  'private readonly apiSecret: string = "§";',
  'var sonarToken string = "§"',
  'authToken := "§"',
  'if password != "§" {\n\treturn errAuth\n}',
  'private static final String DB_PASSWORD = "§";',
  'if (password.equals("§")) {',
  'props.setProperty("password", "§");',
  'string secretKey = "§";',
  'public const string ApiToken = "§";',
  'char password[25] = "§";',
  'std::string secret("§");',
  'const char *api_key = "§";',
  '#define API_TOKEN "§"',
  'secret.assign("§");',
  'strcpy(passwd, "§");',
  "PASSWORD = '§'",
  'config.secret_key_base = "§"',
  "$password = '§';",
  "define('DB_PASSWORD', '§');",
  "'password' => '§',",
  'let token: &str = "§";',
  'const API_KEY: &str = "§";',
  'val apiSecret = "§"',
  'private const val AUTH_TOKEN = "§"',
  'static let clientSecret: String = "§"',
  'export API_TOKEN=§',
  "PGPASSWORD='§' psql -h db -U app",
  '$env:API_TOKEN = "§"',
  'API_TOKEN ?= §',
  'DB_PASSWORD := §',
  'SECRET ::= §',
  'export AUTH_TOKEN := §',
  'password: §',
  '  apiToken: "§"',
  'env:\n  - name: DB_PASSWORD\n    value: "§"',
  '{"client_secret": "§", "grant_type": "client_credentials"}',
  '<password>§</password>',
  '<add key="ApiToken" value="§" />',
  '<deployToken>§</deployToken>',
  '<property name="password" value="§"/>',
  '[database]\npassword = §',
  'SECRET_KEY=§',
  'token = "§"',
  'resource "db" "main" {\n  password = "§"\n}',
  "ALTER USER app WITH PASSWORD '§';",
  'ENV API_TOKEN=§',
  "'§' == password",
  "password === '§'",
  'assertEquals("§", token);',
  'expect(secret).toBe("§");',
  'if [ "$PASSWORD" = "§" ]; then',
  'login("admin", password="§")',
  'user.setPassword("§");',
  'client.set_token("§")',
  'Password: §',
  'passwd §',
  'auth_token=§&user=42',
  'mysql -u root -p§ app',
  'secret = %q(§)',
  'my $password = "§";',
  'local token = "§"',
  'set password "§"',
  'password <- "§"',
  'String password = new String("§");',
  'token = token or "§"',
  'creds = {"user": "ci", "pass": "§"}',
  'dsn: "host=db user=app password=§ sslmode=require"',
  'fooapikeyfoo = "§"',
  'NSString *fooapikeyfoo = @"§";',
  'mypasswordforstuff = "§"',
  'if ([password isEqualToString:@"§"]) {',
  'machine ci.example.org login deploy password §',
  'root_pw = "§"',
  'smtpPsw: "§"',
  'db_creds = "§"',
  'client.SetApiKey("§")',
  '{password, "§"}.',
  'const token = process.env.API_TOKEN || "§";',
  'new NetworkCredential("svc", "§")',
  'DriverManager.getConnection(url, "app", "§");',
  'requests.get(url, auth=("ci", "§"))',
  'echo "§" | docker login -u ci --password-stdin',
];

/** Values a secret word's site holds that no one would call a secret: kept whole. */
const KEYWORD_NEGATIVES: readonly string[] = [
  'password = os.environ["DB_PASSWORD"]',
  'password = getpass.getpass()',
  'const token = process.env.API_TOKEN;',
  'if password == "":\n    raise ValueError',
  'if (password == null) return;',
  'password: ${DB_PASSWORD}',
  'password: <your-password>',
  'API_TOKEN ?= $(shell cat .token)',
  'DB_PASSWORD := $(DB_PASSWORD)',
  '<password></password>',
  '<password>${env.DB_PASSWORD}</password>',
  'token_type = "bearer"',
  'password_min_length = 12',
  'secret = self.secret',
  'token = get_token(session)',
  'var sonarToken string = os.Getenv("SONAR_TOKEN")',
  'std::string secret(argv[1]);',
  'char password[64] = {0};',
  'password: "********"',
  'api_key = "YOUR_API_KEY"',
  'token: xxxxxxxxxxxxxxxxxxxx',
  'password = "changeme"',
  'secret: [PASSWORD]',
  'PASSWORD = None',
  'user.setPassword(form.password);',
  'if (token.equals(expected)) {',
  'export API_TOKEN=$API_TOKEN',
  'const secretName = "prod/db/password";',
  'password_file: /run/secrets/db_password',
  'if [ -z "$PASSWORD" ]; then',
  '{"credsStore": "desktop"}',
  'default login anonymous password guest@example.org',
  'user.setPassword(form.password);',
  'machine ci.example.org login deploy password $NETRC_PASSWORD',
  'mypasswordforstuff = os.environ["PW"]',
  "apiKey: settings.apiKey ?? 'missing-api-key',",
  'login("admin", "admin")',
  'echo $TOKEN | docker login -u ci --password-stdin',
];

/** Where a bare provider token is tried; § is the token. */
const TOKEN_SYNTAXES: readonly string[] = [
  '§',
  'key = "§"',
  "client = Client('§')",
  'curl -H "Authorization: Bearer §" https://api.example.net/v1/me',
  '<apiKey>§</apiKey>',
  'var accessKey string = "§"',
  'KEY ?= §',
  'creds:\n\tkey: §',
  '{"key": "§"}',
  'if (key == "§") {',
  'const X_LOGIN = "§";',
  "  - '§'",
  'here is the key: § (rotate after)',
  'echo § | docker login --password-stdin',
  'Authorization: token §',
];

/** Provider families: positives (⟦⟧ marks the secret part) and close negatives, side by side. */
const PROVIDERS: Readonly<Record<string, { pos: readonly string[]; neg: readonly string[] }>> = {
  openai: {
    pos: ['sk-proj-{w20}T3BlbkFJ{w20}', 'sk-{a20}T3BlbkFJ{a20}', 'sk-svcacct-{w40}T3BlbkFJ{w20}'],
    neg: ['sk-proj-xxxxxxxxxxxxxxxxxxxxxxxx', 'sk-...', 'sk-<your-key>'],
  },
  'low-entropy-prefixed': {
    pos: [
      'sk-proj-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
      'ghp_abababababababababababababababababab',
      'glpat-qqqqqqqqqqqqqqqqqqqq',
      'xoxb-1111111111-2222222222222-aaaaaaaaaaaaaaaaaaaaaaaa',
      'sk_live_zzzzzzzzzzzzzzzzzzzzzzzz',
      'npm_bcbcbcbcbcbcbcbcbcbcbcbcbcbcbcbcbcbc',
    ],
    neg: [
      'ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
      'sk_live_000000000000000000000000',
      'glpat-XXXXXXXXXXXXXXXXXXXX',
    ],
  },
  github: {
    pos: [
      'ghp_{a36}',
      'gho_{a36}',
      'ghu_{a36}',
      'ghs_{a36}',
      'ghr_{a36}',
      'github_pat_11{u21}_{a59}',
    ],
    neg: ['ghp_<token>', 'ghp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX', 'github_pat_...'],
  },
  gitlab: {
    pos: ['glpat-{w20}', 'glptt-{h40}', 'gldt-{w20}', 'glrt-{w20}', 'GR1348941{w20}'],
    neg: ['glpat-xxxxxxxxxxxxxxxxxxxx', 'glpat-<token>'],
  },
  slack: {
    pos: [
      'xoxb-{d11}-{d13}-{a24}',
      'xoxp-{d11}-{d11}-{d13}-{h32}',
      'xapp-1-A{u10}-{d13}-{h64}',
      'https://hooks.slack.com/services/T{u8}/B{u10}/{a24}',
    ],
    neg: [
      'xoxb-your-token-here',
      'https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX',
    ],
  },
  stripe: {
    pos: ['sk_live_{a24}', 'rk_live_{a24}', 'sk_test_{a24}', 'whsec_{a32}'],
    neg: ['pk_live_{a24}', 'sk_live_...', 'sk_test_xxxxxxxxxxxxxxxxxxxxxxxx'],
  },
  anthropic: {
    pos: ['sk-ant-api03-{w93}AA', 'sk-ant-admin01-{w93}AA'],
    neg: ['sk-ant-api03-...', 'sk-ant-xxxxxxxx'],
  },
  'google-api-key': {
    pos: ['AIza{w35}'],
    neg: ['AIzaSyXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX', 'AIza...'],
  },
  twilio: {
    pos: ['SK{h32}', 'AC{h32}'],
    neg: ['SKxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'ACXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX'],
  },
  sendgrid: {
    pos: ['SG.{w22}.{w43}'],
    neg: ['SG.xxxxxxxxxxxxxxxxxxxxxx.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'],
  },
  mailgun: {
    pos: ['key-{h32}', '{h32}-{h8}-{h8}'],
    neg: ['key-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'],
  },
  npm: {
    pos: ['npm_{a36}'],
    neg: ['npm_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX'],
  },
  artifactory: {
    pos: ['AKCp{a69}', 'AP{d1}{a30}', 'cmVmdGtu{a56}'],
    neg: ['AKCpXXXXXXXXXXXX'],
  },
  'aws-access-key': {
    pos: ['AKIA{v16}', 'ASIA{v16}', 'AGPA{v16}', 'AROA{v16}'],
    neg: ['AKIAIOSFODNN7EXAMPLE', 'AKIAXXXXXXXXXXXXXXXX'],
  },
  more: {
    pos: [
      'dop_v1_{h64}',
      'shpat_{h32}',
      'shpss_{h32}',
      'dp.st.prd.{a43}',
      'pypi-AgEIcHlwaS5vcmc{w70}',
      'NRAK-{u27}',
      'sq0atp-{w22}',
      'sq0csp-{w43}',
      'access_token$production${l16}${h32}',
      'PMAK-{h24}-{h34}',
      'lin_api_{a40}',
      'dapi{h32}',
      'glc_{a56}',
      'glsa_{a32}_{h8}',
      'hvs.{w90}',
      'AGE-SECRET-KEY-1{u58}',
      'pul-{h40}',
      'nfp_{a36}',
      'sbp_{h40}',
      'pscale_tkn_{w43}',
      'rubygems_{h48}',
      'dckr_pat_{w27}',
      'dt0c01.{u24}.{u64}',
      'LTAI{a20}',
      'hf_{a34}',
      'r8_{a37}',
      'gsk_{a52}',
      'pplx-{a48}',
      'xai-{a80}',
      'ATATT3xFfGF0{w180}',
      'sntrys_{a60}',
      'fo1_{w43}',
      'EAACEdEose0cBA{a80}',
      'ya29.{w60}',
      '1//0{w60}',
      '{a14}.atlasv1.{a67}',
      'tfp_{a40}',
      'ops_{a43}',
      'rnd_{a32}',
      'cfat_{a40}',
      'AccountKey=⟦{b86}==⟧',
      'SharedAccessSignature sr=https%3a%2f%2fns.servicebus.windows.net&sig=⟦{a43}%3D⟧&se=1800000000&skn=RootManageSharedAccessKey',
      'https://discord.com/api/webhooks/{d18}/⟦{w68}⟧',
      '{d10}:AA{w33}',
      'M{a23}.G{w5}.{w38}',
      'mfa.{w84}',
    ],
    neg: ['dop_v1_<token>', 'hf_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'pypi-...'],
  },
};

/** Whole-sample positives and negatives in shapes the issue names: each line its own sample. */
const SHAPES: readonly { text: string; secret: boolean }[] = [
  // A JWT, signed and unsigned, and Basic auth of a JWT.
  { text: 'Authorization: Bearer ⟦eyJhbGciOiJIUzI1NiJ9.eyJ{w60}.{w43}⟧', secret: true },
  { text: 'token = "⟦eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJ{w60}.⟧"', secret: true },
  { text: 'jwt: ⟦eyJ0eXAiOiJKV1QiLCJhbGciOiJub25lIn0.eyJ{w80}⟧', secret: true },
  {
    text: 'curl -H "X-Auth: ⟦eyJhbGciOiJSUzI1NiIsImtpZCI6IjEifQ.eyJ{w90}.{w86}⟧" https://h.example.org',
    secret: true,
  },
  { text: '<jwt>⟦eyJhbGciOiJIUzI1NiJ9.eyJ{w40}.{w43}⟧</jwt>', secret: true },
  // PEM with and without its footer, escaped, indented.
  { text: '⟦-----BEGIN RSA PRIVATE KEY-----\nMIIE{b60}\n{b64}\n{b64}⟧', secret: true },
  {
    text: 'key: "⟦-----BEGIN PRIVATE KEY-----\\nMIIE{b60}\\n{b64}\\n-----END PRIVATE KEY-----⟧"',
    secret: true,
  },
  {
    text: 'ssh_key: |\n  ⟦-----BEGIN OPENSSH PRIVATE KEY-----\n  b3Bl{b60}\n  {b64}\n  -----END OPENSSH PRIVATE KEY-----⟧',
    secret: true,
  },
  {
    text: '⟦-----BEGIN EC PRIVATE KEY-----\nMHcC{b60}\n-----END EC PRIVATE KEY-----⟧',
    secret: true,
  },
  { text: '⟦-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nlQ{b62}\n{b64}⟧', secret: true },
  // curl -u forms.
  { text: 'curl -u admin:⟦{a16}⟧ https://h.example.org/api', secret: true },
  { text: 'curl -u ":⟦{a20}⟧" https://h.example.org/api', secret: true },
  { text: 'curl -u "deploy:⟦{a18}⟧" https://h.example.org/api', secret: true },
  { text: 'curl --user ci:⟦{a14}⟧ https://h.example.org/api', secret: true },
  { text: 'curl -u ${USER}:⟦{a18}⟧ https://h.example.org', secret: true },
  { text: "curl -u 'svc:⟦{a22}⟧' -X POST https://h.example.org", secret: true },
  { text: 'curl -u {USER}:{PASSWORD} https://h.example.org', secret: false },
  { text: 'curl -u user:pass https://h.example.org', secret: false },
  { text: 'curl -u $USER:$TOKEN https://h.example.org', secret: false },
  // .npmrc, docker config, URLs.
  { text: '//registry.npmjs.org/:_authToken=⟦{uuid}⟧', secret: true },
  { text: '//npm.pkg.github.com/:_authToken=⟦ghp_{a36}⟧', secret: true },
  { text: '_auth=⟦{basic}⟧\nalways-auth=true', secret: true },
  { text: '//registry.npmjs.org/:_authToken=${NPM_TOKEN}', secret: false },
  { text: '{"auths": {"ghcr.io": {"auth": "⟦{basic}⟧"}}}', secret: true },
  { text: 'DATABASE_URL=postgres://app:⟦{a20}⟧@db.internal:5432/app', secret: true },
  { text: 'mongodb+srv://root:⟦{a16}⟧@cluster0.ab12c.mongodb.net/test', secret: true },
  { text: 'https://user:pass@example.com/path', secret: false },
  { text: 'postgres://username:password@localhost/db', secret: false },
  // Kubernetes Secret data, tabs and spaces.
  {
    text: 'apiVersion: v1\nkind: Secret\ndata:\n\tpassword: ⟦{b40}⟧\n\tusername: YWRtaW4=',
    secret: true,
  },
  { text: 'kind: Secret\nstringData:\n  token: ⟦{a32}⟧', secret: true },
  { text: 'kind: Secret\ndata:\n\t\tapi-key: ⟦{b44}⟧', secret: true },
  // Bare random blobs, quoted, with no keyword near.
  { text: 'x = "⟦{h64}⟧"', secret: true },
  { text: "    '⟦{b48}⟧',", secret: true },
  { text: 'const K = "⟦{h40}⟧";', secret: true },
  { text: 'cfg["x"] = \'⟦{b64}⟧\'', secret: true },
  { text: 'git checkout {h40}', secret: false },
  { text: 'sha256:{h64}', secret: false },
  { text: '"integrity": "sha512-{b86}=="', secret: false },
  { text: 'id: {uuid}', secret: false },
  // Documented examples and bare words.
  { text: 'aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', secret: false },
  { text: 'aws_access_key_id = AKIAIOSFODNN7EXAMPLE', secret: false },
  { text: 'password: 0000000000000000', secret: false },
  { text: 'Authorization: Basic dXNlcjpwYXNz', secret: false },
  { text: 'aws_secret_access_key = ⟦{b24}EXAMPLE{b9}⟧', secret: true },
  { text: 'token=username:token', secret: false },
  // A provider's value pasted first and named after, or named far along its line.
  { text: '> ⟦{h64}⟧\nthat is the SoftLayer key from the portal, right?', secret: true },
  { text: '⟦{h32}⟧ is the new twilio token', secret: true },
  { text: 'SoftLayer API key for the prod account (please do not share): ⟦{h64}⟧', secret: true },
  { text: 'Azure storage (account acme) key2: ⟦{b86}==⟧', secret: true },
  {
    text: 'sha: {h32}\nbumped the twilio client in a long line of release notes here',
    secret: false,
  },
  // Pairs: a key id and its secret, an API key as curl's user.
  { text: 'AKIA{v16}:⟦{b40}⟧', secret: true },
  { text: 'creds AKIA{v16} / ⟦{b40}⟧', secret: true },
  { text: 'twilio: SK{h32}:⟦{a32}⟧', secret: true },
  { text: 'curl -u ⟦{a32}⟧: https://api.example.org/v1/charges', secret: true },
  { text: 'curl -u deploy: https://api.example.org/v1/charges', secret: false },
  // A provider's block opened by a YAML block scalar or a list.
  { text: 'softlayer_api_key: |\n  ⟦{h64}⟧', secret: true },
  { text: 'MAILGUN_KEYS = [\n  "⟦{h32}-{h8}-{h8}⟧",\n]', secret: true },
  { text: 'cloudant_password: >-\n  ⟦{h64}⟧', secret: true },
];

function push(
  out: CorpusSample[],
  id: string,
  family: string,
  filled: { text: string; secrets: readonly string[] },
  secret: boolean,
): void {
  out.push({
    id,
    family,
    label: secret ? 'secret' : 'clean',
    text: filled.text,
    secrets: secret ? filled.secrets : [],
  });
}

export function buildRuleWriterDev(): CorpusSample[] {
  const draw = seededDraw(SEED);
  const out: CorpusSample[] = [];
  const passwords = ['{a14}', 'Qx7!{a9}#2', '{l8}-{l6}-{d4}', '{a24}', 'Tr0ub4{a6}&3x'];
  KEYWORD_SYNTAXES.forEach((syntax, i) => {
    const value = passwords[i % passwords.length] ?? '{a14}';
    const filled = expandTemplate(syntax.replace('§', `⟦${value}⟧`), draw);
    push(out, `plugin/keyword-${i}`, 'rw-keyword', filled, true);
  });
  KEYWORD_NEGATIVES.forEach((text, i) =>
    push(out, `plugin/keyword-neg-${i}`, 'rw-keyword', { text, secrets: [] }, false),
  );
  for (const [family, { pos, neg }] of Object.entries(PROVIDERS)) {
    pos.forEach((token, i) => {
      const syntax = TOKEN_SYNTAXES[(i * 7 + family.length) % TOKEN_SYNTAXES.length] ?? '§';
      const marked = token.includes('⟦') ? token : `⟦${token}⟧`;
      push(
        out,
        `rule/${family}-${i}`,
        `rw-${family}`,
        expandTemplate(syntax.replace('§', marked), draw),
        true,
      );
    });
    neg.forEach((token, i) => {
      const syntax = TOKEN_SYNTAXES[(i * 5 + 1) % TOKEN_SYNTAXES.length] ?? '§';
      push(
        out,
        `rule/${family}-neg-${i}`,
        `rw-${family}`,
        expandTemplate(syntax.replace('§', token), draw),
        false,
      );
    });
  }
  // One provider token (a GitHub one) across every token syntax: the plugin style for prefixes.
  TOKEN_SYNTAXES.forEach((syntax, i) =>
    push(
      out,
      `plugin/prefix-${i}`,
      'rw-prefix',
      expandTemplate(syntax.replace('§', '⟦ghp_{a36}⟧'), draw),
      true,
    ),
  );
  SHAPES.forEach(({ text, secret }, i) =>
    push(out, `plugin/shape-${i}`, 'rw-shape', expandTemplate(text, draw), secret),
  );
  return out;
}
