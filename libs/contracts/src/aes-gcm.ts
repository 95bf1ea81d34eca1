import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM bound to a purpose by its associated data (`aad`: a blob sealed for one purpose does
 * not open for another), written as `<iv>:<tag>:<ciphertext>` in base64url. The stored secrets
 * (LLM keys, the proposal trail) put their own version and key id in front of these parts.
 */
export function sealGcm(
  plain: string,
  key: Buffer,
  aad: Buffer,
  iv: Buffer = randomBytes(12),
): string {
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad);
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), ciphertext].map((b) => b.toString('base64url')).join(':');
}

export interface GcmParts {
  iv: string;
  tag: string;
  ciphertext: string;
}

/** The parts of a sealed value split at `:` (what follows its own prefix), or null if they are not iv, tag and ciphertext. */
export function gcmParts(parts: readonly string[]): GcmParts | null {
  const [iv, tag, ciphertext, ...extra] = parts;
  if (!iv || !tag || ciphertext === undefined || extra.length > 0) return null;
  return { iv, tag, ciphertext };
}

/** The text sealed in `parts`; throws (wrong key, other `aad`, tampered) with a message that echoes neither. */
export function openGcm(parts: GcmParts, key: Buffer, aad: Buffer): string {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(parts.iv, 'base64url'));
  decipher.setAAD(aad);
  decipher.setAuthTag(Buffer.from(parts.tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(parts.ciphertext, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}

/**
 * The payload fields that carry a sealed value, by event type: the LLM key as the ledger stored it,
 * and the proposal trail once sealed (docs/redaction.md). Ciphertext is random base64url, and about one
 * sealed value in fifty holds a run some redaction rule reads as a password; redacting it would destroy
 * the value for good, and it reveals nothing.
 */
export const SEALED_PAYLOAD_FIELDS: Readonly<Record<string, readonly string[]>> = {
  LlmKeyAdded: ['sealedKey'],
  MemoryFactProposed: ['content', 'sensitiveReason'],
};

// `<version>[:<key id>]:<iv>:<tag>:<ciphertext>`: a 12-byte iv and a 16-byte tag in base64url.
const SEALED_VALUE =
  /^(?:[a-z]+:)?v\d+:(?:[A-Za-z0-9_.-]{1,64}:)?[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]*$/;

/** Whether `value` has the shape `sealGcm` writes behind a version prefix, which text in clear has only if made to. */
export function isSealedValue(value: unknown): value is string {
  return typeof value === 'string' && SEALED_VALUE.test(value);
}
