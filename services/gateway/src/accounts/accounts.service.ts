import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { buildEvent, type PayloadOf } from '@mnemo/contracts';
import { EVENT_LOG, type EventLog } from '@mnemo/eventing';
import { appendAndAwait, DATA_SOURCE } from '@mnemo/persistence';
import { accountsProjection } from '../projections/accounts.projection';
import { apiKeyPrefix, hashApiKey, newApiKey } from './api-keys';

const LOOKUP_TTL_MS = 30_000;
/** Past this many memoised keys the expired ones are dropped, so guessed keys cannot grow the memo without bound. */
const MEMO_SWEEP_AT = 10_000;

@Injectable()
export class AccountsService {
  /** Key hash → account id; a short-lived memo so a burst of requests costs one query. */
  private readonly byHash = new Map<string, { accountId: string | null; until: number }>();

  constructor(
    @Inject(EVENT_LOG) private readonly log: EventLog,
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
  ) {}

  /** Appends AccountCreated and waits until the accounts projection has it, so the key works at once. */
  async create(
    name: string,
    accountId: string = randomUUID(),
  ): Promise<{ accountId: string; apiKey: string }> {
    const apiKey = newApiKey();
    const payload: PayloadOf<'AccountCreated'> = {
      name,
      keyDigest: hashApiKey(apiKey),
      apiKeyPrefix: apiKeyPrefix(apiKey),
    };
    const event = buildEvent({
      type: 'AccountCreated',
      id: randomUUID(),
      accountId,
      occurredAt: new Date(),
      producer: 'gateway',
      payload,
    });
    // The key works the moment this answers: the accounts projection has the account.
    await appendAndAwait(
      { log: this.log, dataSource: this.dataSource },
      [event],
      accountsProjection.name,
    );
    return { accountId, apiKey };
  }

  async accountForKey(apiKey: string): Promise<string | null> {
    const hash = hashApiKey(apiKey);
    const memo = this.byHash.get(hash);
    if (memo && memo.until > Date.now()) return memo.accountId;
    const rows: Array<{ id: string }> = await this.dataSource.query(
      'SELECT id FROM accounts WHERE api_key_hash = $1',
      [hash],
    );
    const accountId = rows[0]?.id ?? null;
    // Unknown keys are memoised briefly too, so guessing costs no database round trip per try.
    const now = Date.now();
    if (this.byHash.size >= MEMO_SWEEP_AT) {
      for (const [key, entry] of this.byHash) if (entry.until <= now) this.byHash.delete(key);
      // mostly fresh entries (a flood of guesses): start over, so the next sweep is half the cap away
      if (this.byHash.size > MEMO_SWEEP_AT / 2) this.byHash.clear();
    }
    this.byHash.set(hash, { accountId, until: now + (accountId ? LOOKUP_TTL_MS : 2000) });
    return accountId;
  }
}
