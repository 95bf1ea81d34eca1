import type { LlmKeyStore, StoredLlmKey } from '@mnemo/llm';
import { requestFromService, type EventLog, type Logger } from '@mnemo/eventing';
import { DependencyError } from '@mnemo/contracts';
import { ledgerSubjects, LEDGER_SERVICE, ResolveKeyAnswer } from '../domain/ledger-rpc';

export interface NatsLlmKeyStoreOptions {
  /** How long to wait for the ledger before treating it as unreachable. */
  timeoutMs: number;
  /** While the ledger is away, an account's last answer is used for this long (0: never). */
  staleForMs: number;
  /** Accounts whose last answer is remembered; the oldest are forgotten beyond it. */
  maxAccounts?: number;
  now?: () => number;
}

const VERB = ledgerSubjects.resolveKey.split('.').at(-1)!;

/**
 * The runtime's key store: it asks the ledger (the llm_keys table's owner) over request/reply which
 * of the account's keys to call with, and gets the secret still encrypted; only this process, which
 * makes the call, decrypts it. Every call asks afresh, so a rotated or removed key takes effect at once.
 * When the ledger cannot be reached, the account's last answer (if younger than `staleForMs`) stands in,
 * so a ledger outage does not stop calls the cost guard lets through while failing open; with none, the
 * store throws and the runtime answers api_error, never the deployment key (that would bill someone else).
 */
export class NatsLlmKeyStore implements LlmKeyStore {
  private readonly lastKnown = new Map<string, { key: StoredLlmKey | null; at: number }>();
  private readonly now: () => number;

  constructor(
    private readonly log: Pick<EventLog, 'request'>,
    private readonly options: NatsLlmKeyStoreOptions,
    private readonly logger?: Pick<Logger, 'warn'>,
  ) {
    this.now = options.now ?? Date.now;
  }

  async accountKey(account: string): Promise<StoredLlmKey | null> {
    try {
      const { key } = await requestFromService(this.log, {
        service: LEDGER_SERVICE,
        verb: VERB,
        body: { account },
        reply: ResolveKeyAnswer,
        timeoutMs: this.options.timeoutMs,
      });
      this.remember(account, key);
      return key;
    } catch (error) {
      const known = this.lastKnown.get(account);
      if (
        !(error instanceof DependencyError) ||
        !known ||
        this.now() - known.at > this.options.staleForMs
      )
        throw error;
      this.logger?.warn(
        { account, err: error.message },
        'cost ledger unreachable: using the last key it named for this account',
      );
      return known.key;
    }
  }

  private remember(account: string, key: StoredLlmKey | null): void {
    this.lastKnown.delete(account);
    this.lastKnown.set(account, { key, at: this.now() });
    const max = this.options.maxAccounts ?? 10_000;
    if (this.lastKnown.size > max) this.lastKnown.delete(this.lastKnown.keys().next().value!);
  }
}
