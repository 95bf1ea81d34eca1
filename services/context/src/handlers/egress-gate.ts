import type { DataSource } from 'typeorm';
import { ForbiddenError } from '@mnemo/contracts';
import { FOREIGN_SOURCE_PROJECTIONS, VERSION_SNAPSHOT_COLUMNS, type VersionSnapshot } from './context-version';

export interface AccountSwitches {
  egressAllowed: boolean;
  healthModuleOn: boolean;
}

/**
 * SPEC §8, egress first: the only door to an account's read models. Its constructor is private and
 * `open` reads the account's egress switch before it hands out anything that can query, so a
 * loader (which needs a SourceReader) cannot run for an account that forbids sending its data to
 * the model provider. egress-gate.spec.ts keeps every read of the context handlers behind it.
 */
export class SourceReader {
  private constructor(
    readonly accountId: string,
    readonly switches: AccountSwitches,
    private readonly db: DataSource,
    private openingSnapshot: VersionSnapshot | null,
  ) {}

  /**
   * Reads the switches and, in the same statement, the context version snapshot (context-version.ts),
   * so a cache hit costs one database round trip; the snapshot is handed out only past the check.
   * The statement is named, so Postgres plans it once per connection: planning its five subqueries
   * cost three times what running them does, on every request. (TypeORM hands the query to pg as it
   * is, and pg takes a named query config in place of the text.)
   */
  static async open(db: DataSource, accountId: string): Promise<SourceReader> {
    const statement = {
      name: 'mnemo_context_gate_1',
      text: `SELECT (SELECT egress_allowed FROM account_settings WHERE account_id = $1) AS egress_allowed,
                    (SELECT health_module_on FROM account_settings WHERE account_id = $1) AS health_module_on,
                    ${VERSION_SNAPSHOT_COLUMNS}`,
    };
    const rows: Array<{ egress_allowed: boolean | null; health_module_on: boolean | null } & VersionSnapshot> = await db.query(
      statement as unknown as string,
      [accountId, FOREIGN_SOURCE_PROJECTIONS],
    );
    // No row: the defaults (egress allowed, health module off).
    const switches = { egressAllowed: rows[0]?.egress_allowed ?? true, healthModuleOn: rows[0]?.health_module_on ?? false };
    if (!switches.egressAllowed) {
      throw new ForbiddenError('this account forbids sending its data to the model provider, so no context is built for a model');
    }
    return new SourceReader(accountId, switches, db, rows[0] ?? null);
  }

  /** The version snapshot read with the switches, once; later reads query afresh. */
  takeOpeningSnapshot(): VersionSnapshot | null {
    const snapshot = this.openingSnapshot;
    this.openingSnapshot = null;
    return snapshot;
  }

  /** Every query is scoped to this account: `$1` is always the account id. */
  query<T = Record<string, any>>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.db.query(sql, [this.accountId, ...params]);
  }
}
