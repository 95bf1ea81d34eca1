import type { StoredEventOf } from '@mnemo/contracts';
import type { Projection, Sql } from '@mnemo/persistence';
import { LlmKeys1764400004500 } from './llm-keys.migration';

/**
 * llm_keys: an account's provider keys, encrypted. Activation is a sequence number, not a flag
 * flipped on the other rows, so an activation applied out of order can never leave two keys active.
 */
export const llmKeysProjection: Projection = {
  name: 'llm_keys',
  handles: ['LlmKeyAdded', 'LlmKeyActivated'],
  tables: ['llm_keys'],
  migrations: [LlmKeys1764400004500],

  async apply(sql: Sql, stored: StoredEventOf): Promise<void> {
    const { event, seq } = stored;
    switch (event.type) {
      case 'LlmKeyAdded': {
        const p = event.payload;
        await sql.query(
          `INSERT INTO llm_keys (account_id, key_id, encrypted_secret, masked_key, created_at, created_seq, activated_seq, last_seq)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $6)
           ON CONFLICT (account_id, key_id) DO UPDATE SET encrypted_secret = EXCLUDED.encrypted_secret, masked_key = EXCLUDED.masked_key,
             created_at = EXCLUDED.created_at, created_seq = EXCLUDED.created_seq,
             activated_seq = GREATEST(llm_keys.activated_seq, EXCLUDED.activated_seq),
             last_seq = GREATEST(llm_keys.last_seq, EXCLUDED.last_seq)
           WHERE coalesce(llm_keys.created_seq, 0) < EXCLUDED.created_seq`,
          [
            event.accountId,
            p.keyId,
            p.sealedKey,
            p.maskedKey,
            event.occurredAt,
            seq,
            p.active ? seq : null,
          ],
        );
        return;
      }
      case 'LlmKeyActivated': {
        const p = event.payload;
        await sql.query(
          `INSERT INTO llm_keys (account_id, key_id, activated_seq, last_seq) VALUES ($1, $2, $3, $3)
           ON CONFLICT (account_id, key_id) DO UPDATE SET activated_seq = GREATEST(llm_keys.activated_seq, EXCLUDED.activated_seq),
             last_seq = GREATEST(llm_keys.last_seq, EXCLUDED.last_seq)
           WHERE coalesce(llm_keys.activated_seq, 0) < EXCLUDED.activated_seq`,
          [event.accountId, p.keyId, seq],
        );
        return;
      }
    }
  },
};
