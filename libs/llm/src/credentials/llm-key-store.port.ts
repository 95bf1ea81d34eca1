import { resolveCredential } from '../domain/resolve-credential';

/** An account's provider key as stored: the secret only ever encrypted (see secret-box.ts). */
export interface StoredLlmKey {
  id: string;
  active: boolean;
  createdAt: string;
  encryptedSecret: string;
}

/**
 * Where the runtime learns which of an account's keys to call with (the active one, else the
 * first), still encrypted, or null when the account has none; the service behind `PUT /v1/llm-keys`
 * owns them. A store that cannot be reached throws.
 */
export interface LlmKeyStore {
  accountKey(account: string): Promise<StoredLlmKey | null>;
}

/** The choice among an account's keys: the active one, else the oldest (ties by id). */
export function chooseAccountKey(keys: readonly StoredLlmKey[]): StoredLlmKey | null {
  const resolved = resolveCredential({ accountKeys: keys.map((key) => ({ ...key, secret: key })) });
  return resolved && resolved.source !== 'deployment' ? resolved.secret : null;
}

/** For tests and deployments without per-account keys. */
export class InMemoryLlmKeyStore implements LlmKeyStore {
  private readonly keys = new Map<string, StoredLlmKey[]>();

  constructor(initial: Record<string, StoredLlmKey[]> = {}) {
    for (const [account, keys] of Object.entries(initial)) this.keys.set(account, [...keys]);
  }

  put(account: string, key: StoredLlmKey): void {
    const others = (this.keys.get(account) ?? []).filter((k) => k.id !== key.id);
    const demoted = key.active ? others.map((k) => ({ ...k, active: false })) : others;
    this.keys.set(account, [...demoted, key]);
  }

  async accountKey(account: string): Promise<StoredLlmKey | null> {
    return chooseAccountKey(this.keys.get(account) ?? []);
  }
}
