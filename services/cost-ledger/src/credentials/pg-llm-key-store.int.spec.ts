import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { StoredEvent } from '@mnemo/contracts';
import { applyEvents } from '@mnemo/persistence';
import { llmKeysProjection } from '../projections/llm-keys.projection';
import { PgLlmKeyStore } from './pg-llm-key-store';
import { Scratch } from '../../../../tests/support/scratch';
import { itemAt } from '@mnemo/testing';

const event = (seq: number, type: string, payload: unknown, accountId = 'acc-1'): StoredEvent => ({
  seq,
  event: {
    id: randomUUID(),
    type,
    version: 1,
    accountId,
    occurredAt: `2030-01-01T10:00:0${seq}.000Z`,
    producer: 'test',
    payload,
  },
});
const added = (seq: number, keyId: string, active: boolean, accountId?: string) =>
  event(
    seq,
    'LlmKeyAdded',
    { keyId, sealedKey: `v1:iv:tag:${keyId}`, maskedKey: 'sk-ant-…', active },
    accountId,
  );

describe('PgLlmKeyStore over the llm_keys projection', () => {
  let db: DataSource;
  let scratch: Scratch;
  beforeEach(async () => {
    scratch = new Scratch('keys');
    db = await scratch.db(llmKeysProjection.migrations);
  });
  afterEach(() => scratch.drop());
  const active = async (account = 'acc-1') =>
    (await new PgLlmKeyStore(db).listKeys(account)).filter((k) => k.active).map((k) => k.id);

  it('lists keys oldest first, with only the last activated one active', async () => {
    await applyEvents(db, llmKeysProjection, [
      added(1, 'k1', true),
      added(2, 'k2', false),
      added(3, 'k3', true),
      event(4, 'LlmKeyActivated', { keyId: 'k1' }),
    ]);
    const keys = await new PgLlmKeyStore(db).listKeys('acc-1');
    expect(keys.map((k) => [k.id, k.active, k.encryptedSecret])).toEqual([
      ['k1', true, 'v1:iv:tag:k1'],
      ['k2', false, 'v1:iv:tag:k2'],
      ['k3', false, 'v1:iv:tag:k3'],
    ]);
  });

  it('reaches the same active key when events arrive out of order or twice', async () => {
    const events = [
      added(1, 'k1', true),
      added(2, 'k2', false),
      event(3, 'LlmKeyActivated', { keyId: 'k2' }),
    ];
    await applyEvents(db, llmKeysProjection, [
      itemAt(events, 2),
      itemAt(events, 0),
      itemAt(events, 1),
      itemAt(events, 2),
      itemAt(events, 0),
    ]);
    await expect(active()).resolves.toEqual(['k2']);
  });

  it('has no active key when none was activated, and keeps accounts apart', async () => {
    await applyEvents(db, llmKeysProjection, [
      added(1, 'k1', false),
      added(2, 'kx', true, 'acc-2'),
    ]);
    await expect(active()).resolves.toEqual([]);
    await expect(new PgLlmKeyStore(db).listKeys('acc-1')).resolves.toHaveLength(1);
    await expect(active('acc-2')).resolves.toEqual(['kx']);
  });

  it('names the key a runtime calls with: the active one, else the oldest, else none', async () => {
    const store = new PgLlmKeyStore(db);
    await applyEvents(db, llmKeysProjection, [added(1, 'k1', false), added(2, 'k2', false)]);
    await expect(store.accountKey('acc-1')).resolves.toMatchObject({
      id: 'k1',
      encryptedSecret: 'v1:iv:tag:k1',
    });
    await applyEvents(db, llmKeysProjection, [event(3, 'LlmKeyActivated', { keyId: 'k2' })]);
    await expect(store.accountKey('acc-1')).resolves.toMatchObject({
      id: 'k2',
      encryptedSecret: 'v1:iv:tag:k2',
    });
    await expect(store.accountKey('acc-none')).resolves.toBeNull();
  });
});
