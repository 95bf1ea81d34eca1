/** Every family the redactor names in its `[REDACTED:kind]` placeholders. */
export const SECRET_KINDS = [
  'adafruit_key', 'adobe_secret', 'age_secret_key', 'airtable_token', 'algolia_key', 'alibaba_access_key',
  'alibaba_secret', 'anthropic_key', 'artifactory_token', 'asana_token', 'atlassian_token', 'authress_key',
  'aws_access_key', 'aws_bedrock_key', 'aws_secret_key', 'azure_ad_client_secret', 'azure_devops_token',
  'azure_sas_token', 'azure_storage_key', 'beamer_token', 'bitbucket_token', 'bittrex_key', 'braintree_token',
  'circleci_token', 'clickhouse_key', 'clojars_token', 'cloudant_key', 'cloudflare_key', 'cloudflare_origin_ca_key',
  'codecov_token', 'cohere_key', 'coinbase_token', 'confluent_key', 'contentful_token', 'databricks_token',
  'datadog_key', 'defined_networking_token', 'digitalocean_token', 'discord_bot_token', 'discord_client_secret',
  'discord_webhook', 'docker_hub_token', 'doppler_token', 'droneci_token', 'dropbox_token', 'duffel_token',
  'dynatrace_token', 'easypost_token', 'etsy_token', 'facebook_secret', 'facebook_token', 'fastly_token',
  'finicity_key', 'finnhub_token', 'flickr_token', 'flutterwave_key', 'flyio_token', 'frameio_token', 'freemius_key',
  'freshbooks_token', 'gcp_service_account', 'github_fine_grained_token', 'github_token', 'gitlab_token',
  'gitter_token', 'gocardless_token', 'google_api_key', 'google_oauth_secret', 'google_oauth_token', 'grafana_token',
  'groq_key', 'harness_token', 'heroku_api_key', 'hubspot_token', 'huggingface_org_token', 'huggingface_token',
  'ibm_cloud_key', 'infracost_token', 'intercom_token', 'intra42_secret', 'jwt', 'kraken_token', 'kucoin_key',
  'launchdarkly_key', 'linear_key', 'linkedin_secret', 'lob_key', 'looker_secret', 'mailchimp_key', 'mailgun_key',
  'mapbox_token', 'mattermost_token', 'maxmind_key', 'meraki_key', 'messagebird_key', 'mistral_key', 'netlify_token',
  'new_relic_key', 'notion_token', 'npm_token', 'nuget_key', 'nytimes_key', 'octopus_deploy_key', 'okta_token',
  'onepassword_secret_key', 'onepassword_token', 'openai_key', 'openshift_token', 'perplexity_key', 'pinecone_key',
  'plaid_token', 'planetscale_token', 'postman_token', 'prefect_token', 'privateai_key', 'pulumi_token',
  'pypi_token', 'rapidapi_key', 'razorpay_key', 'readme_token', 'render_key', 'replicate_token', 'rubygems_token',
  'scalingo_token', 'sendbird_token', 'sendgrid_key', 'sendinblue_key', 'sentry_token', 'settlemint_token',
  'shippo_token', 'shopify_token', 'sidekiq_secret', 'slack_token', 'slack_webhook', 'snyk_token', 'softlayer_key',
  'sonarqube_token', 'sourcegraph_token', 'square_token', 'squarespace_token', 'stripe_key', 'sumologic_key',
  'supabase_token', 'teams_webhook', 'telegram_bot_token', 'terraform_token', 'travisci_token', 'twilio_account_sid',
  'twilio_api_key', 'twilio_auth_token', 'twitch_token', 'twitter_token', 'typeform_token', 'vault_token',
  'vercel_token', 'xai_key', 'yandex_key', 'zendesk_token', 'bearer_token', 'basic_auth', 'private_key',
  'connection_string', 'basic_auth_url', 'kubernetes_secret', 'cli_credential', 'password', 'secret', 'high_entropy',
] as const;

export type SecretKind = (typeof SECRET_KINDS)[number];

/** Where a secret sat in the ORIGINAL text. Never carries the secret itself. */
export interface Finding {
  readonly kind: SecretKind;
  readonly start: number;
  readonly end: number;
}

export interface RedactionResult {
  readonly text: string;
  readonly findings: Finding[];
}

/** Built once per kind: a later pass looks each one up by its text, and a string built anew is hashed anew. */
/** How every placeholder begins: a cheap indexOf before the PLACEHOLDER_SOURCE regex. */
export const PLACEHOLDER_START = '[REDACTED:';
const PLACEHOLDERS = new Map<string, string>(SECRET_KINDS.map((kind) => [kind, `${PLACEHOLDER_START}${kind}]`]));
export const placeholder = (kind: SecretKind): string => PLACEHOLDERS.get(kind)!;

/** Matches any placeholder, ours or one that arrived already redacted upstream. */
export const PLACEHOLDER_SOURCE = String.raw`\[REDACTED:[a-z0-9_]+\]`;

/**
 * A candidate the detectors propose. Provider-shaped matches outrank key-named
 * assignments, which outrank bare entropy, so an overlap keeps the most telling kind.
 */
export interface Candidate extends Finding {
  readonly rank: 1 | 2 | 3;
}

export const RANK_ENTROPY = 1;
export const RANK_ASSIGNMENT = 2;
export const RANK_SHAPE = 3;
