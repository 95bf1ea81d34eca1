import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { reactionId } from '@mnemo/contracts';
import { LOGGER, type Logger, PeriodicSweep, type SweepSchedule } from '@mnemo/eventing';
import { DATA_SOURCE } from '@mnemo/persistence';
import { PROFILE_CONFIG, type ProfileConfig } from '../profile.config';
import { ProfileSynthesisService } from './profile-synthesis.service';

/** Accounts retried per pass; the rest wait for the next one. */
const SWEEP_LIMIT = 200;

/**
 * A profile blocked by the daily cost cap (docs/profile.md) retries automatically after UTC
 * midnight. The retry's events are named by (account, retry time), so two instances sweeping at
 * once write them once.
 */
@Injectable()
export class CostCapRetrySweep extends PeriodicSweep {
  constructor(
    @Inject(DATA_SOURCE) private readonly db: DataSource,
    @Inject(LOGGER) protected readonly logger: Logger,
    @Inject(PROFILE_CONFIG) private readonly config: ProfileConfig,
    private readonly synthesis: ProfileSynthesisService,
  ) {
    super();
  }

  protected schedule(): SweepSchedule {
    return { name: 'profile cost-cap retry', intervalMs: this.config.retrySweepMs };
  }

  protected runPass(): Promise<number> {
    return this.sweep(new Date());
  }

  /** One pass at `now`: retries every cost-capped profile whose retry time has come; returns how many. */
  async sweep(now: Date): Promise<number> {
    const due: Array<{ account_id: string; retry_at: Date }> = await this.db.query(
      `SELECT account_id, retry_at FROM profile_blocks WHERE reason = 'cost_cap' AND retry_at <= $1 ORDER BY retry_at LIMIT $2`,
      [now.toISOString(), SWEEP_LIMIT],
    );
    let retried = 0;
    for (const row of due) {
      const id = reactionId(
        `profile-retry:${row.account_id}:${new Date(row.retry_at).toISOString()}`,
        'retry',
      );
      try {
        await this.synthesis.regenerate(row.account_id, { id });
        retried += 1;
      } catch (error) {
        this.logger.warn(
          { accountId: row.account_id, err: String(error) },
          'profile retry after the cap reset failed; next pass tries again',
        );
      }
    }
    return retried;
  }
}
