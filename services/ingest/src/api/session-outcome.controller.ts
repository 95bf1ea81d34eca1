import { Controller, Get, Inject, Param, UseGuards } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { NotFoundError } from '@mnemo/contracts';
import { DATA_SOURCE } from '@mnemo/persistence';
import { AccountId, ApiKeyGuard } from '@mnemo/http-edge';
import { OUTCOME_COLUMNS, outcomeFromRow } from '../projections/session-outcomes.projection';

/** What a coding session did and how its work ended, for the caller's account only. */
@Controller('v1/sessions')
@UseGuards(ApiKeyGuard)
export class SessionOutcomeController {
  constructor(@Inject(DATA_SOURCE) private readonly db: DataSource) {}

  @Get(':id/outcome')
  async outcome(@AccountId() accountId: string, @Param('id') sessionId: string) {
    const rows: Array<Record<string, any>> = await this.db.query(
      `SELECT ${OUTCOME_COLUMNS} FROM session_outcomes WHERE account_id = $1 AND session_id = $2`,
      [accountId, sessionId],
    );
    const row = rows[0];
    if (!row) throw new NotFoundError(`outcome of session "${sessionId}"`);
    const outcome = outcomeFromRow(row);
    return {
      sessionId: row.session_id,
      ...outcome,
      startedAt: outcome.startedAt ?? null,
      endedAt: outcome.endedAt ?? null,
      cwd: outcome.cwd ?? null,
      gitBranch: outcome.gitBranch ?? null,
      recordedAt: row.recorded_at ? new Date(row.recorded_at).toISOString() : null,
    };
  }
}
