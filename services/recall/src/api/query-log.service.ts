import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { LOGGER, type Logger } from '@mnemo/eventing';
import { DATA_SOURCE } from '@mnemo/persistence';

export type QueryKind = 'recall' | 'prior_work' | 'prior_decisions';

/** Rows are written together at most this long after their query was answered. */
const FLUSH_MS = 1_000;
/** ... or as soon as this many wait. */
const FLUSH_ROWS = 200;

interface Logged {
  accountId: string;
  kind: QueryKind;
  at: Date;
  hits: number;
  latencyMs: number;
}

/**
 * Records each agent query after it is answered, off the answer's path: rows wait in memory and are
 * written together (one insert a second under load, instead of a commit per question competing with
 * the next question's reads); the stats flush them before they count. A failed write is logged and lost.
 */
@Injectable()
export class QueryLogService implements OnModuleDestroy {
  private pending: Logged[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    @Inject(DATA_SOURCE) private readonly db: DataSource,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async timed<T extends unknown[]>(
    accountId: string,
    kind: QueryKind,
    run: () => Promise<T>,
  ): Promise<T> {
    const started = performance.now();
    const result = await run();
    this.pending.push({
      accountId,
      kind,
      at: new Date(),
      hits: result.length,
      latencyMs: performance.now() - started,
    });
    if (this.pending.length >= FLUSH_ROWS) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS).unref();
    return result;
  }

  /** Writes what waits; the stats call it before they read, so a query answered is a query counted. */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const rows = this.pending;
    if (rows.length === 0) return;
    this.pending = [];
    try {
      await this.db.query(
        `INSERT INTO recall_queries (account_id, kind, at, hits, latency_ms)
         SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::int[], $5::float8[])`,
        [
          rows.map((r) => r.accountId),
          rows.map((r) => r.kind),
          rows.map((r) => r.at.toISOString()),
          rows.map((r) => r.hits),
          rows.map((r) => r.latencyMs),
        ],
      );
    } catch (error) {
      this.logger.warn(
        { queries: rows.length, err: String(error) },
        'agent queries not recorded in the stats',
      );
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.flush();
  }
}
