import type { DataSource } from 'typeorm';
import { buildEvent, type PayloadOf, ValidationError, zodIssues } from '@mnemo/contracts';
import { startPeriodicTask, type EventLog, type Logger, type Subscription } from '@mnemo/eventing';
import type { z } from 'zod';
import type { CostLedgerConfig } from '../cost-ledger.config';
import {
  CommitBody,
  LEDGER_SERVICE,
  ResolveKeyBody,
  type ResolveKeyAnswer,
  ledgerSubjects,
  ReleaseBody,
  ReserveBody,
  type ReserveAnswer,
  type SettleAnswer,
  type SettledOutcome,
} from '../domain/ledger-rpc';
import { settlementEventId } from '../domain/settlement-id';
import { utcDay } from '../domain/utc-day';
import { PgLlmKeyStore } from '../credentials/pg-llm-key-store';
import { PgLedger } from '../ledger/pg-ledger';

export interface CostLedgerDeps {
  log: EventLog;
  dataSource: DataSource;
  logger: Logger;
}

function parse<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ValidationError('bad ledger request', zodIssues(parsed.error));
  return parsed.data;
}

/**
 * The ledger's request/reply handlers. Every instance joins the `cost-ledger` queue group, so each
 * request is answered once by whichever instance NATS picks; Postgres row locks keep them consistent.
 */
export class CostLedgerResponder {
  readonly ledger: PgLedger;
  private readonly keys: PgLlmKeyStore;

  constructor(
    private readonly deps: CostLedgerDeps,
    private readonly config: CostLedgerConfig,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.ledger = new PgLedger(deps.dataSource);
    this.keys = new PgLlmKeyStore(deps.dataSource);
  }

  /** The account's key a runtime calls with, still encrypted: the llm_keys table is read here, by its owner, only. */
  async resolveKey(body: unknown): Promise<ResolveKeyAnswer> {
    return { key: await this.keys.accountKey(parse(ResolveKeyBody, body).account) };
  }

  async reserve(body: unknown): Promise<ReserveAnswer> {
    const req = parse(ReserveBody, body);
    const now = this.now();
    const result = await this.ledger.reserve({
      ...req,
      caps: this.config.caps,
      now,
      ttlMs: this.config.reservationTtlMs,
    });
    if (result.granted)
      return {
        granted: true,
        reservationId: result.reservationId,
        expiresAt: result.expiresAt.toISOString(),
        day: result.day,
      };
    // A refusal is a settled call too ($0, outcome cost_cap): the costs page shows how often the cap bit.
    await this.record('refused', req.reservationId, req.account, now, {
      reservationId: req.reservationId,
      pools: req.pools,
      label: req.label,
      model: req.model,
      inputTokens: 0,
      outputTokens: 0,
      costUsd: 0,
      outcome: 'cost_cap',
      day: utcDay(now),
    });
    const { pool, spentUsd, reservedUsd, capUsd } = result;
    return { granted: false, code: 'cost_cap', pool, spentUsd, reservedUsd, capUsd };
  }

  async commit(body: unknown): Promise<SettleAnswer> {
    const req = parse(CommitBody, body);
    const result = await this.ledger.commit(req);
    // Re-sent when an earlier commit already counted: its event may have been lost between the
    // transaction and the append, and the log's duplicate window drops it if it was not.
    if (result.recorded || result.alreadyCommitted) {
      await this.record('committed', req.reservationId, req.account, this.now(), {
        reservationId: req.reservationId,
        pools: result.pools,
        label: req.label,
        model: req.model,
        inputTokens: req.inputTokens,
        outputTokens: req.outputTokens,
        costUsd: req.costUsd,
        outcome: req.outcome,
        day: result.day,
      });
    }
    return { recorded: result.recorded, matched: result.matched };
  }

  async release(body: unknown): Promise<SettleAnswer> {
    const req = parse(ReleaseBody, body);
    const result = await this.ledger.release(req.reservationId);
    if (result) {
      // The runtime releases only when the provider call failed; the caller says how (rate_limited or
      // api_error), recorded at $0 (a released call's outcome is how it failed).
      await this.record('released', req.reservationId, req.account, this.now(), {
        reservationId: req.reservationId,
        pools: result.pools,
        label: req.label,
        model: req.model,
        inputTokens: 0,
        outputTokens: 0,
        costUsd: 0,
        outcome: req.outcome satisfies SettledOutcome,
        day: result.day,
      });
    }
    return { recorded: !!result, matched: !!result };
  }

  async sweep(): Promise<number> {
    return this.ledger.sweep(this.now());
  }

  private async record(
    kind: 'committed' | 'released' | 'refused',
    reservationId: string,
    account: string,
    at: Date,
    payload: PayloadOf<'LlmCallSettled'>,
  ) {
    const event = buildEvent({
      type: 'LlmCallSettled',
      id: settlementEventId(kind, reservationId),
      accountId: account,
      occurredAt: at,
      producer: LEDGER_SERVICE,
      payload,
    });
    await this.deps.log.append('events', event);
  }
}

/**
 * Starts one ledger instance: the three reply subscriptions and the expiry sweep. The returned
 * subscriptions stop all of it.
 */
export async function startCostLedger(
  deps: CostLedgerDeps,
  config: CostLedgerConfig,
  now?: () => Date,
): Promise<Subscription[]> {
  const handlers = new CostLedgerResponder(deps, config, now);
  const subscriptions = [
    await deps.log.reply(ledgerSubjects.reserve, LEDGER_SERVICE, (body) => handlers.reserve(body)),
    await deps.log.reply(ledgerSubjects.commit, LEDGER_SERVICE, (body) => handlers.commit(body)),
    await deps.log.reply(ledgerSubjects.release, LEDGER_SERVICE, (body) => handlers.release(body)),
    await deps.log.reply(ledgerSubjects.resolveKey, LEDGER_SERVICE, (body) =>
      handlers.resolveKey(body),
    ),
  ];
  subscriptions.push(
    startPeriodicTask({
      name: 'cost reservation sweep',
      intervalMs: config.sweepIntervalMs,
      logger: deps.logger,
      run: async () => {
        const released = await handlers.sweep();
        if (released) deps.logger.info({ released }, 'expired cost reservations released');
      },
    }),
  );
  return subscriptions;
}
