import { B, E, hasDigit, randomish, type TokenRule } from './token-rule';

const UUID = '[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}';

export const COMMS_AND_PAYMENTS_RULES: readonly TokenRule[] = [
  // Slack: bot, user, app-level, refresh, config and legacy workspace tokens.
  {
    kind: 'slack_token',
    prefixes: ['xoxa-', 'xoxb-', 'xoxe-', 'xoxo-', 'xoxp-', 'xoxr-', 'xoxs-', 'xoxc-', 'xoxd-'],
    pattern: `${B}xox[abcdeoprs]-[A-Za-z0-9-]{20,}`,
    accept: hasDigit,
  },
  {
    kind: 'slack_token',
    prefixes: ['xoxe.xox'],
    pattern: `${B}xoxe\\.xox[bp]-\\d-[A-Za-z0-9]{100,}`,
  },
  {
    kind: 'slack_token',
    prefixes: ['xapp-'],
    pattern: `${B}xapp-\\d-[A-Z0-9]+-\\d+-[a-z0-9]{32,}`,
  },
  // SoftLayer's API URLs carry the key as a path segment.
  {
    kind: 'softlayer_key',
    prefixes: ['.softlayer.com/'],
    pattern: String.raw`(?<=\bapi(?:\.service)?)\.softlayer\.com/(?:soap|rest|mobile|xmlrpc)/v3(?:\.1)?/(?<secret>[a-z0-9]{64})${E}`,
  },
  // The whole URL is the credential: whoever holds it can post, so the scheme and host go with it.
  {
    kind: 'slack_webhook',
    prefixes: ['https://hooks.slack.com/', 'http://hooks.slack.com/', 'hooks.slack.com/'],
    pattern: String.raw`(?:https?://)?hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9_]+(?:/[A-Za-z0-9_]+){2,3}`,
  },
  {
    kind: 'discord_webhook',
    prefixes: ['discord.com/api/webhooks/', 'discordapp.com/api/webhooks/'],
    pattern: String.raw`discord(?:app)?\.com/api/webhooks/(?<secret>\d{5,}/[A-Za-z0-9_-]{20,})`,
  },
  {
    kind: 'teams_webhook',
    prefixes: ['.webhook.office.com/webhookb2/'],
    pattern: String.raw`\.webhook\.office\.com/webhookb2/(?<secret>[a-z0-9-]{36}@[a-z0-9-]{36}/IncomingWebhook/[a-z0-9]{32}/[a-z0-9-]{36}(?:/[A-Za-z0-9_-]+)?)`,
  },
  {
    kind: 'discord_bot_token',
    trigger: String.raw`[MNO][A-Za-z0-9_-]{23,27}\.`,
    pattern: String.raw`${B}[MNO][A-Za-z0-9_-]{23,27}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,40}`,
    accept: hasDigit,
  },
  {
    kind: 'telegram_bot_token',
    trigger: ':AA',
    back: 10,
    pattern: String.raw`(?<!\d)\d{8,10}:AA[A-Za-z0-9_-]{30,}`,
  },
  {
    kind: 'sendgrid_key',
    prefixes: ['SG.'],
    pattern: String.raw`${B}SG\.[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{20,64}`,
  },
  {
    kind: 'sendinblue_key',
    prefixes: ['xkeysib-', 'xsmtpsib-'],
    pattern: `${B}x(?:keysib|smtpsib)-[a-f0-9]{64}-[A-Za-z0-9]{16}${E}`,
  },
  {
    kind: 'mailgun_key',
    // 32 lower-case letters and digits (not only hex) after `key-`.
    prefixes: ['key-', 'pubkey-'],
    pattern: `${B}(?:pub)?key-[a-z0-9]{32}${E}`,
    accept: randomish,
  },
  // Mailchimp: 32 hex, a dash and the data centre ("-us6").
  {
    kind: 'mailchimp_key',
    trigger: String.raw`-us\d`,
    back: 32,
    pattern: `${B}[a-f0-9]{32}-us[0-9]{1,2}${E}`,
  },
  {
    kind: 'mailchimp_key',
    prefixes: ['md-'],
    pattern: `${B}md-[A-Za-z0-9_-]{22}${E}`,
    accept: randomish,
  },
  // Twilio documents hex; keys written as lower-case letters and digits are the same shape to a reader.
  {
    kind: 'twilio_api_key',
    prefixes: ['SK'],
    pattern: `${B}SK(?:[0-9a-fA-F]{32}|[0-9a-z]{32})${E}`,
    accept: randomish,
  },
  {
    kind: 'twilio_account_sid',
    prefixes: ['AC'],
    pattern: `${B}AC[0-9a-z]{32}${E}`,
    accept: randomish,
  },
  {
    kind: 'hubspot_token',
    prefixes: ['pat-na1-', 'pat-eu1-', 'pat-na2-', 'pat-ap1-'],
    pattern: `${B}pat-(?:na|eu|ap)[12]-${UUID}${E}`,
  },
  {
    kind: 'notion_token',
    prefixes: ['secret_'],
    pattern: `${B}secret_[A-Za-z0-9]{43}${E}`,
    accept: randomish,
  },
  { kind: 'notion_token', prefixes: ['ntn_'], pattern: `${B}ntn_[0-9]{11}[A-Za-z0-9]{32,40}${E}` },
  {
    kind: 'intra42_secret',
    prefixes: ['s-s4t2ud-', 's-s4t2af-'],
    pattern: `${B}s-s4t2(?:ud|af)-[a-f0-9]{64}${E}`,
  },
  {
    kind: 'maxmind_key',
    trigger: '_mmk',
    back: 37,
    pattern: `${B}[A-Za-z0-9]{6}_[A-Za-z0-9]{29}_mmk${E}`,
  },
  // Meta: user, page and system-user tokens start EAA; an app token is "<app id>|<app secret>".
  {
    kind: 'facebook_token',
    prefixes: ['EAA'],
    pattern: `${B}EAA[A-Za-z0-9]{80,}`,
    accept: randomish,
  },
  {
    kind: 'facebook_token',
    trigger: String.raw`\|`,
    back: 16,
    pattern: String.raw`(?<!\d)\d{15,16}\|[A-Za-z0-9_-]{27,}`,
  },
  {
    kind: 'twitter_token',
    prefixes: ['AAAAAAAAAAAAAAAAAAAA'],
    pattern: `${B}A{20,}[A-Za-z0-9%]{60,}`,
    accept: randomish,
  },
  { kind: 'dropbox_token', prefixes: ['sl.'], pattern: `${B}sl\\.(?:u\\.)?[A-Za-z0-9_=-]{130,}` },
  {
    kind: 'dropbox_token',
    trigger: 'AAAAAAAAAA[A-Za-z0-9_=-]{43}',
    back: 11,
    pattern: `${B}[a-z0-9]{11}AAAAAAAAAA[A-Za-z0-9_=-]{43}`,
  },
  {
    kind: 'mapbox_token',
    prefixes: ['pk.eyJ', 'sk.eyJ', 'tk.eyJ'],
    pattern: `${B}[pst]k\\.eyJ[A-Za-z0-9_-]{20,}\\.[A-Za-z0-9_-]{20,}`,
  },
  // Payments.
  {
    kind: 'stripe_key',
    prefixes: ['sk_live_', 'sk_test_', 'sk_prod_', 'rk_live_', 'rk_test_', 'rk_prod_'],
    pattern: `${B}[rs]k_(?:live|test|prod)_[A-Za-z0-9]{16,}`,
  },
  { kind: 'stripe_key', prefixes: ['whsec_'], pattern: `${B}whsec_[A-Za-z0-9+/=]{24,}` },
  {
    kind: 'square_token',
    prefixes: ['sq0atp-', 'sq0csp-', 'sq0idp-'],
    pattern: `${B}sq0(?:atp|csp|idp)-[A-Za-z0-9_-]{22,43}`,
  },
  {
    kind: 'square_token',
    prefixes: ['EAAA'],
    pattern: `${B}EAAA[A-Za-z0-9_+-]{60}(?![A-Za-z0-9_+-])`,
  },
  {
    kind: 'shippo_token',
    prefixes: ['shippo_live_', 'shippo_test_'],
    pattern: `${B}shippo_(?:live|test)_[a-f0-9]{40}${E}`,
  },
  {
    kind: 'duffel_token',
    prefixes: ['duffel_live_', 'duffel_test_'],
    pattern: `${B}duffel_(?:live|test)_[A-Za-z0-9_=-]{43}`,
  },
  {
    kind: 'flutterwave_key',
    prefixes: ['FLWPUBK', 'FLWSECK'],
    pattern: `${B}FLW(?:PUBK|SECK)(?:_TEST)?-?[a-h0-9]{12,32}(?:-X)?`,
  },
  {
    kind: 'razorpay_key',
    prefixes: ['rzp_live_', 'rzp_test_'],
    pattern: `${B}rzp_(?:live|test)_[A-Za-z0-9]{14,}`,
  },
  {
    kind: 'plaid_token',
    prefixes: ['access-sandbox-', 'access-development-', 'access-production-'],
    pattern: `${B}access-(?:sandbox|development|production)-${UUID}`,
  },
  {
    kind: 'braintree_token',
    prefixes: ['access_token$'],
    pattern: String.raw`access_token\$(?:production|sandbox)\$[a-z0-9]{16}\$[a-f0-9]{32}`,
  },
  {
    kind: 'lob_key',
    prefixes: ['live_pub_', 'test_pub_'],
    pattern: `${B}(?:live|test)_pub_[a-f0-9]{31}${E}`,
  },
  {
    kind: 'adobe_secret',
    prefixes: ['p8e-'],
    pattern: `${B}p8e-[A-Za-z0-9]{32}${E}`,
    accept: randomish,
  },
];
