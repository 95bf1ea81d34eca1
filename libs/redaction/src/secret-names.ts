/**
 * Deciding whether an identifier (an assignment key, a CLI flag, a JSON key, a
 * header) names a secret. Works on segments (`DB_PASSWORD` → db, password;
 * `clientSecret` → client, secret) so `author` or `monkey` never qualify.
 */

const SECRET_SEGMENTS = new Set([
  'password',
  'passwd',
  'passphrase',
  'passcode',
  'pass',
  'pwd',
  'secret',
  'secrets',
  'token',
  'auth',
  'authorization',
  'credential',
  'credentials',
  'apikey',
  'privatekey',
  'accesskey',
  'secretkey',
  'clientsecret',
  'authtoken',
  'accesstoken',
  'refreshtoken',
  'sessiontoken',
  'bearer',
  'cookie',
  'requirepass',
  'masterauth',
]);

/** Two-segment names: `api_key`, `private-key`, `signingKey`. */
const SECRET_PAIRS = new Set([
  'api:key',
  'access:key',
  'private:key',
  'secret:key',
  'signing:key',
  'encryption:key',
  'master:key',
  'account:key',
  'priv:key',
  'service:key',
  'client:key',
  'db:key',
  'database:key',
  'session:key',
  'client:secret',
  'auth:key',
]);

/** Run-together lowercase names: `dbpassword`, `githubtoken`, `myapikey`. */
const SECRET_SUFFIXES = [
  'password',
  'passwd',
  'secret',
  'token',
  'apikey',
  'privatekey',
  'accesskey',
];

const PASSWORD_SEGMENTS = new Set(['password', 'passwd', 'passphrase', 'passcode', 'pass', 'pwd']);

/**
 * Segments that turn a secret-sounding name into metadata about it:
 * `max_tokens`, `token_count`, `password_min_length`, `auth_url`, `secret_name`.
 */
const METADATA_SEGMENTS = new Set([
  'max',
  'min',
  'count',
  'counts',
  'limit',
  'limits',
  'usage',
  'num',
  'number',
  'budget',
  'input',
  'output',
  'total',
  'length',
  'len',
  'size',
  'type',
  'types',
  'ttl',
  'expiry',
  'expires',
  'expiration',
  'expire',
  'endpoint',
  'url',
  'uri',
  'path',
  'file',
  'name',
  'header',
  'field',
  'prefix',
  'env',
  'var',
  'estimate',
  'estimated',
  'window',
  'policy',
  'hint',
  'label',
  'placeholder',
  'reset',
  'changed',
  'required',
  'enabled',
  'mode',
  'method',
  'provider',
  'format',
  'version',
  'id',
  'ids',
  'index',
  'position',
  'kind',
  'scope',
  'scopes',
  'at',
  'rotation',
  'strength',
  'arn',
  'ref',
  'location',
  'region',
  'mount',
  'manager',
  'backend',
  'pattern',
  'regex',
  'validator',
  'validation',
  'storage',
  'bucket',
  'prompt',
  'message',
  'error',
  'description',
  'address',
  'encoder',
  'encoding',
  'hasher',
  'algorithm',
  'algo',
  'strategy',
  'generator',
  'complexity',
  'rule',
  'rules',
  'timeout',
  'lifetime',
  'duration',
  'attempts',
  'retries',
  'handler',
  'factory',
  'class',
]);

/** The shell's working directory, not a password. */
const SHELL_NAMES = new Set(['PWD', 'OLDPWD']);

export function splitSegments(identifier: string): string[] {
  return identifier
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((s) => s.length > 0);
}

export type SecretNameKind = 'password' | 'secret';

/** `password` or `secret` when the identifier names one, else null. */
export function secretNameKind(identifier: string): SecretNameKind | null {
  // `process.env.AUTH_SECRET`, `db.password`, `password.length`: the last part names the thing.
  const parts = identifier.replace(/^[-]+|[.\-_]+$/g, '').split('.');
  // `fs.s3a.secret.key`, `aws.access.key`: a bare `key` is named by the part before it.
  const bare =
    parts.length > 1 && parts[parts.length - 1].toLowerCase() === 'key'
      ? `${parts[parts.length - 2]}_key`
      : parts[parts.length - 1];
  if (bare.length === 0 || SHELL_NAMES.has(bare)) return null;
  const segments = splitSegments(bare);
  if (segments.some((s) => METADATA_SEGMENTS.has(s))) return null;
  let named = false;
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i];
    if (PASSWORD_SEGMENTS.has(s) || s.endsWith('password') || s.endsWith('passwd'))
      return 'password';
    if (SECRET_SEGMENTS.has(s) || SECRET_SUFFIXES.some((x) => s.endsWith(x))) named = true;
    if (i > 0 && SECRET_PAIRS.has(`${segments[i - 1]}:${s}`)) named = true;
  }
  return named ? 'secret' : null;
}

export const namesSecret = (identifier: string): boolean => secretNameKind(identifier) !== null;
