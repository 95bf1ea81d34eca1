import type { DataSource } from 'typeorm';
import { chooseAccountKey, type LlmKeyStore, type StoredLlmKey } from '@mnemo/llm';

/**
 * The key store over the llm_keys projection, in the ledger (the table's owner): it answers the
 * runtimes' `resolve-key` requests and the keys API. Secrets leave here still encrypted; the runtime
 * decrypts the one it uses, per call. The active key is the one activated last.
 */
export class PgLlmKeyStore implements LlmKeyStore {
  constructor(private readonly db: Pick<DataSource, 'query'>) {}

  async accountKey(account: string): Promise<StoredLlmKey | null> {
    return chooseAccountKey(await this.listKeys(account));
  }

  async listKeys(account: string): Promise<StoredLlmKey[]> {
    const rows: Array<{
      key_id: string;
      encrypted_secret: string;
      created_at: Date;
      activated_seq: string | null;
      top: string | null;
    }> = await this.db.query(
      `SELECT key_id, encrypted_secret, created_at, activated_seq, max(activated_seq) OVER () AS top
       FROM llm_keys WHERE account_id = $1 AND encrypted_secret IS NOT NULL ORDER BY created_seq, key_id`,
      [account],
    );
    return rows.map((row) => ({
      id: row.key_id,
      active: row.activated_seq !== null && row.activated_seq === row.top,
      createdAt: new Date(row.created_at).toISOString(),
      encryptedSecret: row.encrypted_secret,
    }));
  }
}
