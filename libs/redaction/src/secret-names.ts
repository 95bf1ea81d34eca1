/**
 * Deciding whether an identifier (an assignment key, a CLI flag, a JSON key, a
 * header) names a secret. Works on segments (`DB_PASSWORD` → db, password;
 * `clientSecret` → client, secret) so `author` or `monkey` never qualify.
 */

/** Password segments (PASSWORD_SEGMENTS) are read before these. */
const SECRET_SEGMENTS = new Set([
  'secret',
  'secrets',
  'token',
  'auth',
  'authorization',
  'credential',
  'credentials',
  'apikey',
  'privkey',
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
  'salt',
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

/** `pw`, `psw`, `pword`: the short forms code gives a password (`root_pw`, `smtpPsw`). */
const PASSWORD_SEGMENTS = new Set([
  'password',
  'passwd',
  'passphrase',
  'passcode',
  'pass',
  'pwd',
  'pw',
  'psw',
  'pword',
  'keypass',
  // Other languages' words for it, as keyword scanners list them (`contraseña` is read as `contrasena`).
  'contrasena',
  'passwort',
  'senha',
]);

/**
 * Words distinctive enough to name a secret anywhere inside a run-together name (`fooapikeyfoo`,
 * `mypasswordforstuff`), as scanners' keyword detectors read them; `secret` and `token` are not
 * (`secretary`, `tokenizer`).
 */
const INNER_PASSWORDS = ['password', 'passwd'];
const INNER_SECRETS = ['apikey', 'privatekey', 'secretkey', 'accesskey'];
/** Java's keytool and its kin: `-storepass`, `-srcstorepass`, `-destkeypass`, `truststorepass`. */
const KEYSTORE_PASSWORDS = ['storepass', 'keypass'];

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
  const last = parts.at(-1) ?? '';
  const before = parts.at(-2);
  const pairName = before !== undefined && last.toLowerCase() === 'key' ? `${before}_key` : last;
  const bare =
    pairName.includes('ñ') || pairName.includes('Ñ') ? pairName.replace(/ñ/gi, 'n') : pairName;
  if (bare.length === 0 || SHELL_NAMES.has(bare)) return null;
  const segments = splitSegments(bare);
  if (isStorageAccountKey(segments)) return 'secret';
  if (segments.some((s) => METADATA_SEGMENTS.has(s))) return null;
  let named = false;
  for (const [i, s] of segments.entries()) {
    if (
      PASSWORD_SEGMENTS.has(s) ||
      INNER_PASSWORDS.some((x) => s.includes(x)) ||
      KEYSTORE_PASSWORDS.some((x) => s.endsWith(x))
    )
      return 'password';
    // `db_creds`, but not `credsStore` (where a helper keeps them).
    if ((s === 'creds' || s === 'cred') && i === segments.length - 1) named = true;
    if (
      SECRET_SEGMENTS.has(s) ||
      SECRET_SUFFIXES.some((x) => s.endsWith(x)) ||
      INNER_SECRETS.some((x) => s.includes(x))
    )
      named = true;
    if (i > 0 && SECRET_PAIRS.has(`${segments[i - 1]}:${s}`)) named = true;
  }
  return named ? 'secret' : null;
}

/**
 * `STORAGE_ACCOUNT_KEY`, `AZURE_STORAGE_KEY`: a cloud storage account's shared key, though `storage`
 * alone is metadata (`token_storage`) and `storage_key` alone may name an object's path.
 */
function isStorageAccountKey(segments: readonly string[]): boolean {
  const n = segments.length;
  if (n < 2 || segments[n - 1] !== 'key') return false;
  if (n >= 3 && segments[n - 3] === 'storage' && segments[n - 2] === 'account') return true;
  return segments[n - 2] === 'storage' && segments.slice(0, n - 2).some((s) => CLOUDS.has(s));
}
const CLOUDS = new Set(['azure', 'az', 'gcs', 'gcp', 'google', 'aws', 'ibm', 'oci', 'cloud']);

export const namesSecret = (identifier: string): boolean => secretNameKind(identifier) !== null;
