import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { LOGGER, type Logger } from '@mnemo/eventing';
import { DATA_SOURCE } from '@mnemo/persistence';

export type QueryKind = 'recall' | 'prior_work' | 'prior_decisions';

/** Records each agent query after it is answered, off the answer's path; a failed write is logged and lost. */
@Injectable()
export class QueryLogService {
  constructor(
    @Inject(DATA_SOURCE) private readonly db: DataSource,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async timed<T extends unknown[]>(accountId: string, kind: QueryKind, run: () => Promise<T>): Promise<T> {
    const started = performance.now();
    const result = await run();
    const latencyMs = performance.now() - started;
    this.db
      .query(`INSERT INTO recall_queries (account_id, kind, at, hits, latency_ms) VALUES ($1, $2, now(), $3, $4)`, [accountId, kind, result.length, latencyMs])
      .catch((error: unknown) => this.logger.warn({ accountId, kind, err: String(error) }, 'agent query not recorded in the stats'));
    return result;
  }
}
