import type { StoredEventOf } from '@mnemo/contracts';
import type { Projection, Sql } from '@mnemo/persistence';
import { Accounts1764400000050 } from './accounts.migration';

/** accounts: who may call, by the sha256 of their API key (the key itself is never stored). */
export const accountsProjection: Projection = {
  name: 'accounts',
  handles: ['AccountCreated'],
  tables: ['accounts'],
  migrations: [Accounts1764400000050],

  async apply(sql: Sql, { event, seq }: StoredEventOf): Promise<void> {
    if (event.type !== 'AccountCreated') return;
    const p = event.payload;
    await sql.query(
      `INSERT INTO accounts (id, name, api_key_hash, api_key_prefix, created_at, last_seq) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, api_key_hash = EXCLUDED.api_key_hash,
         api_key_prefix = EXCLUDED.api_key_prefix, last_seq = EXCLUDED.last_seq
       WHERE accounts.last_seq < EXCLUDED.last_seq`,
      [event.accountId, p.name, p.keyDigest, p.apiKeyPrefix, event.occurredAt, seq],
    );
  },
};
