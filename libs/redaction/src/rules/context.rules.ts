import { shannonEntropy } from '../entropy';
import type { SecretKind } from '../secret-kind';

/**
 * A provider whose keys have no prefix of their own: a value of the documented
 * shape counts only near the provider's name (`TWILIO_AUTH_TOKEN=…`,
 * `cloudflare: { api_key: … }`, "the snyk token is …").
 */
export interface ContextRule {
  readonly kind: SecretKind;
  /** Lower-case names; matched case-insensitively at an identifier boundary. */
  readonly keywords: readonly string[];
  /** Value shapes (regex sources, no anchors). */
  readonly values: readonly string[];
  readonly accept?: (value: string) => boolean;
}

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const alnum = (n: number | string): string => `[A-Za-z0-9]{${n}}`;
const hex = (n: number | string): string => `[a-fA-F0-9]{${n}}`;
/** Random values of these alphabets have two character classes; words and names mostly do not. */
const mixed = (s: string): boolean =>
  Number(/[a-z]/.test(s)) + Number(/[A-Z]/.test(s)) + Number(/\d/.test(s)) >= 2 &&
  !/^[a-z]+[-_]?[a-z]+$/.test(s);
const hexLike = (s: string): boolean => /\d/.test(s) && /[a-fA-F]/.test(s.replace(/^[a-z]+_/, ''));
const awsSecret = (s: string): boolean => /\d/.test(s) && /[a-z]/.test(s) && /[A-Z]/.test(s);

/**
 * The short names code gives a provider's key (`sl_api_key`, `cl-pw`, `clou_password`): a prefix, an
 * optional middle and a last word, joined by `_`, `-` or nothing.
 */
function joined(
  prefixes: readonly string[],
  middles: readonly string[],
  lasts: readonly string[],
): string[] {
  const out = new Set<string>();
  for (const p of prefixes)
    for (const m of middles)
      for (const l of lasts)
        for (const a of ['_', '-', ''])
          for (const b of m === '' ? [''] : ['_', '-', ''])
            out.add(m === '' ? `${p}${a}${l}` : `${p}${a}${m}${b}${l}`);
  return [...out];
}

export const CONTEXT_RULES: readonly ContextRule[] = [
  { kind: 'aws_secret_key', keywords: ['aws'], values: ['[A-Za-z0-9/+]{40}'], accept: awsSecret },
  { kind: 'heroku_api_key', keywords: ['heroku'], values: [UUID] },
  // A storage account's shared key: 64 random bytes in base64, however the text names it.
  {
    kind: 'azure_storage_key',
    keywords: ['azure'],
    values: ['[A-Za-z0-9+/]{86}=='],
    accept: mixed,
  },
  { kind: 'twilio_auth_token', keywords: ['twilio'], values: [hex(32)], accept: hexLike },
  // An API key's secret, beside its `SK…` sid: 32 letters and digits of both cases.
  { kind: 'twilio_auth_token', keywords: ['twilio'], values: [alnum(32)], accept: awsSecret },
  {
    kind: 'cloudflare_key',
    keywords: ['cloudflare', 'cf_api', 'cf-api', 'cfapi', 'cf_auth', 'cf_global'],
    values: [hex(37), '[A-Za-z0-9_-]{40}'],
    accept: mixed,
  },
  { kind: 'snyk_token', keywords: ['snyk'], values: [UUID] },
  { kind: 'hubspot_token', keywords: ['hubspot', 'hapikey'], values: [UUID] },
  {
    kind: 'sumologic_key',
    keywords: ['sumo', 'sumologic'],
    values: [`su${alnum(12)}`, alnum(64), alnum(14)],
    accept: mixed,
  },
  {
    kind: 'messagebird_key',
    keywords: ['messagebird', 'message-bird', 'message_bird'],
    values: [alnum(25), UUID],
    accept: mixed,
  },
  {
    kind: 'ibm_cloud_key',
    keywords: [
      'ibm',
      'iam_api',
      'iam-api',
      'cloud_iam',
      'cloud-iam',
      'iamapikey',
      'cos_hmac',
      'cos-hmac',
    ],
    values: ['[A-Za-z0-9_-]{44}', hex(48)],
    accept: mixed,
  },
  {
    kind: 'softlayer_key',
    keywords: ['softlayer', 'sl_api', 'sl-api', ...joined(['sl'], ['api', ''], ['key'])],
    values: ['[a-z0-9]{64}'],
    accept: hexLike,
  },
  {
    kind: 'cloudant_key',
    keywords: [
      'cloudant',
      ...joined(['cl', 'clou'], ['api', ''], ['key', 'pwd', 'pw', 'password', 'pass', 'token']),
    ],
    values: ['[a-z0-9]{24}', hex(64)],
    // Cloudant's API keys may be letters only: then the letters must not repeat like a word's.
    accept: (s) => mixed(s) || (/^[a-z]{24}$/.test(s) && shannonEntropy(s) >= 3.3),
  },
  { kind: 'sidekiq_secret', keywords: ['contribsys', 'sidekiq'], values: [`${hex(8)}:${hex(8)}`] },
  {
    kind: 'mailgun_key',
    keywords: ['mailgun'],
    values: [`${hex(32)}-${hex(8)}-${hex(8)}`, hex(32)],
    accept: hexLike,
  },
  {
    kind: 'datadog_key',
    keywords: ['datadog', 'dd_api', 'dd_app', 'dd-api', 'dd-app'],
    values: [hex(32), hex(40), alnum(40)],
    accept: mixed,
  },
  { kind: 'cohere_key', keywords: ['cohere', 'co_api'], values: [alnum(40)], accept: mixed },
  { kind: 'mistral_key', keywords: ['mistral'], values: [alnum(32)], accept: mixed },
  {
    kind: 'privateai_key',
    keywords: ['privateai', 'private_ai', 'private-ai'],
    values: ['[a-z0-9]{32}'],
    accept: mixed,
  },
  { kind: 'algolia_key', keywords: ['algolia'], values: ['[a-z0-9]{32}'], accept: mixed },
  {
    kind: 'airtable_token',
    keywords: ['airtable'],
    values: [`key${alnum(14)}`, alnum(17)],
    accept: mixed,
  },
  {
    kind: 'asana_token',
    keywords: ['asana'],
    values: [`[0-9]/[0-9]{16}:${alnum(32)}`, alnum(32), '[0-9]{16}'],
    accept: (s) => /\d/.test(s),
  },
  { kind: 'beamer_token', keywords: ['beamer'], values: ['b_[A-Za-z0-9=_-]{44}'] },
  {
    kind: 'bitbucket_token',
    keywords: ['bitbucket'],
    values: [alnum(32), '[A-Za-z0-9=_-]{64}'],
    accept: mixed,
  },
  { kind: 'bittrex_key', keywords: ['bittrex'], values: ['[a-z0-9]{32}'], accept: mixed },
  { kind: 'codecov_token', keywords: ['codecov'], values: [UUID, '[a-z0-9]{32}'], accept: mixed },
  { kind: 'coinbase_token', keywords: ['coinbase'], values: ['[A-Za-z0-9_-]{64}'], accept: mixed },
  {
    kind: 'confluent_key',
    keywords: ['confluent'],
    values: ['[A-Za-z0-9+/]{64}', alnum(16)],
    accept: mixed,
  },
  {
    kind: 'contentful_token',
    keywords: ['contentful'],
    values: ['[A-Za-z0-9=_-]{43}'],
    accept: mixed,
  },
  {
    kind: 'discord_client_secret',
    keywords: ['discord'],
    values: ['[A-Za-z0-9=_-]{32}', '[0-9]{18,19}'],
    accept: (s) => /\d/.test(s),
  },
  { kind: 'droneci_token', keywords: ['drone'], values: [alnum(32)], accept: mixed },
  { kind: 'etsy_token', keywords: ['etsy'], values: ['[a-z0-9]{24}'], accept: mixed },
  {
    kind: 'facebook_secret',
    keywords: ['facebook', 'fb_app', 'fb-app', 'fb_secret'],
    values: [hex(32)],
    accept: hexLike,
  },
  { kind: 'fastly_token', keywords: ['fastly'], values: ['[A-Za-z0-9_=-]{32}'], accept: mixed },
  {
    kind: 'finicity_key',
    keywords: ['finicity'],
    values: [hex(32), '[a-z0-9]{20}'],
    accept: mixed,
  },
  { kind: 'finnhub_token', keywords: ['finnhub'], values: ['[a-z0-9]{20}'], accept: mixed },
  { kind: 'flickr_token', keywords: ['flickr'], values: ['[a-z0-9]{32}'], accept: mixed },
  {
    kind: 'freemius_key',
    keywords: ['freemius'],
    values: ['sk_[A-Za-z0-9$&+,:;=?@#|<>.^*()%!-]{29}'],
  },
  { kind: 'freshbooks_token', keywords: ['freshbooks'], values: ['[a-z0-9]{64}'], accept: mixed },
  { kind: 'gitter_token', keywords: ['gitter'], values: ['[a-z0-9_-]{40}'], accept: mixed },
  { kind: 'gocardless_token', keywords: ['gocardless'], values: ['live_[A-Za-z0-9_=-]{40}'] },
  {
    kind: 'artifactory_token',
    keywords: ['jfrog', 'artifactory', 'bintray', 'xray'],
    // Beside the name, an `AP…` password needs no second digit (token-rules asks for one without it).
    values: [alnum(73), alnum(64), `AP[0-9A-F]${alnum('8,')}`],
    accept: mixed,
  },
  {
    kind: 'kraken_token',
    keywords: ['kraken'],
    values: ['[A-Za-z0-9/=_+-]{80,90}'],
    accept: mixed,
  },
  { kind: 'kucoin_key', keywords: ['kucoin'], values: [UUID, hex(24)], accept: hexLike },
  {
    kind: 'launchdarkly_key',
    keywords: ['launchdarkly'],
    values: ['[A-Za-z0-9=_-]{40}'],
    accept: mixed,
  },
  { kind: 'linear_key', keywords: ['linear'], values: [hex(32)], accept: hexLike },
  {
    kind: 'linkedin_secret',
    keywords: ['linkedin', 'linked-in', 'linked_in'],
    values: [alnum(16), alnum(14)],
    accept: mixed,
  },
  { kind: 'lob_key', keywords: ['lob'], values: [`(?:live|test)_${hex(35)}`] },
  { kind: 'looker_secret', keywords: ['looker'], values: [alnum(24), alnum(20)], accept: mixed },
  { kind: 'mattermost_token', keywords: ['mattermost'], values: ['[a-z0-9]{26}'], accept: mixed },
  { kind: 'meraki_key', keywords: ['meraki'], values: [hex(40)], accept: hexLike },
  {
    kind: 'netlify_token',
    keywords: ['netlify'],
    values: ['[A-Za-z0-9=_-]{40,46}'],
    accept: mixed,
  },
  {
    kind: 'nytimes_key',
    keywords: ['nytimes', 'new-york-times', 'newyorktimes', 'new_york_times'],
    values: ['[A-Za-z0-9=_-]{32}'],
    accept: mixed,
  },
  { kind: 'okta_token', keywords: ['okta'], values: ['00[A-Za-z0-9=_-]{40}'] },
  {
    kind: 'plaid_token',
    keywords: ['plaid'],
    values: ['[a-z0-9]{30}', '[a-z0-9]{24}'],
    accept: mixed,
  },
  {
    kind: 'rapidapi_key',
    keywords: ['rapidapi', 'x-rapidapi'],
    values: ['[A-Za-z0-9_-]{50}'],
    accept: mixed,
  },
  { kind: 'sendbird_token', keywords: ['sendbird'], values: [hex(40), UUID], accept: hexLike },
  { kind: 'sentry_token', keywords: ['sentry'], values: [hex(64)], accept: hexLike },
  { kind: 'squarespace_token', keywords: ['squarespace'], values: [UUID] },
  { kind: 'travisci_token', keywords: ['travis'], values: [alnum(22)], accept: mixed },
  { kind: 'twitch_token', keywords: ['twitch'], values: ['[a-z0-9]{30}'], accept: mixed },
  {
    kind: 'twitter_token',
    keywords: ['twitter'],
    values: [`[0-9]{15,25}-${alnum('20,40')}`, alnum(50), alnum(45), alnum(25)],
    accept: mixed,
  },
  { kind: 'vercel_token', keywords: ['vercel'], values: [alnum(24)], accept: mixed },
  {
    kind: 'yandex_key',
    keywords: ['yandex'],
    values: ['YC[A-Za-z0-9_-]{38}', '[A-Za-z0-9_-]{40}'],
    accept: mixed,
  },
  { kind: 'zendesk_token', keywords: ['zendesk'], values: [alnum(40)], accept: mixed },
  { kind: 'adafruit_key', keywords: ['adafruit'], values: ['[a-z0-9_-]{32}'], accept: mixed },
  { kind: 'adobe_secret', keywords: ['adobe'], values: [hex(32)], accept: hexLike },
  { kind: 'alibaba_secret', keywords: ['alibaba', 'aliyun'], values: [alnum(30)], accept: mixed },
  { kind: 'sonarqube_token', keywords: ['sonar'], values: [hex(40)], accept: hexLike },
  { kind: 'sourcegraph_token', keywords: ['sourcegraph'], values: [hex(40)], accept: hexLike },
  {
    kind: 'vault_token',
    keywords: ['vault'],
    values: [`s\\.${alnum(24)}`, 'b\\.AAAA[A-Za-z0-9+/_-]{50,}'],
  },
  { kind: 'maxmind_key', keywords: ['maxmind', 'geoip'], values: [alnum(16)], accept: mixed },
  { kind: 'intercom_token', keywords: ['intercom'], values: ['[A-Za-z0-9=_-]{60}'], accept: mixed },
  { kind: 'pinecone_key', keywords: ['pinecone'], values: [UUID] },
];
