import type { SecretKind } from './secret-kind';

/**
 * Fake but correctly shaped secrets, one per family, for tests that plant them
 * in events and then scan storage, logs and API answers for survivors. Values
 * are generated from a seed, never copied from anywhere, so they are not live.
 */

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
const ALNUM = UPPER + LOWER + DIGITS;
const HEXL = '0123456789abcdef';

/** Small deterministic generator (mulberry32) seeded per kind. */
function generator(seed: string): (alphabet: string, n: number) => string {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
  let state = h >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return (alphabet, n) => {
    let s = '';
    for (let i = 0; i < n; i++) s += alphabet[Math.floor(next() * alphabet.length)];
    // Random bodies must look random to every rule: force a digit and both cases in.
    if (alphabet === ALNUM && n >= 3) s = `${s.slice(0, n - 3)}${UPPER[n % 26]}${LOWER[n % 26]}${DIGITS[n % 10]}`;
    return s;
  };
}

/** base64 of `user:password`, drawn until it has no `+` or `/` so its core is one long run. */
function basicCredential(r: (a: string, n: number) => string): string {
  for (;;) {
    const encoded = btoa(`deploy:${r(ALNUM, 27)}`);
    if (!/[+/]/.test(encoded)) return encoded;
  }
}

function pem(r: (a: string, n: number) => string, label: string, newline: string): string {
  const lines = [0, 1, 2, 3].map(() => r(ALNUM, 64));
  return [`-----BEGIN ${label}-----`, ...lines, `-----END ${label}-----`].join(newline);
}

/** One planted sample per kind; `salt` gives a different but equally shaped set. */
export function sampleSecrets(salt = 'mnemo'): Record<SecretKind, string> {
  const rng = (kind: string): ((a: string, n: number) => string) => generator(`${salt}:${kind}`);
  const s = <K extends SecretKind>(kind: K, build: (r: (a: string, n: number) => string) => string): [K, string] => [
    kind,
    build(rng(kind)),
  ];
  const uuid = (r: (a: string, n: number) => string): string =>
    `${r(HEXL, 8)}-${r(HEXL, 4)}-4${r(HEXL, 3)}-a${r(HEXL, 3)}-${r(HEXL, 12)}`;
  const entries: Array<[SecretKind, string]> = [
    s('anthropic_key', (r) => `sk-ant-api03-${r(ALNUM, 80)}-${r(ALNUM, 6)}AA`),
    s('openai_key', (r) => `sk-proj-${r(ALNUM, 48)}T3BlbkFJ${r(ALNUM, 48)}`),
    s('groq_key', (r) => `gsk_${r(ALNUM, 52)}`),
    s('github_token', (r) => `ghp_${r(ALNUM, 36)}`),
    s('github_fine_grained_token', (r) => `github_pat_11${r(UPPER + DIGITS, 20)}_${r(ALNUM, 59)}`),
    s('gitlab_token', (r) => `glpat-${r(ALNUM, 20)}`),
    s('slack_token', (r) => `xoxb-${r(DIGITS, 12)}-${r(DIGITS, 13)}-${r(ALNUM, 24)}`),
    s('slack_webhook', (r) => `https://hooks.slack.com/services/T${r(UPPER + DIGITS, 10)}/B${r(UPPER + DIGITS, 10)}/${r(ALNUM, 24)}`),
    s('aws_access_key', (r) => `AKIA${r(UPPER + DIGITS, 16)}`),
    s('aws_secret_key', (r) => `aws_secret_access_key = ${r(ALNUM, 40)}`),
    s('google_api_key', (r) => `AIza${r(ALNUM, 35)}`),
    s('stripe_key', (r) => `sk_live_${r(ALNUM, 99)}`),
    s('npm_token', (r) => `npm_${r(ALNUM, 36)}`),
    s('pypi_token', (r) => `pypi-AgEIcHlwaS5vcmc${r(ALNUM, 70)}`),
    s('huggingface_token', (r) => `hf_${r(ALNUM, 34)}`),
    s('digitalocean_token', (r) => `dop_v1_${r(HEXL, 64)}`),
    s('databricks_token', (r) => `dapi${r(HEXL, 32)}`),
    s('shopify_token', (r) => `shpat_${r(HEXL, 32)}`),
    s('atlassian_token', (r) => `ATATT3xFfGF0${r(ALNUM, 180)}=${r(HEXL.toUpperCase(), 8)}`),
    s('sendgrid_key', (r) => `SG.${r(ALNUM, 22)}.${r(ALNUM, 43)}`),
    s('mailgun_key', (r) => `key-${r(HEXL, 32)}`),
    s('twilio_api_key', (r) => `SK${r(HEXL, 32)}`),
    s('twilio_account_sid', (r) => `AC${r(HEXL, 32)}`),
    s('twilio_auth_token', (r) => `TWILIO_AUTH_TOKEN=${r(HEXL, 32)}`),
    s('heroku_api_key', (r) => `heroku login key ${uuid(r)}`),
    s('discord_bot_token', (r) => `M${r(ALNUM, 25)}.${r(ALNUM, 6)}.${r(ALNUM, 38)}`),
    s('discord_webhook', (r) => `https://discord.com/api/webhooks/${r(DIGITS, 18)}/${r(ALNUM, 68)}`),
    s('telegram_bot_token', (r) => `${r('123456789', 1)}${r(DIGITS, 9)}:AA${r(ALNUM, 33)}`),
    s('azure_storage_key', (r) =>
      `DefaultEndpointsProtocol=https;AccountName=mnemostore;AccountKey=${r(ALNUM, 86)}==;EndpointSuffix=core.windows.net`),
    s('azure_sas_token', (r) =>
      `https://mnemostore.blob.core.windows.net/c/f.txt?sv=2022-11-02&sp=r&sig=${r(ALNUM, 43)}%3D`),
    s('gcp_service_account', (r) =>
      `{"type": "service_account", "project_id": "mnemo-dev", "private_key_id": "${r(HEXL, 40)}", "private_key": "${pem(r, 'PRIVATE KEY', '\\n')}\\n"}`),
    s('jwt', (r) => `eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ${r(ALNUM, 60)}.${r(ALNUM, 43)}`),
    s('bearer_token', (r) => `Authorization: Bearer ${r(ALNUM, 40)}`),
    s('basic_auth', (r) => `Authorization: Basic ${basicCredential(r)}`),
    s('private_key', (r) => pem(r, 'RSA PRIVATE KEY', '\n')),
    s('connection_string', (r) => `postgres://mnemo_app:${r(ALNUM, 24)}@db.internal:5432/mnemo`),
    s('basic_auth_url', (r) => `https://deploy:${r(ALNUM, 24)}@git.example.com/org/repo.git`),
    s('password', (r) => `DB_PASSWORD=${r(ALNUM, 20)}`),
    s('secret', (r) => `export API_TOKEN="${r(ALNUM, 32)}"`),
    s('high_entropy', (r) => `the signing secret is ${r(ALNUM, 32)}`),
  ];
  return Object.fromEntries(entries) as Record<SecretKind, string>;
}

export const SECRET_SAMPLES: Readonly<Record<SecretKind, string>> = Object.freeze(sampleSecrets());

/**
 * The part of a planted sample that must never survive: its longest run of
 * letters and digits (the random body), so context kept around a redacted
 * value (`DB_PASSWORD=`, a URL's user) does not count as a leak, and JSON
 * escaping of the surrounding text does not hide one.
 */
export function secretCore(sample: string): string {
  let best = '';
  for (const run of sample.match(/[A-Za-z0-9]+/g) ?? []) if (run.length > best.length) best = run;
  return best;
}

/** Which sample values (or their random core) appear in `haystack`. */
export function findPlantedSecrets(
  haystack: string,
  samples: Readonly<Record<string, string>> = SECRET_SAMPLES,
): string[] {
  return Object.values(samples).filter((sample) => {
    const core = secretCore(sample);
    return haystack.includes(sample) || (core.length >= 8 && haystack.includes(core));
  });
}
