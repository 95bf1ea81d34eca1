import { randomBytes } from 'node:crypto';
import { gcmParts, openGcm, sealGcm } from '@mnemo/contracts';

/**
 * The proposal trail at rest (docs/memory-facts.md, "The proposal trail at rest"): the text of a
 * proposal, and the reason that quotes it, are sealed with AES-256-GCM before they reach the event
 * log, so neither the log nor any table built from it holds them in clear. Each ciphertext names
 * the key it was sealed with; of the configured keys the first seals and any opens, so a key is
 * rotated by putting a new one first and dropping the old one once nothing sealed with it is kept.
 */
const PREFIX = 'trail:v1:';
// Binds a ciphertext to its purpose: a trail blob cannot stand in for another kind of secret.
const AAD = Buffer.from('mnemo:trail:v1');
const KEY_ID = /^[A-Za-z0-9_.-]{1,32}$/;

export interface TrailKey {
  id: string;
  key: Buffer;
}

export class TrailKeyError extends Error {
  readonly code = 'trail_key_invalid';
}

/**
 * The key every unconfigured run seals with, so a zero-config start works and replays. It is public
 * (it is in the source), so it protects nothing: set MNEMO_TRAIL_KEYS anywhere the data matters.
 */
export const EMBEDDED_TRAIL_KEY: TrailKey = {
  id: 'embedded',
  key: Buffer.from('mnemo-embedded-trail-key-public!', 'utf8'),
};

/**
 * `MNEMO_TRAIL_KEYS`: `id:key[,id:key…]`, each key 32 bytes in base64 or base64url (`openssl rand
 * -base64 32`), newest first. Throws TrailKeyError naming the entry and what is wrong with it.
 */
export function parseTrailKeys(spec: string): TrailKey[] {
  const entries = spec
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) throw new TrailKeyError('no key given: expected id:base64key[,…]');
  const keys = entries.map((entry, i) => {
    const colon = entry.indexOf(':');
    const id = colon > 0 ? entry.slice(0, colon) : '';
    const material = colon > 0 ? entry.slice(colon + 1) : '';
    if (!KEY_ID.test(id))
      throw new TrailKeyError(
        `entry ${i + 1}: expected id:base64key, the id 1–32 letters, digits, _ . or -`,
      );
    if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(material))
      throw new TrailKeyError(`key "${id}": not base64`);
    const key = Buffer.from(material, 'base64');
    if (key.length !== 32)
      throw new TrailKeyError(`key "${id}": ${key.length} bytes, AES-256 needs 32`);
    return { id, key };
  });
  const ids = keys.map((k) => k.id);
  const repeated = ids.find((id, i) => ids.indexOf(id) !== i);
  if (repeated) throw new TrailKeyError(`key "${repeated}" is given twice`);
  return keys;
}

export class TrailCipher {
  private readonly byId: Map<string, Buffer>;
  private readonly sealing: TrailKey;

  constructor(keys: readonly TrailKey[]) {
    const [newest] = keys;
    if (!newest) throw new TrailKeyError('a trail cipher needs at least one key');
    this.sealing = newest;
    // What a zero-config run sealed stays readable once keys are configured (it was never secret).
    this.byId = new Map([EMBEDDED_TRAIL_KEY, ...keys].map((k) => [k.id, k.key]));
  }

  /** The id of the key new text is sealed with. */
  get sealingKeyId(): string {
    return this.sealing.id;
  }

  /** `trail:v1:<key id>:<iv>:<tag>:<ciphertext>` (base64url); text already sealed is left as it is. */
  seal(text: string, iv: Buffer = randomBytes(12)): string {
    if (isSealed(text)) return text;
    const { id, key } = this.sealing;
    return `${PREFIX}${id}:${sealGcm(text, key, AAD, iv)}`;
  }

  /**
   * The text of a sealed value; a value that is not sealed (written before the trail was sealed) is
   * given back as it is. A key that is no longer configured, or a tampered value, throws.
   */
  open(value: string): string {
    if (!isSealed(value)) return value;
    const [id, ...rest] = value.slice(PREFIX.length).split(':');
    const parts = gcmParts(rest);
    if (!id || !parts) throw new TrailKeyError('a sealed trail value has an unknown format');
    const key = this.byId.get(id);
    if (!key)
      throw new TrailKeyError(
        `a trail value is sealed with key "${id}", which MNEMO_TRAIL_KEYS no longer holds`,
      );
    try {
      return openGcm(parts, key, AAD);
    } catch (cause) {
      // A wrong key under a known id, or a tampered value; the message echoes neither.
      throw new TrailKeyError(`a trail value sealed with key "${id}" cannot be opened`, { cause });
    }
  }
}

export const isSealed = (value: string): boolean => value.startsWith(PREFIX);

let current = new TrailCipher([EMBEDDED_TRAIL_KEY]);

/**
 * The process's trail keys, set once at start from MNEMO_TRAIL_KEYS (the platform's infra); until
 * then, and in a zero-config run, the embedded key.
 */
export function useTrailKeys(keys: readonly TrailKey[]): void {
  current = new TrailCipher(keys);
}

export function trailCipher(): TrailCipher {
  return current;
}

/** Opens a value read back from the trail (a proposal's text or reason) with the process's keys. */
export const openTrail = (value: string): string => current.open(value);
