import type { DataSource } from 'typeorm';
import { projection, storedEvent } from '@mnemo/testing';
import { Scratch } from '../../../../tests/support/scratch';
import { accountsProjection } from './accounts.projection';

const created = (seq: number, name: string, keyDigest: string) =>
  storedEvent(
    seq,
    'AccountCreated',
    { name, keyDigest, apiKeyPrefix: 'mnemo_abcdef' },
    { accountId: 'acc-1' },
  );

describe('accounts projection (Postgres)', () => {
  const scratch = new Scratch('accounts_proj');
  let db: DataSource;

  beforeAll(async () => {
    db = await scratch.db(accountsProjection.migrations);
  });
  afterAll(() => scratch.drop());

  it('stores the digest of the key, and an older redelivery does not bring back a replaced key', async () => {
    const rows = await projection(accountsProjection, db)
      .given(created(1, 'Ada', '1'.repeat(64)), created(2, 'Ada L.', '2'.repeat(64)))
      .when(created(1, 'Ada', '1'.repeat(64)))
      .then('SELECT id, name, api_key_hash, api_key_prefix, last_seq FROM accounts');
    expect(rows).toEqual([
      {
        id: 'acc-1',
        name: 'Ada L.',
        api_key_hash: '2'.repeat(64),
        api_key_prefix: 'mnemo_abcdef',
        last_seq: '2',
      },
    ]);
  });
});
