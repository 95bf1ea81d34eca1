/**
 * The held-out redaction set (docs/redaction.md): a second, smaller labelled set that no rule was tuned on.
 * Same documented key formats as the main corpus (libs/redaction secret-formats: the providers'
 * documentation is the only source of a key's shape), but another generator seed, and surrounding
 * text in styles the main corpus does not use (Markdown tables, stack traces, logfmt, HTTP dumps,
 * Dockerfiles, Go / Rust / C# / PowerShell, chat messages with emoji, quoted e-mail, …), written for
 * this set only. Its recall and false-positive rate are printed apart from the main corpus by
 * `npm run bench:redaction`. Written once and scored as it came out: the rules are not changed to
 * fit it; a miss here is a finding to report, not a sample to tune to.
 */
import {
  type Draw,
  expandTemplate,
  SECRET_FORMATS,
  SECRET_KINDS,
  seededDraw,
} from '@mnemo/redaction';
import type { CorpusSample } from './corpus.generate';
import { itemAt } from '@mnemo/testing';

const SEED = 'mnemo-redaction-heldout-v1';

/** Where a bare provider token sits, in styles the main corpus's TOKEN_CONTEXTS do not have. */
const TOKEN_STYLES: readonly string[] = [
  '| env | key |\n| --- | --- |\n| prod | § |',
  'Traceback (most recent call last):\n  File "app.py", line 12, in <module>\n    client = Api(key="§")\nValueError: bad key',
  'level=warn msg="auth failed" key=§ attempt=3',
  'POST /v1/charges HTTP/1.1\nHost: api.example.com\nX-Key: §\n\n{"amount": 100}',
  'ENV PROVIDER_KEY §',
  'client := api.New("§")',
  'let client = Client::new("§");',
  'var client = new ApiClient("§");',
  '$env:PROVIDER_KEY = "§"',
  'ok here it is 🙏 §  lmk if it works',
  '> On Monday, Dana wrote:\n> the key is § (staging only)',
  '- [ ] rotate § before Friday',
  'key\t§\tcreated 2026-03-01',
  '/* fixture */ static const char *KEY = "§";',
  '"§"',
  'set -x; deploy --key=§',
];

/** Templates that carry their own name: wrapped whole, in other styles. */
const LINE_STYLES: readonly string[] = [
  '§',
  '# copied from the dashboard\n§\n# end',
  '<details><summary>config</summary>\n\n§\n\n</details>',
];

/** Secrets under a secret-naming key, in syntaxes the main corpus's GENERIC_CONTEXTS do not use. */
const GENERIC_STYLES: Readonly<Record<string, readonly string[]>> = {
  generic_heldout: [
    'ENV DB_PASSWORD=§',
    'ARG NPM_TOKEN=§',
    'password: !!str §',
    'spring.datasource.password=§',
    '$Password = ConvertTo-SecureString "§" -AsPlainText -Force',
    'dbPassword := os.Getenv("X"); dbPassword = "§"',
    'let api_token: &str = "§";',
    'string clientSecret = @"§";',
    '| DB_PASSWORD | § |',
    '{ "Password" : "§" }',
    "secrets:\n  - name: api-token\n    value: '§'",
    '<Password>§</Password>',
    'auth_token ← §',
    'the new password is § — please change it after login',
    'my token for the staging box: §',
    'kubectl create secret generic db --from-literal=password=§',
  ],
};

/** Clean text that looks close, in the held-out styles: ids, digests, references, prose, code. */
const CLEAN_STYLES: readonly string[] = [
  '| commit | message |\n| --- | --- |\n| {h40} | fix token refresh |',
  'level=info msg="token refreshed" request_id={uuid} took=12ms',
  'FROM node:20@sha256:{h64}',
  '"resolved": "https://registry.npmjs.org/x/-/x-1.0.0.tgz", "integrity": "sha512-{b86}=="',
  'ENV DB_PASSWORD_FILE=/run/secrets/db_password',
  'ARG NPM_TOKEN',
  'password: !!str ${DB_PASSWORD}',
  'spring.datasource.password=${SPRING_DATASOURCE_PASSWORD}',
  '$Password = Read-Host -AsSecureString',
  'dbPassword := os.Getenv("DB_PASSWORD")',
  'let api_token = std::env::var("API_TOKEN")?;',
  'string clientSecret = Configuration["ClientSecret"];',
  'kubectl create secret generic db --from-file=password=./password.txt',
  'Traceback (most recent call last):\n  File "auth/tokens.py", line 88, in refresh\nKeyError: \'access_token\'',
  'POST /oauth/token HTTP/1.1\nContent-Type: application/x-www-form-urlencoded\n\ngrant_type=client_credentials',
  '> the password policy needs 12 characters 🙏',
  '- [x] rotated the API keys (see runbook)',
  'arn:aws:iam::{d12}:role/deploy-token-issuer',
  's3://my-bucket/secrets/2026/{h16}.json.enc',
  'trace_id={h32} span_id={h16} auth=ok',
  'docker pull ghcr.io/acme/api:{h7}',
  'Your verification code is {d6}.',
  'version: 2.14.0+build.{h8}',
  'The session cookie is HttpOnly and SameSite=Strict.',
  'pub fn token_count(text: &str) -> usize { text.split_whitespace().count() }',
  'var passwordHasher = new PasswordHasher<User>();',
  'if err := verifyToken(ctx, tok); err != nil { return err }',
  'placeholder key: xxxxxxxxxxxxxxxxxxxxxxxxxxxx',
  'ssh-keygen -t ed25519 -C "dev@example.com" -f ~/.ssh/id_ed25519',
  'gpg --list-secret-keys --keyid-format=long',
];

function pickOne<T>(draw: Draw, items: readonly T[]): T {
  return itemAt(items, Number.parseInt(draw('0123456789', 6), 10) % items.length);
}

const place = (context: string, value: string): string => context.split('§').join(value);

/** One sample per key template (a random held-out style around it), the generic styles once each, and the clean styles. */
export function buildHeldOut(): CorpusSample[] {
  const draw = seededDraw(SEED);
  const out: CorpusSample[] = [];
  for (const kind of SECRET_KINDS) {
    SECRET_FORMATS[kind].forEach((template, t) => {
      const style = pickOne(draw, template.includes('⟦') ? LINE_STYLES : TOKEN_STYLES);
      const planted = expandTemplate(template, draw);
      out.push({
        id: `heldout/${kind}/${t}`,
        family: kind,
        label: 'secret',
        text: place(style, planted.text),
        secrets: planted.secrets,
      });
    });
  }
  for (const [family, styles] of Object.entries(GENERIC_STYLES)) {
    styles.forEach((style, s) => {
      const value = expandTemplate(
        pickOne(draw, ['{a20}', '{a10}!{d3}', '{w28}', '{b32}=', 'Tr0ub4dor&{d4}{L3}']),
        draw,
      ).text;
      out.push({
        id: `heldout/${family}/${s}`,
        family,
        label: 'secret',
        text: place(style, value),
        secrets: [value],
      });
    });
  }
  CLEAN_STYLES.forEach((style, s) => {
    out.push({
      id: `heldout/clean/${s}`,
      family: 'clean_heldout',
      label: 'clean',
      text: expandTemplate(style, draw).text,
      secrets: [],
    });
  });
  return out;
}
