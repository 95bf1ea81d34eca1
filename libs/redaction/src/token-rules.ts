import type { SecretKind } from './secret-kind';

/**
 * Left boundary: the token must not continue a word. A letter after a backslash
 * still counts as a boundary so `\nghp_…` inside JSON-escaped tool output matches;
 * a `]` counts as a word so text glued to a placeholder is judged the same on a
 * second pass (idempotency).
 */
const B = String.raw`(?<!(?<!\\)[A-Za-z0-9_\]])`;

export interface TokenRule {
  readonly kind: SecretKind;
  /** Cheap regex source that matches at the rule's start; all triggers share one scan. */
  readonly trigger: string;
  /** Full shape, anchored at the trigger. A `secret` group narrows what is replaced. */
  readonly pattern: string;
  /** Rejects shape matches that are plainly not random (words, names). */
  readonly accept?: (secret: string) => boolean;
}

const hasDigit = (s: string): boolean => /\d/.test(s);
const hasMixedCase = (s: string): boolean => /[a-z]/.test(s) && /[A-Z]/.test(s);
const randomish = (s: string): boolean => hasDigit(s) && /[A-Za-z]/.test(s);

/** Basic credentials are base64 of `user:pass`; decoding keeps prose like "Basic Configuration" out. */
const isBasicCredential = (s: string): boolean => {
  try {
    return atob(s).includes(':');
  } catch {
    return false;
  }
};

// Order matters only where two shapes start at the same place: the first accepted wins.
export const TOKEN_RULES: readonly TokenRule[] = [
  { kind: 'anthropic_key', trigger: 'sk-ant-', pattern: `${B}sk-ant-[A-Za-z0-9_-]{20,}` },
  {
    kind: 'openai_key',
    trigger: 'sk-',
    pattern: `${B}sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}`,
    accept: randomish,
  },
  {
    kind: 'stripe_key',
    trigger: '[rs]k_(?:live|test)_|whsec_',
    pattern: `${B}(?:[rs]k_(?:live|test)_[A-Za-z0-9]{16,}|whsec_[A-Za-z0-9+/=]{24,})`,
  },
  { kind: 'groq_key', trigger: 'gsk_', pattern: `${B}gsk_[A-Za-z0-9]{20,}` },
  { kind: 'github_fine_grained_token', trigger: 'github_pat_', pattern: `${B}github_pat_[A-Za-z0-9_]{40,}` },
  { kind: 'github_token', trigger: 'gh[pousr]_', pattern: `${B}gh[pousr]_[A-Za-z0-9]{30,}` },
  {
    kind: 'gitlab_token',
    trigger: 'gl(?:pat|dt|ptt|rt|cbt|imt|agent|oas|soat|ffct|ft)-',
    pattern: `${B}gl(?:pat|dt|ptt|rt|cbt|imt|agent|oas|soat|ffct|ft)-[A-Za-z0-9_-]{20,}`,
  },
  { kind: 'slack_token', trigger: 'xox[abeprs]-', pattern: `${B}xox[abeprs]-[A-Za-z0-9-]{10,}`, accept: hasDigit },
  {
    kind: 'slack_webhook',
    trigger: String.raw`hooks\.slack\.com/`,
    pattern: String.raw`hooks\.slack\.com/(?:services|workflows)/(?<secret>[A-Za-z0-9_]+/[A-Za-z0-9_]+/[A-Za-z0-9_]+)`,
  },
  {
    kind: 'discord_webhook',
    trigger: String.raw`discord(?:app)?\.com/api/webhooks/`,
    pattern: String.raw`discord(?:app)?\.com/api/webhooks/(?<secret>\d{5,}/[A-Za-z0-9_-]{20,})`,
  },
  {
    kind: 'aws_access_key',
    trigger: 'A(?:KIA|SIA|GPA|IDA|ROA|IPA|NPA|NVA|BIA|CCA)',
    pattern: `${B}A(?:KIA|SIA|GPA|IDA|ROA|IPA|NPA|NVA|BIA|CCA)[A-Z0-9]{16}(?![A-Za-z0-9])`,
  },
  { kind: 'google_api_key', trigger: 'AIza', pattern: `${B}AIza[A-Za-z0-9_-]{35,}` },
  { kind: 'npm_token', trigger: 'npm_', pattern: `${B}npm_[A-Za-z0-9]{30,}`, accept: hasDigit },
  { kind: 'pypi_token', trigger: 'pypi-', pattern: `${B}pypi-[A-Za-z0-9_-]{40,}` },
  { kind: 'huggingface_token', trigger: 'hf_', pattern: `${B}hf_[A-Za-z0-9]{30,}`, accept: hasMixedCase },
  { kind: 'digitalocean_token', trigger: 'do[opr]_v1_', pattern: `${B}do[opr]_v1_[a-f0-9]{64}` },
  { kind: 'databricks_token', trigger: 'dapi', pattern: `${B}dapi[a-f0-9]{32}(?:-\\d+)?(?![A-Za-z0-9])` },
  { kind: 'shopify_token', trigger: 'shp(?:at|ss|ca|pa)_', pattern: `${B}shp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}` },
  { kind: 'atlassian_token', trigger: 'ATATT', pattern: `${B}ATATT[A-Za-z0-9_=-]{40,}` },
  {
    kind: 'sendgrid_key',
    trigger: String.raw`SG\.`,
    pattern: String.raw`${B}SG\.[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{20,64}`,
  },
  { kind: 'mailgun_key', trigger: 'key-', pattern: `${B}key-[a-f0-9]{32}(?![A-Za-z0-9])` },
  { kind: 'twilio_api_key', trigger: 'SK[0-9a-f]', pattern: `${B}SK[0-9a-f]{32}(?![A-Za-z0-9])` },
  { kind: 'twilio_account_sid', trigger: 'AC[0-9a-f]', pattern: `${B}AC[0-9a-f]{32}(?![A-Za-z0-9])` },
  {
    kind: 'jwt',
    trigger: 'eyJ',
    pattern: String.raw`${B}eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]*`,
  },
  {
    kind: 'bearer_token',
    trigger: '[Bb]earer[ \\t]',
    pattern: String.raw`${B}[Bb]earer[ \t]+(?<secret>[A-Za-z0-9._~+/-]{16,}=*)`,
    accept: (s) => hasDigit(s) || /[a-z][A-Z]/.test(s),
  },
  {
    kind: 'basic_auth',
    trigger: '[Bb]asic[ \\t]',
    pattern: String.raw`${B}[Bb]asic[ \t]+(?<secret>[A-Za-z0-9+/]{8,}={0,2})(?![A-Za-z0-9+/=])`,
    accept: isBasicCredential,
  },
  {
    kind: 'azure_storage_key',
    trigger: '(?:Account|SharedAccess)Key=',
    pattern: '(?:AccountKey|SharedAccessKey)=(?<secret>[A-Za-z0-9+/]{20,}={0,2})',
  },
  { kind: 'azure_sas_token', trigger: 'sig=', pattern: '(?<=[?&;])sig=(?<secret>[A-Za-z0-9%+/=]{20,})' },
  {
    kind: 'gcp_service_account',
    trigger: '"private_key_id"',
    pattern: String.raw`"private_key_id"[ \t]*:[ \t]*"(?<secret>[A-Za-z0-9]{16,})"`,
  },
  {
    kind: 'telegram_bot_token',
    trigger: String.raw`\d{8,10}:AA`,
    pattern: String.raw`(?<!\d)\d{8,10}:AA[A-Za-z0-9_-]{30,}`,
  },
  {
    kind: 'discord_bot_token',
    trigger: String.raw`[MNO][A-Za-z0-9_-]{23,27}\.`,
    pattern: String.raw`${B}[MNO][A-Za-z0-9_-]{23,27}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,40}`,
    accept: hasDigit,
  },
];
