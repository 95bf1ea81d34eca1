import { findPlantedSecrets, SECRET_SAMPLES } from './secret-samples';
import { redact } from './redact';
import type { SecretKind } from './secret-kind';

// Fake bodies of the right shape, built here; (i*7+3) mod n walks the alphabet so
// every body mixes upper case, lower case and digits like a real random token.
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const HEX = '0123456789abcdef';
const body = (n: number, alphabet = ALNUM, offset = 3): string =>
  Array.from({ length: n }, (_, i) => alphabet[(i * 7 + offset) % alphabet.length]).join('');
const uuid = (): string =>
  `${body(8, HEX)}-${body(4, HEX, 5)}-4${body(3, HEX)}-a${body(3, HEX, 1)}-${body(12, HEX, 9)}`;
const pemBody = (newline: string): string =>
  [body(64), body(64, ALNUM, 11), body(40, ALNUM, 5)].join(newline);

interface FamilyCase {
  readonly kind: SecretKind;
  readonly secret: string;
  /** `$` marks where the secret goes, in both the input and the expected output. */
  readonly context: string;
}

const cases: FamilyCase[] = [
  {
    kind: 'anthropic_key',
    secret: `sk-ant-api03-${body(93)}AA`,
    context: 'client = Anthropic(api_key="$")',
  },
  {
    kind: 'openai_key',
    secret: `sk-${body(48)}`,
    context: 'I exported $ before running the script',
  },
  { kind: 'openai_key', secret: `sk-proj-${body(40)}_${body(40, ALNUM, 9)}`, context: 'key: $\n' },
  { kind: 'groq_key', secret: `gsk_${body(52)}`, context: 'GROQ_API_KEY=$' },
  {
    kind: 'github_token',
    secret: `ghp_${body(36)}`,
    context: 'git clone https://$@github.com/acme/api.git',
  },
  {
    kind: 'github_token',
    secret: `ghs_${body(36, ALNUM, 8)}`,
    context: '{"output":"token\\n$\\n"}',
  },
  {
    kind: 'github_fine_grained_token',
    secret: `github_pat_11ABCDE${body(15)}_${body(59)}`,
    context: 'use $ for the bot',
  },
  { kind: 'gitlab_token', secret: `glpat-${body(20)}`, context: 'CI uses $ to push' },
  { kind: 'gitlab_token', secret: `glrt-${body(20, ALNUM, 4)}`, context: 'runner token $' },
  {
    kind: 'slack_token',
    secret: `xoxb-${body(12, '0123456789')}-${body(13, '0123456789')}-${body(24)}`,
    context: 'SLACK=$',
  },
  {
    kind: 'aws_access_key',
    secret: `AKIA${body(16, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')}`,
    context: 'aws_access_key_id = $',
  },
  {
    kind: 'aws_access_key',
    secret: `ASIA${body(16, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 5)}`,
    context: '"AccessKeyId": "$",',
  },
  { kind: 'aws_secret_key', secret: body(40), context: 'aws_secret_access_key = $\n' },
  {
    kind: 'aws_secret_key',
    secret: body(40, ALNUM, 6),
    context: 'aws credentials: key id and then $ on the same line',
  },
  {
    kind: 'google_api_key',
    secret: `AIza${body(35)}`,
    context: 'https://maps.googleapis.com/maps/api/js?key=$&callback=x',
  },
  { kind: 'stripe_key', secret: `sk_live_${body(24)}`, context: 'Stripe.api_key = "$"' },
  { kind: 'stripe_key', secret: `rk_live_${body(24, ALNUM, 2)}`, context: 'restricted: $' },
  { kind: 'stripe_key', secret: `sk_test_${body(24, ALNUM, 4)}`, context: 'test mode $ works' },
  { kind: 'npm_token', secret: `npm_${body(36)}`, context: '//registry.npmjs.org/:_authToken=$' },
  {
    kind: 'pypi_token',
    secret: `pypi-AgEIcHlwaS5vcmc${body(60)}`,
    context: 'twine upload -p $ dist/*',
  },
  {
    kind: 'jwt',
    secret: `eyJhbGciOiJIUzI1NiJ9.eyJ${body(40)}.${body(43)}`,
    context: 'cookie session=$; Path=/',
  },
  {
    kind: 'bearer_token',
    secret: body(40),
    context: 'curl -H "Authorization: Bearer $" https://api.example.com',
  },
  {
    kind: 'basic_auth',
    secret: btoa('deploy:hunter2-but-longer'),
    context: 'Authorization: Basic $\r\n',
  },
  {
    kind: 'azure_storage_key',
    secret: `${body(86)}==`,
    context:
      'DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=$;EndpointSuffix=core.windows.net',
  },
  {
    kind: 'azure_storage_key',
    secret: `${body(86, ALNUM, 5)}==`,
    context: 'Azure storage (account acme) key1: $',
  },
  {
    kind: 'azure_sas_token',
    secret: `${body(43)}%3D`,
    context: 'https://acme.blob.core.windows.net/c/a.txt?sv=2022-11-02&sr=b&sig=$',
  },
  {
    kind: 'gcp_service_account',
    secret: body(40, HEX),
    context:
      '{"type": "service_account", "private_key_id": "$", "client_email": "x@y.iam.gserviceaccount.com"}',
  },
  { kind: 'twilio_api_key', secret: `SK${body(32, HEX)}`, context: 'api key sid $' },
  { kind: 'twilio_account_sid', secret: `AC${body(32, HEX, 5)}`, context: 'account $' },
  {
    kind: 'twilio_auth_token',
    secret: body(32, HEX, 7),
    context: 'twilio client created with sid and $\n',
  },
  { kind: 'sendgrid_key', secret: `SG.${body(22)}.${body(43, ALNUM, 8)}`, context: 'SENDGRID=$' },
  { kind: 'mailgun_key', secret: `key-${body(32, HEX)}`, context: 'auth=("api", "$")' },
  { kind: 'heroku_api_key', secret: uuid(), context: 'heroku config shows $ for the deploy' },
  {
    kind: 'digitalocean_token',
    secret: `dop_v1_${body(64, HEX)}`,
    context: 'doctl auth init -t $',
  },
  { kind: 'digitalocean_token', secret: `doo_v1_${body(64, HEX, 2)}`, context: 'oauth $' },
  {
    kind: 'huggingface_token',
    secret: `hf_${body(34)}`,
    context: 'huggingface-cli login --token $',
  },
  {
    kind: 'databricks_token',
    secret: `dapi${body(32, HEX)}`,
    context: 'DATABRICKS_HOST=x DATABRICKS=$',
  },
  { kind: 'shopify_token', secret: `shpat_${body(32, HEX)}`, context: 'X-Shopify-Access: $' },
  { kind: 'shopify_token', secret: `shpss_${body(32, HEX, 3)}`, context: 'shared $' },
  {
    kind: 'atlassian_token',
    secret: `ATATT3xFfGF0${body(180)}=${body(8, '0123456789ABCDEF')}`,
    context: 'jira $',
  },
  {
    kind: 'discord_bot_token',
    secret: `M${body(25)}.${body(6, ALNUM, 5)}.${body(38, ALNUM, 9)}`,
    context: 'client.login("$")',
  },
  {
    kind: 'discord_webhook',
    secret: `${body(18, '0123456789')}/${body(68)}`,
    context: 'POST https://discord.com/api/webhooks/$ with json',
  },
  {
    kind: 'slack_webhook',
    // The whole URL: whoever holds it can post.
    secret: `https://hooks.slack.com/services/T${body(10, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789')}/B${body(10, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 5)}/${body(24)}`,
    context: 'SLACK_WEBHOOK_URL=$',
  },
  {
    kind: 'telegram_bot_token',
    secret: `123456789:AA${body(33)}`,
    context: 'https://api.telegram.org/bot$/sendMessage',
  },
  {
    kind: 'connection_string',
    secret: `pa55-${body(12)}`,
    context: 'DATABASE_URL is postgres://app_user:$@db.internal:5432/app',
  },
  {
    kind: 'connection_string',
    secret: body(20),
    context: 'mongodb+srv://root:$@cluster0.abcde.mongodb.net/test',
  },
  {
    kind: 'basic_auth_url',
    secret: `p${body(14)}`,
    context: 'pip install --index-url https://ci:$@pypi.acme.dev/simple pkg',
  },
  { kind: 'password', secret: 'correct-horse-battery', context: 'DB_PASSWORD=$\nDB_USER=app' },
  { kind: 'secret', secret: `tok ${body(10)}`, context: 'export API_TOKEN="$"' },
  { kind: 'high_entropy', secret: body(32), context: 'the signing secret is $ so keep it safe' },
];

describe('redact, one family at a time', () => {
  it.each(cases)(
    'replaces a planted $kind and keeps the text around it',
    ({ kind, secret, context }) => {
      const input = context.replace('$', secret);
      const start = context.indexOf('$');

      const result = redact(input);

      expect(result.text).toBe(context.replace('$', `[REDACTED:${kind}]`));
      expect(result.findings).toEqual([{ kind, start, end: start + secret.length }]);
    },
  );

  it.each(Object.entries(SECRET_SAMPLES).filter(([, secret]) => !secret.includes('\n')))(
    'finds a %s that ends a sentence',
    (_kind, secret) => {
      expect(findPlantedSecrets(redact(`Keeps it as ${secret}.`).text)).toEqual([]);
    },
  );

  it('redacts a multi-line PEM private key block as one finding', () => {
    const key = `-----BEGIN RSA PRIVATE KEY-----\n${pemBody('\n')}\n-----END RSA PRIVATE KEY-----`;
    const input = `cat id_rsa\n${key}\n$ ls`;

    const result = redact(input);

    expect(result.text).toBe('cat id_rsa\n[REDACTED:private_key]\n$ ls');
    expect(result.findings).toEqual([{ kind: 'private_key', start: 11, end: 11 + key.length }]);
  });

  it('redacts OpenSSH and PGP private key blocks', () => {
    const ssh = `-----BEGIN OPENSSH PRIVATE KEY-----\r\n${pemBody('\r\n')}\r\n-----END OPENSSH PRIVATE KEY-----`;
    const pgp = `-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n${pemBody('\n')}\n-----END PGP PRIVATE KEY BLOCK-----`;

    expect(redact(`${ssh}\n\n${pgp}`).text).toBe(
      '[REDACTED:private_key]\n\n[REDACTED:private_key]',
    );
  });

  it('redacts a truncated private key up to where its base64 body stops', () => {
    const input = `-----BEGIN PRIVATE KEY-----\n${pemBody('\n')}\n\nthe paste was cut off here`;

    expect(redact(input).text).toBe('[REDACTED:private_key]\n\nthe paste was cut off here');
  });

  it('redacts the private key of a GCP service-account JSON with escaped newlines', () => {
    const json = JSON.stringify({
      type: 'service_account',
      private_key_id: body(40, HEX),
      private_key: `-----BEGIN PRIVATE KEY-----\n${pemBody('\n')}\n-----END PRIVATE KEY-----\n`,
      client_email: 'svc@acme.iam.gserviceaccount.com',
    });

    const result = redact(json);

    expect(JSON.parse(result.text)).toEqual({
      type: 'service_account',
      private_key_id: '[REDACTED:gcp_service_account]',
      private_key: '[REDACTED:private_key]',
      client_email: 'svc@acme.iam.gserviceaccount.com',
    });
  });

  it('keeps "Bearer " and the header name when the token is a JWT', () => {
    const jwt = `eyJhbGciOiJSUzI1NiJ9.eyJ${body(30)}.${body(40)}`;

    expect(redact(`Authorization: Bearer ${jwt}`).text).toBe(
      'Authorization: Bearer [REDACTED:bearer_token]',
    );
  });
});
