/** An account's provider key as stored: the secret only ever encrypted (see secret-box.ts). */
export interface StoredLlmKey {
  id: string;
  active: boolean;
  createdAt: string;
  encryptedSecret: string;
}

/** Where the runtime reads an account's keys; the service behind `PUT /v1/llm-keys` writes them. */
export interface LlmKeyStore {
  listKeys(account: string): Promise<StoredLlmKey[]>;
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

  async listKeys(account: string): Promise<StoredLlmKey[]> {
    return [...(this.keys.get(account) ?? [])];
  }
}
