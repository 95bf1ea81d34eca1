import { createCipheriv, createDecipheriv, createHash, randomBytes, scryptSync } from 'node:crypto';

const VERSION = 'v1';
// Binds a ciphertext to its purpose: an LLM key blob cannot be replayed where another secret is expected.
const AAD = Buffer.from('mnemo:llm-key:v1');
const SALT = 'mnemo:llm-keys:master:v1';

export class SecretBoxError extends Error {
  readonly code = 'secret_unreadable';
}

/**
 * A 32-byte AES key from `MNEMO_SECRET_KEY`. scrypt, because the variable may be a passphrase
 * rather than random bytes; the fixed salt keeps it deterministic across instances.
 */
export function deriveMasterKey(secret: string): Buffer {
  if (!secret) throw new SecretBoxError('MNEMO_SECRET_KEY is empty: keys cannot be stored or read');
  return scryptSync(secret, SALT, 32);
}

const b64 = (bytes: Buffer): string => bytes.toString('base64url');

/** AES-256-GCM; the result is `v1:<iv>:<tag>:<ciphertext>` in base64url, versioned so the scheme can change. */
export function encryptSecret(
  plain: string,
  masterKey: Buffer,
  iv: Buffer = randomBytes(12),
): string {
  const cipher = createCipheriv('aes-256-gcm', masterKey, iv);
  cipher.setAAD(AAD);
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, b64(iv), b64(cipher.getAuthTag()), b64(ciphertext)].join(':');
}

export function decryptSecret(blob: string, masterKey: Buffer): string {
  const [version, iv, tag, ciphertext, ...extra] = blob.split(':');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined || extra.length > 0) {
    throw new SecretBoxError('stored secret has an unknown format');
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', masterKey, Buffer.from(iv, 'base64url'));
    decipher.setAAD(AAD);
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(ciphertext, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  } catch (cause) {
    // Wrong master key or a tampered blob; the message must not echo either.
    throw new SecretBoxError('stored secret cannot be decrypted (was MNEMO_SECRET_KEY changed?)', {
      cause,
    });
  }
}

/** A stable, non-reversible id for a key (logs, caches) that reveals nothing of it. */
export function fingerprintSecret(plain: string): string {
  return createHash('sha256').update(plain).digest('hex').slice(0, 12);
}
