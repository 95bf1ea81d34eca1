import { createHash, randomBytes, scryptSync } from 'node:crypto';
import { gcmParts, openGcm, sealGcm } from '@mnemo/contracts';

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

/** AES-256-GCM; the result is `v1:<iv>:<tag>:<ciphertext>` in base64url, versioned so the scheme can change. */
export function encryptSecret(
  plain: string,
  masterKey: Buffer,
  iv: Buffer = randomBytes(12),
): string {
  return `${VERSION}:${sealGcm(plain, masterKey, AAD, iv)}`;
}

export function decryptSecret(blob: string, masterKey: Buffer): string {
  const [version, ...rest] = blob.split(':');
  const parts = gcmParts(rest);
  if (version !== VERSION || !parts) {
    throw new SecretBoxError('stored secret has an unknown format');
  }
  try {
    return openGcm(parts, masterKey, AAD);
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
