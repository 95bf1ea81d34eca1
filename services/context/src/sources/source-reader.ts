import type { DataSource } from 'typeorm';
import { ForbiddenError } from '@mnemo/contracts';
import { trustedStamp, type CacheStamp } from '../domain/context-cache-trust';

export interface AccountSwitches {
  egressAllowed: boolean;
  healthModuleOn: boolean;
}

/**
 * SPEC §8, egress first: the only door to an account's read models. Its constructor is private and
 * `open` reads the account's egress switch before it hands out anything that can query, so a
 * loader (which needs a SourceReader) cannot run for an account that forbids sending its data to
 * the model provider. egress-first.spec.ts keeps every read of the context service behind it.
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
   * Reads the switches and, in the same statement, the account's context version, so a cache hit
   * costs one database round trip; the version is handed out only past the check. One statement is
   * one snapshot, read before any source: the sources a build reads later are never older than the
   * version it is cached under. The statement is named, so Postgres plans it once per connection.
   * (TypeORM hands the query to pg as it is, and pg takes a named query config in place of the text.)
   */
  static async open(db: DataSource, accountId: string): Promise<SourceReader> {
    const statement = {
      name: 'mnemo_context_gate_2',
      text: `SELECT (SELECT egress_allowed FROM account_settings WHERE account_id = $1) AS egress_allowed,
                    (SELECT health_module_on FROM account_settings WHERE account_id = $1) AS health_module_on,
                    (SELECT version FROM context_versions WHERE account_id = $1) AS version`,
    };
    const rows: Array<{ egress_allowed: boolean | null; health_module_on: boolean | null; version: string | null }> = await db.query(
      statement as unknown as string,
      [accountId],
    );
    // No row: the defaults (egress allowed, health module off).
    const switches = { egressAllowed: rows[0]?.egress_allowed ?? true, healthModuleOn: rows[0]?.health_module_on ?? false };
    if (!switches.egressAllowed) {
      throw new ForbiddenError('this account forbids sending its data to the model provider, so no context is built for a model');
    }
    return new SourceReader(accountId, switches, trustedStamp(accountId, rows[0]?.version), db);
  }

  /** Every query is scoped to this account: `$1` is always the account id. */
  query<T = Record<string, any>>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.db.query(sql, [this.accountId, ...params]);
  }
}
