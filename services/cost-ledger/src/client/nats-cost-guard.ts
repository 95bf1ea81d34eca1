import { randomUUID } from 'node:crypto';
import {
  CostGuardBusyError,
  type ActualCost,
  type CostGuard,
  type ReleaseReason,
  type Reservation,
  type ReserveCost,
} from '@mnemo/llm';
import { NoResponderError, RemoteError, type EventLog, type Logger } from '@mnemo/eventing';
import {
  type CommitBody,
  ledgerSubjects,
  type ReleaseBody,
  type ReserveAnswer,
  type ReserveBody,
} from '../domain/ledger-rpc';
import { utcDay } from '../domain/utc-day';

export interface NatsCostGuardOptions {
  /** How long to wait for the ledger before treating it as unreachable. */
  timeoutMs: number;
  /**
   * Grant locally when the ledger cannot be reached (docs/costs.md), and record the spend once it
   * is back.
   */
  failOpen: boolean;
  /** How often queued settlements are retried while the ledger is away. */
  retryIntervalMs?: number;
  /** Times a late reservation answer is asked for again, same id, before the call is refused (default 2). */
  timeoutRetries?: number;
  /** Settlements kept while the ledger is away; the oldest are dropped (and logged) beyond it. */
  maxQueued?: number;
  /** How long a granted reservation is remembered for its settle; matches the ledger's expiry. */
  reservationTtlMs?: number;
  now?: () => Date;
}

interface Held {
  request: ReserveCost;
  day: string;
  local: boolean;
  at: number;
}

type Pending = { verb: 'commit'; body: CommitBody } | { verb: 'release'; body: ReleaseBody };

/**
 * The runtime's cost guard, talking to the cost-ledger service over NATS request/reply.
 *
 * Failing open: when no ledger runs (no responders) or its database is down, and failOpen is on, the reservation is granted
 * here, and its commit goes into a small in-memory outbox retried until the ledger answers, so the spend is recorded once it is back. The outbox lives in this process: a
 * settlement queued when the process dies is lost, which is the price of never blocking a call on the
 * ledger. A ledger that answers with an error (a refused body) is not "unreachable": that error is thrown.
 */
export class NatsCostGuard implements CostGuard {
  private readonly held = new Map<string, Held>();
  private readonly outbox: Pending[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private closed = false;
  private readonly now: () => Date;

  constructor(
    private readonly log: Pick<EventLog, 'request'>,
    private readonly options: NatsCostGuardOptions,
    private readonly logger?: Pick<Logger, 'warn' | 'info'>,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  async reserve(request: ReserveCost): Promise<Reservation> {
    this.forgetStale();
    const reservationId = randomUUID();
    const body: ReserveBody = {
      reservationId,
      account: request.account,
      pools: [...request.pools],
      label: request.label,
      model: request.model,
      worstCaseUsd: request.worstCaseUsd,
    };
    let answer: ReserveAnswer;
    try {
      answer = await this.askReserve(body);
    } catch (error) {
      // Only a ledger nobody runs, or one whose database is down, is unreachable: a timeout means it is
      // there and may have granted already.
      if (!unreachable(error) || !this.options.failOpen) throw error;
      this.logger?.warn(
        { account: request.account, label: request.label, err: errorText(error) },
        'cost ledger unreachable: granting locally, recording later',
      );
      this.held.set(reservationId, {
        request,
        day: utcDay(this.now()),
        local: true,
        at: Date.now(),
      });
      return { granted: true, reservationId };
    }
    void this.kick();
    if (!answer.granted)
      return {
        granted: false,
        spentUsd: answer.spentUsd,
        capUsd: answer.capUsd,
        pool: answer.pool,
      };
    this.held.set(reservationId, { request, day: answer.day, local: false, at: Date.now() });
    return { granted: true, reservationId, expiresAt: answer.expiresAt };
  }

  /**
   * Asks the ledger, and asks again with the same reservation id when an answer is late: the ledger's
   * reserve is idempotent by id (a granted id is granted again, never held twice), so a late grant is
   * found rather than paid beside. Still no answer: CostGuardBusyError, which no call goes past.
   */
  private async askReserve(body: ReserveBody): Promise<ReserveAnswer> {
    const attempts = 1 + (this.options.timeoutRetries ?? 2);
    for (let attempt = 1; ; attempt += 1) {
      try {
        return (await this.log.request(ledgerSubjects.reserve, body, {
          timeoutMs: this.options.timeoutMs,
        })) as ReserveAnswer;
      } catch (error) {
        if (error instanceof RemoteError || error instanceof NoResponderError) throw error;
        this.logger?.warn(
          {
            account: body.account,
            reservationId: body.reservationId,
            attempt,
            err: errorText(error),
          },
          'cost ledger answered late',
        );
        if (attempt >= attempts)
          throw new CostGuardBusyError(
            `the cost ledger did not answer ${attempts} reservation requests in ${this.options.timeoutMs} ms each`,
            { cause: error },
          );
      }
    }
  }

  async commit(reservationId: string, actual: ActualCost): Promise<void> {
    const held = this.take(reservationId);
    if (!held) return; // settled already, or never ours: a second settle must not count twice
    const { account, pools, label, model } = held.request;
    await this.send({
      verb: 'commit',
      body: {
        reservationId,
        account,
        pools: [...pools],
        label,
        model,
        day: held.day,
        inputTokens: actual.inputTokens,
        outputTokens: actual.outputTokens,
        costUsd: actual.costUsd,
        outcome: actual.outcome ?? 'ok',
      },
    });
  }

  async release(reservationId: string, reason: ReleaseReason = 'api_error'): Promise<void> {
    const held = this.take(reservationId);
    // A local grant holds nothing on the ledger: there is nothing to lift.
    if (!held || held.local) return;
    const { account, pools, label, model } = held.request;
    await this.send({
      verb: 'release',
      body: {
        reservationId,
        account,
        pools: [...pools],
        label,
        model,
        day: held.day,
        outcome: reason,
      },
    });
  }

  /** Settlements waiting for the ledger. */
  queued(): number {
    return this.outbox.length;
  }

  /** Tries the outbox now; resolves when it is empty or the ledger is still away. */
  async flush(): Promise<void> {
    if (!this.flushing) this.flushing = this.drain().finally(() => (this.flushing = null));
    return this.flushing;
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async send(item: Pending): Promise<void> {
    // Order is kept: with a backlog, a new settlement waits behind it.
    if (this.outbox.length || !(await this.deliver(item, 'a'))) this.enqueue(item);
  }

  /**
   * One attempt to settle with the ledger: true when it is done with (answered, or refused as a bad
   * body, which no retry mends), false when the ledger could not be reached.
   */
  private async deliver(item: Pending, which: 'a' | 'a queued'): Promise<boolean> {
    try {
      await this.log.request(ledgerSubjects[item.verb], item.body, {
        timeoutMs: this.options.timeoutMs,
      });
    } catch (error) {
      if (!(error instanceof RemoteError) || unreachable(error)) return false;
      this.logger?.warn(
        { reservationId: item.body.reservationId, err: errorText(error) },
        `cost ledger refused ${which} ${item.verb}`,
      );
    }
    return true;
  }

  private enqueue(item: Pending): void {
    if (this.closed) return;
    this.outbox.push(item);
    const max = this.options.maxQueued ?? 10_000;
    if (this.outbox.length > max) {
      const dropped = this.outbox.splice(0, this.outbox.length - max);
      this.logger?.warn(
        { dropped: dropped.length },
        'cost ledger outbox full: oldest settlements dropped',
      );
    }
    if (!this.timer) {
      this.timer = setInterval(() => void this.flush(), this.options.retryIntervalMs ?? 2000);
      this.timer.unref();
    }
  }

  private async kick(): Promise<void> {
    // The ledger just answered: a good moment to send what waited for it.
    if (this.outbox.length) await this.flush();
  }

  private async drain(): Promise<void> {
    for (let next = this.outbox[0]; next !== undefined && !this.closed; next = this.outbox[0]) {
      if (!(await this.deliver(next, 'a queued'))) return; // still away; the timer tries again
      this.outbox.shift();
    }
    if (!this.outbox.length && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
      this.logger?.info({}, 'cost ledger outbox drained');
    }
  }

  private take(reservationId: string): Held | undefined {
    const held = this.held.get(reservationId);
    this.held.delete(reservationId);
    return held;
  }

  /** A reservation whose caller never settled is forgotten after its expiry (the ledger released it by then). */
  private forgetStale(): void {
    if (this.held.size < 1000) return;
    const ttl = this.options.reservationTtlMs ?? 10 * 60_000;
    const cutoff = Date.now() - 2 * ttl;
    for (const [id, held] of this.held) if (held.at < cutoff) this.held.delete(id);
  }
}

/** No ledger runs, or the one that answered cannot reach its database: nothing was granted or recorded. */
const unreachable = (error: unknown): boolean =>
  error instanceof NoResponderError ||
  (error instanceof RemoteError && error.code === 'dependency_unavailable');

const errorText = (error: unknown): string =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);
