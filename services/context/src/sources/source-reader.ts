import { hash } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { ForbiddenError, type ContextGate } from '@mnemo/contracts';
import { trustedStamp, type CacheStamp } from '../domain/context-cache-trust';
import { contextStatementFallbacks } from './fail-open';
import { oneStatement, type ScopedQuery } from './one-statement';

export type AccountSwitches = ContextGate;

interface GateRow {
  account_id: string;
  egress_allowed: boolean | null;
  health_module_on: boolean | null;
  medications_module_on: boolean | null;
  version: string | number | null;
}

/** The gate as a caller on the way read it, in the row's shape: its switches and the version read with them. */
const rowOf = (accountId: string, read: { switches: ContextGate; version: number }): GateRow => ({
  account_id: accountId,
  egress_allowed: read.switches.egressAllowed,
  health_module_on: read.switches.healthModuleOn,
  medications_module_on: read.switches.medicationsModuleOn,
  version: read.version,
});

/**
 * Reads the switches and, in the same statement, the context version of every account asked for, so a
 * cache hit costs one database round trip; the version is handed out only past the check. One statement
 * is one snapshot, read before any source: the sources a build reads later are never older than the
 * version it is cached under. The statements are named, so Postgres plans each once per connection.
 * (TypeORM hands the query to pg as it is, and pg takes a named query config in place of the text.)
 */
const GATE_STATEMENT = {
  name: 'mnemo_context_gate_4',
  text: `SELECT k.account_id, s.egress_allowed, s.health_module_on, s.medications_module_on, v.version
         FROM unnest($1::text[]) AS k(account_id)
         LEFT JOIN account_settings s ON s.account_id = k.account_id
         LEFT JOIN context_versions v ON v.account_id = k.account_id`,
};
/**
 * The same read for one account, the usual batch. Over an array Postgres's generic plan guesses ten
 * accounts, loses to a custom plan, and the gate was planned again at every read (0.07 ms of
 * each, two in a cold CLAUDE.md, one in a warm one); keyed by one account the generic plan is kept.
 */
const GATE_ONE_STATEMENT = {
  name: 'mnemo_context_gate_one_2',
  text: `SELECT k.account_id, s.egress_allowed, s.health_module_on, s.medications_module_on, v.version
         FROM (SELECT $1::text AS account_id) AS k
         LEFT JOIN account_settings s ON s.account_id = k.account_id
         LEFT JOIN context_versions v ON v.account_id = k.account_id`,
};

type Gathered = ScopedQuery & { resolve: (rows: any[]) => void; reject: (error: unknown) => void };

type Waiter = { resolve: (row: GateRow | undefined) => void; reject: (error: unknown) => void };

/**
 * Gate reads share statements under load (one statement per request was most of a warm hit's cost).
 * A read that finds no statement in flight is sent at once; reads that arrive while one is in
 * flight wait for it and go together in the next, never in the one already sent: each request's
 * switches and version are read after it arrived, as if it had read them alone.
 */
class GateReads {
  private waiting = new Map<string, Waiter[]>();
  private inFlight = false;

  constructor(private readonly db: DataSource) {}

  read(accountId: string): Promise<GateRow | undefined> {
    return new Promise((resolve, reject) => {
      const waiters = this.waiting.get(accountId);
      if (waiters) waiters.push({ resolve, reject });
      else this.waiting.set(accountId, [{ resolve, reject }]);
      if (!this.inFlight) this.send();
    });
  }

  private send(): void {
    const batch = this.waiting;
    this.waiting = new Map();
    this.inFlight = true;
    const accounts = [...batch.keys()];
    const [statement, params] =
      accounts.length === 1 ? [GATE_ONE_STATEMENT, accounts] : [GATE_STATEMENT, [accounts]];
    this.db.query(statement as unknown as string, params).then(
      (rows: GateRow[]) => {
        const byAccount = new Map(rows.map((row) => [row.account_id, row]));
        for (const [accountId, waiters] of batch)
          for (const waiter of waiters) waiter.resolve(byAccount.get(accountId));
        this.next();
      },
      (error: unknown) => {
        for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
        this.next();
      },
    );
  }

  private next(): void {
    this.inFlight = false;
    if (this.waiting.size > 0) this.send();
  }
}

const gates = new WeakMap<DataSource, GateReads>();
const gateOf = (db: DataSource): GateReads => {
  let gate = gates.get(db);
  if (!gate) gates.set(db, (gate = new GateReads(db)));
  return gate;
};

/**
 * Egress first (docs/context.md): the only door to an account's read models. Its constructor is
 * private and `open` reads the account's egress switch before it hands out anything that can query,
 * so a loader (which needs a SourceReader) cannot run for an account that forbids sending its data
 * to the model provider. egress-first.spec.ts keeps every read of the context service behind it.
 */
export class SourceReader {
  private constructor(
    readonly accountId: string,
    readonly switches: AccountSwitches,
    /** The cache stamp read with the switches (domain/context-cache-trust.ts), null when the version was unreadable. */
    readonly stamp: CacheStamp | null,
    private readonly db: DataSource,
  ) {}

  /**
   * Reads the switches and the account's context version (GATE_STATEMENT), and refuses an account that
   * forbids egress. `read`: the gate as the caller that sent this request read it (the gateway, on its
   * cache miss), taken instead of a second read; the refusal applies to it all the same.
   */
  static async open(
    db: DataSource,
    accountId: string,
    read?: { switches: ContextGate; version: number },
  ): Promise<SourceReader> {
    const row = read ? rowOf(accountId, read) : await gateOf(db).read(accountId);
    // No row: the defaults (egress allowed, health module off).
    const switches = {
      egressAllowed: row?.egress_allowed ?? true,
      healthModuleOn: row?.health_module_on ?? false,
      medicationsModuleOn: row?.medications_module_on ?? false,
    };
    if (!switches.egressAllowed) {
      throw new ForbiddenError(
        'this account forbids sending its data to the model provider, so no context is built for a model',
      );
    }
    return new SourceReader(accountId, switches, trustedStamp(accountId, row?.version), db);
  }

  /** Queries asked while `together` starts its loaders. */
  private gathering: Gathered[] | null = null;

  /**
   * Starts `load`, whose loaders each ask their query before their first await, and sends what they
   * asked as one statement (one-statement.ts): one round trip and one connection for all the
   * sources instead of one each. When that statement fails, each query is sent alone, so only a
   * source that fails alone is left out (fail-open, docs/context.md).
   */
  together<T>(load: () => Promise<T>): Promise<T> {
    const gathered: Gathered[] = (this.gathering = []);
    let loading: Promise<T>;
    try {
      loading = load();
    } finally {
      this.gathering = null;
    }
    this.send(gathered);
    return loading;
  }

  /** Every query is scoped to this account: `$1` is always the account id. */
  query<T = Record<string, any>>(sql: string, params: unknown[] = []): Promise<T[]> {
    const gathering = this.gathering;
    if (gathering)
      return new Promise((resolve, reject) => gathering.push({ sql, params, resolve, reject }));
    return this.db.query(sql, [this.accountId, ...params]);
  }

  private send(gathered: Gathered[]): void {
    const alone = (query: Gathered): void => {
      // settled either way: the query's own caller awaits the outcome
      void this.db
        .query(query.sql, [this.accountId, ...query.params])
        .then(query.resolve, query.reject);
    };
    if (gathered.length < 2) return gathered.forEach(alone);
    const { text, params } = oneStatement(gathered);
    // Named by its text, so each connection plans it once.
    const statement = {
      name: `mnemo_context_sources_${hash('sha1', text, 'base64url').slice(0, 16)}`,
      text,
    };
    this.db.query(statement as unknown as string, [this.accountId, ...params]).then(
      (rows: Array<Record<string, any[]>>) =>
        gathered.forEach((query, index) => query.resolve(rows[0]?.[`q${index}`] ?? [])),
      () => {
        contextStatementFallbacks.inc();
        gathered.forEach(alone);
      },
    );
  }
}
