/**
 * Hand-written contexts of the redaction corpus. `§` is where a generated value goes.
 * Written by the team from the syntaxes of the languages and tools named; nothing here
 * is copied from a scanner's rules or tests.
 */

/** Where a bare provider token turns up: pasted into prose, code, config, logs, tool output. */
export const TOKEN_CONTEXTS: readonly string[] = [
  '§',
  'I pasted § into the terminal by mistake, can you help me rotate it?',
  'client = Client("§")',
  'config:\n  key: §\n  region: eu-west-1',
  '{"type":"tool_result","content":"line one\\n§\\nline three"}',
  '```\n§\n```',
  '2026-11-29T10:00:00Z INFO loaded § from the cache',
  '<value>§</value>',
  'values = ["§", "other"]',
  'value = "§"',
  "echo '§' | pbcopy",
  'Use §.',
  '(see §)',
  'prod,§,2026-01-01',
  'curl "https://api.example.com/v1/items?key=§&limit=5"',
  '    "header": "§",',
  'new Client({ key: `§` })',
  '\t§\t',
];

/** Wrappers for templates that already carry their provider's name. */
export const LINE_WRAPPERS: readonly string[] = [
  '§',
  'Here is the .env I used:\n§\nDEBUG=false',
  '```\n§\n```',
  'JSON',
];

/** Generic secrets under a secret-naming key, in the syntaxes of common files and languages. */
export const GENERIC_CONTEXTS: Readonly<Record<string, readonly string[]>> = {
  generic_env: [
    'DB_PASSWORD=§', 'export API_TOKEN=§', 'export CLIENT_SECRET="§"', "SECRET_KEY='§'", 'setx API_KEY §',
    'set PASSWORD=§', 'declare -x AUTH_TOKEN=§', 'ENV SESSION_SECRET=§', 'REDIS_PASSWORD = §',
    'PGPASSWORD=§ psql -h db -U app', 'APP_SECRET=§ # rotated monthly', '  - SIGNING_KEY=§',
  ],
  generic_yaml: [
    'db:\n  password: §\n  user: app', 'auth:\n  client_secret: "§"', 'api_key: \'§\'', '  token: §  # ci',
    'credentials:\n  access_key: §\n  secret_key: §', '- name: DEPLOY_TOKEN\n  value: "§"', 'privateKey: §',
  ],
  generic_json: [
    '{"password": "§"}', '{"apiKey": "§", "region": "eu"}', '{"client_secret":"§"}', '{\\"token\\": \\"§\\"}',
    '{"auth": {"secret": "§"}}', '[{"name": "api", "access_token": "§"}]', '"refresh_token": "§",',
  ],
  generic_toml_ini: [
    '[database]\npassword = "§"', 'secret_key = \'§\'', '[smtp]\npass=§', 'api-key = §', 'auth_token=§\nuser=bot',
    '[credentials]\naws_secret_access_key = §',
  ],
  generic_xml: [
    '<password>§</password>', '<add key="ApiKey" value="§" />', '<add key="ClearTextPassword" value="§" />',
    '<connection user="app" password="§"/>', '<entry key="token">§</entry>', '<secret>§</secret>',
    '<property name="db.password" value="§"/>',
  ],
  generic_hcl: ['password = "§"', 'admin_password = "§"', 'variable "db_password" {\n  default = "§"\n  sensitive = true\n}', 'client_secret = "§"'],
  generic_operators: [
    'password := "§"', 'TOKEN ::= §', 'SECRET :::= §', 'API_KEY ?= §', '$password .= "§";', "'secret' => '§',",
    'password <- "§"', 'token = "§"', 'token: "§"', '@api_key ||= "§"', 'const apiKey = "§";', 'let secret = \'§\';',
    'self.password = "§"', 'var authToken = "§"', 'private static final String PASSWORD = "§";',
  ],
  generic_calls: [
    'System.setProperty("db.password", "§");', 'props.put("api_key", "§");', 'config.set(\'secret\', \'§\')',
    'os.environ["API_TOKEN"] = "§"', 'ENV[\'GITHUB_TOKEN\'] = \'§\'', 'process.env.AUTH_SECRET = "§";',
    'headers.set("X-Api-Key", "§")', 'conn.setPassword("§")',
  ],
  generic_cli: [
    'curl -u admin:§ https://api.example.com', 'curl --user "deploy:§" https://x.example.com', 'mysql -u root -p§ app',
    'mysqldump -uroot -p§ db > db.sql', 'sshpass -p § ssh root@host', 'redis-cli -a § ping', 'docker login -u bot -p § registry.example.com',
    'psql --password § -h db', 'app --api-key § --verbose', 'wget --http-password=§ https://x.example.com/f',
    "curl -H 'Authorization: token §' https://api.example.com", 'curl -H "X-Api-Key: §" https://api.example.com',
    'keytool -storepass § -list', 'openssl pkcs12 -passin pass:§ -in a.p12',
  ],
  generic_headers: ['Authorization: Bearer §', 'authorization: Basic §', 'X-Auth-Token: §', 'Cookie: session=§; Path=/', 'Proxy-Authorization: Bearer §'],
  url_credentials: [
    'postgres://app:§@db.internal:5432/app', 'mongodb+srv://root:§@cluster0.example.net/test', 'redis://:§@cache:6379/0',
    'amqps://guest:§@mq.example.com/vhost', 'https://ci:§@pypi.example.com/simple', 'ftp://user:§@files.example.com/in',
    'smtp://mailer:§@smtp.example.com:587', 'git clone https://oauth2:§@gitlab.example.com/g/p.git',
    'jdbc:mysql://db:3306/app?user=app&password=§', 'jdbc:postgresql://db/app?user=app&password=§&ssl=true',
    'jdbc:oracle:thin:scott/§@//db:1521/ORCL',
  ],
  connection_strings: [
    'Server=db;Database=app;User Id=sa;Password=§;', 'Data Source=.;Initial Catalog=App;User ID=app;Pwd=§',
    'Driver={ODBC Driver 18};Server=db;Uid=app;Pwd={§};', 'Host=db;Port=5432;Username=app;Password=§;Database=app',
    '"ConnectionStrings": {"Default": "Server=db;User Id=app;Password=§;"}',
    'jdbc:sqlserver://db:1433;databaseName=app;user=sa;password=§;',
  ],
  high_entropy_word: [
    'the signing secret is §', 'my api key: § (do not share)', 'here is the token § for staging', 'password for the vault is §',
    'secret → §', 'the access key § expires tomorrow',
  ],
  high_entropy_hex: ['the api secret is §HEX', 'webhook signing secret: §HEX', 'client secret §HEX', 'SECRET_KEY_BASE=§HEX'],
  // C# verbatim strings (@"…", where "" is a quote and a backslash is itself), Markdown tables (the cell
  // beside a secret-naming cell), YAML tags before a value, kubectl literals.
  generic_verbatim_and_tables: [
    'var password = @"§";', 'private const string ClientSecret = @"§";', 'config.ApiKey = @"§";',
    '| name | value |\n| --- | --- |\n| DB_PASSWORD | § |', '| setting | value |\n|---|---|\n| api_token | § |\n| region | eu-west-1 |',
    '| secret_key | `§` |',
    'password: !!str §', 'auth:\n  token: !!str "§"', 'kubectl create secret generic db --from-literal=password=§',
  ],
};

/** Clean text that looks close to a secret: hashes, ids, references, paths, URLs, prose, code, public keys. */
export const CLEAN_CONTEXTS: Readonly<Record<string, readonly string[]>> = {
  hash: [
    'commit {h40}', 'git checkout {h7} && git log -1', 'sha256: {h64}  release.tar.gz', '{h32}  file.iso',
    'image@sha256:{h64}', 'Change-Id: I{h40}', 'Merge {h7} into {h7}', 'etag: "{h32}"', 'the token refresh fix landed in {h40}',
    'reverted {h12} (password reset flow)', '"integrity": "sha512-{b86}=="', 'github.com/x/y v1.2.3 h1:{b43}=',
    'checksum of the secrets file: {h64}', 'fingerprint SHA256:{b43}', 'digest of the token table: {h64}',
    'md5 {h32} for the api docs', 'commit {h40} fixed the token refresh', 'ref: refs/heads/main {h40}',
  ],
  uuid: [
    'request id {uuid}', '{"id": "{uuid}", "status": "ok"}', 'trace {uuid} span {h16}', 'tenant {uuid} rotated its secret',
    'session {uuid} expired, token refreshed', 'Idempotency-Key: {uuid}', 'urn:uuid:{uuid}',
  ],
  reference: [
    'password: ${DB_PASSWORD}', 'token=$GITHUB_TOKEN', 'secret: "{{ .Values.secret }}"', 'api_key: <your-api-key>',
    'const token = process.env.GITHUB_TOKEN;', 'password = os.environ["DB_PASSWORD"]', 'TOKEN: ${{ secrets.NPM_TOKEN }}',
    'set PASSWORD=%DB_PASSWORD%', 'Authorization: Bearer ${TOKEN}', 'curl -H "Authorization: Bearer $API_TOKEN" https://x.example.com',
    'apiKey: config.apiKey', 'client_secret: settings.oauth.clientSecret', 'secret = vault.read("kv/app").secret',
    'mysql -u root -p app', 'curl -u "$USER:$PASS" https://x.example.com', 'postgres://app:${DB_PASS}@db:5432/app',
    'Server=db;User Id=sa;Password=$(SA_PASSWORD);', '<password>${env.PASSWORD}</password>', 'password <- Sys.getenv("DB_PASS")',
    'System.setProperty("db.password", System.getenv("DB_PASSWORD"));', 'ENV["API_TOKEN"] = ENV.fetch("TOKEN")',
  ],
  url: [
    'https://example.com:8080/path?q=1&page=2', 'git@github.com:org/repo.git', 'ssh://git@host/x.git', 'postgres://db.internal:5432/app',
    'https://user@example.com/profile', 'redis://cache:6379/0', 'https://docs.example.com/auth/tokens#rotation', 'mailto:dev@example.com',
    'https://hooks.example.com/services/build', 'jdbc:postgresql://db:5432/app?ssl=true', 'http://[::1]:8080/health',
  ],
  path: [
    'edit src/auth/refreshTokenHandler2.ts and secrets/manager-v2.config.json', '/home/dev/.ssh/id_ed25519.pub',
    'C:\\Users\\dev\\AppData\\Roaming\\npm\\token-cache', 'services/gateway/src/api/api-keys.controller.ts',
    './scripts/rotate_secret_keys_v2.sh', 'tests/fixtures/password-policy-2024.json',
  ],
  prose: [
    'Remember to rotate the API key every 90 days.', 'The password reset email expires in 24 hours.',
    'We store the token hash, never the token itself.', 'The test passed after 3 retries; the bypass flag is off.',
    'Bearer tokens are short-lived; refresh tokens last 30 days.', 'Our auth module handles the secret rotation schedule.',
    'OpenAI keys start with sk- and Slack bot tokens with xoxb-, per their docs.', 'A GitHub classic token starts ghp_ and is 40 characters long.',
    'The passport office asked for the access code on the letter.', 'Compass and passage are not secrets.',
    'Basic Configuration: set the region and the timeout.', 'The Secret Garden is a novel by Frances Hodgson Burnett.',
  ],
  code: [
    'const token = await getToken(req);\nconst secret = config.secret;\nreturn { token, secret };',
    'interface Login {\n  password: string;\n  token?: AccessToken;\n}', 'if (password == "") return; while (token != null) {}',
    '{"max_tokens": 4096, "usage": {"input_tokens": 12, "output_tokens": 981}}', 'password_min_length: 12\ntoken_ttl: 3600',
    'passwordInput.focus();\ntokens.map((t) => t.value);', 'def check(password: str) -> bool:\n    return len(password) >= 12',
    'SECRET_NAME = "prod/db/password"', 'authUrl: https://auth.example.com/authorize', 'for token in tokenizer(text):\n    count += 1',
    'mysql -u root -p -h db app', 'docker run -u 1000:1000 image', 'token_type: "bearer"', 'password: true\nsecret: false',
  ],
  public_material: [
    'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43} dev@laptop',
    '-----BEGIN PUBLIC KEY-----\n{b64}\n{b64}\n-----END PUBLIC KEY-----',
    '-----BEGIN CERTIFICATE-----\n{b64}\n{b64}\n-----END CERTIFICATE-----',
    'stripe publishable key pk_live_{a24}', 'const stripe = Stripe("pk_test_{a24}")', 'data:image/png;base64,iVBORw0KGgo{b120}',
    'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app\ndata:\n  LOG_LEVEL: debug\n  REGION: eu-west-1',
    'apiVersion: v1\nkind: Secret\nmetadata:\n  name: empty\ntype: Opaque',
  ],
  near_miss: [
    'ghp_ then 36 characters', 'the sk-learn package', 'xoxb- tokens', 'eyJhbGciOiJIUzI1NiJ9 is only a header',
    'AKIA is the prefix of long-term AWS key ids', 'glpat- is GitLab\'s prefix', 'Bearer auth is described in RFC 6750',
    'version v1.2.3-beta.4+build.5', 'SKU SK-1234 shipped', 'account AC-2024-0001 opened', 'order EAA-77 shipped',
    'key-value store', 'the AP-South region', 'Q~ is a tilde after Q', 'pat.on the back', 'the api-gateway service',
    'hf_transfer is a download helper', 'npm_config_cache=/tmp/npm', 'sk-ant- keys belong to Anthropic',
  ],
  // Where the secret comes from, not the secret: a YAML tag before a reference, a prompt or a read
  // (PowerShell's Read-Host and Get- cmdlets), an environment lookup through a path (Rust's
  // std::env::var, C++'s std::getenv), a file path given as the value; tables whose cells name or
  // describe a secret.
  reference_calls_paths: [
    'password: !!str ${DB_PASSWORD}', 'api_key: !!str "${API_KEY}"',
    '$password = Read-Host -AsSecureString "Enter the admin password"', '$token = Read-Host "API token"',
    '$dbPassword = Get-Secret -Name DbPassword -AsPlainText', '$cred = Get-Credential; $secret = Get-Content .\\secret.txt',
    'let password = std::env::var("DB_PASSWORD")?;', 'let token = env::var("GITHUB_TOKEN").expect("GITHUB_TOKEN is set");',
    'const char* secret = std::getenv("APP_SECRET");', 'password = Config::get(\'db.password\');',
    'kubectl create secret generic db --from-file=password=./secrets/db-password.txt',
    'kubectl create secret generic ci --from-file=token=../keys/ci-token',
    'api_token: ~/.config/app/token', 'secret: /run/secrets/app_secret',
    '| name | type | description |\n| --- | --- | --- |\n| password | string | The admin password |',
    '| Setting | Default |\n|---|---|\n| token_ttl | 3600 |\n| password | required |',
    '| Password | Token |\n|---|---|', '| DB_PASSWORD | ${DB_PASSWORD} |', '| api_key | see the vault |',
    'var token = @"${TOKEN}";', 'string password = @"";',
  ],
};
