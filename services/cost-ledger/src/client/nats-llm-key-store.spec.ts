import { DependencyError, ValidationError } from '@mnemo/contracts';
import { InProcessEventLog, type Subscription } from '@mnemo/eventing';
import type { StoredLlmKey } from '@mnemo/llm';
import { ledgerSubjects, LEDGER_SERVICE } from '../domain/ledger-rpc';
import { NatsLlmKeyStore } from './nats-llm-key-store';

const key = (id: string): StoredLlmKey => ({
  id,
  active: true,
  createdAt: '2026-11-30T10:00:00.000Z',
  encryptedSecret: `v1:iv:tag:${id}`,
});

describe('NatsLlmKeyStore', () => {
  let log: InProcessEventLog;
  let ledger: Subscription | null;
  let clock: number;
  let answer: () => Promise<unknown>;
  const store = () =>
    new NatsLlmKeyStore(log, { timeoutMs: 300, staleForMs: 60_000, now: () => clock });
  const ledgerUp = async () => {
    ledger = await log.reply(ledgerSubjects.resolveKey, LEDGER_SERVICE, () => answer());
  };
  const ledgerDown = async () => {
    await ledger?.stop();
    ledger = null;
  };

  beforeEach(async () => {
    log = new InProcessEventLog({ dataDir: null });
    clock = 1_000_000;
    answer = async () => ({ key: key('k-1') });
    await ledgerUp();
  });
  afterEach(async () => {
    await ledgerDown();
    await log.close();
  });

  it("answers the key the ledger names, still encrypted, and the ledger's null for an account without one", async () => {
    await expect(store().accountKey('acc-1')).resolves.toEqual(key('k-1'));
    answer = async () => ({ key: null });
    await expect(store().accountKey('acc-1')).resolves.toBeNull();
  });

  it('asks afresh on every call, so a rotated key takes effect at once', async () => {
    const s = store();
    await expect(s.accountKey('acc-1')).resolves.toMatchObject({ id: 'k-1' });
    answer = async () => ({ key: key('k-2') });
    await expect(s.accountKey('acc-1')).resolves.toMatchObject({ id: 'k-2' });
  });

  it("uses the account's last answer while the ledger is away, for as long as it is fresh", async () => {
    const s = store();
    await s.accountKey('acc-1');
    await ledgerDown();
    clock += 59_000;
    await expect(s.accountKey('acc-1')).resolves.toMatchObject({ id: 'k-1' });
    clock += 2_000;
    await expect(s.accountKey('acc-1')).rejects.toBeInstanceOf(DependencyError);
  });

  it('throws when the ledger is away and the account was never answered, so the runtime never falls back to the deployment key', async () => {
    const s = store();
    await s.accountKey('acc-1');
    await ledgerDown();
    await expect(s.accountKey('acc-2')).rejects.toBeInstanceOf(DependencyError);
  });

  it('does not hide a refusal behind the last answer', async () => {
    const s = store();
    await s.accountKey('acc-1');
    answer = async () => {
      throw new ValidationError('bad ledger request', []);
    };
    await expect(s.accountKey('acc-1')).rejects.toMatchObject({ code: 'validation_failed' });
  });
});
