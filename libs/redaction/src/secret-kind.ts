/** Every family the redactor names in its `[REDACTED:kind]` placeholders. */
export const SECRET_KINDS = [
  'anthropic_key',
  'openai_key',
  'groq_key',
  'github_token',
  'github_fine_grained_token',
  'gitlab_token',
  'slack_token',
  'slack_webhook',
  'aws_access_key',
  'aws_secret_key',
  'google_api_key',
  'stripe_key',
  'npm_token',
  'pypi_token',
  'huggingface_token',
  'digitalocean_token',
  'databricks_token',
  'shopify_token',
  'atlassian_token',
  'sendgrid_key',
  'mailgun_key',
  'twilio_api_key',
  'twilio_account_sid',
  'twilio_auth_token',
  'heroku_api_key',
  'discord_bot_token',
  'discord_webhook',
  'telegram_bot_token',
  'azure_storage_key',
  'azure_sas_token',
  'gcp_service_account',
  'jwt',
  'bearer_token',
  'basic_auth',
  'private_key',
  'connection_string',
  'basic_auth_url',
  'password',
  'secret',
  'high_entropy',
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

export const placeholder = (kind: SecretKind): string => `[REDACTED:${kind}]`;

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
