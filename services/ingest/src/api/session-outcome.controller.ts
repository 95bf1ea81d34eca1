import { Controller, Get, Inject, Param, UseGuards } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { NotFoundError } from '@mnemo/contracts';
import { DATA_SOURCE } from '@mnemo/persistence';
import { AccountId, ApiKeyGuard } from '@mnemo/gateway-service';

/** What a coding session did and how its work ended, for the caller's account only. */
@Controller('v1/sessions')
@UseGuards(ApiKeyGuard)
export class SessionOutcomeController {
  constructor(@Inject(DATA_SOURCE) private readonly db: DataSource) {}

  @Get(':id/outcome')
  async outcome(@AccountId() accountId: string, @Param('id') sessionId: string) {
    const rows: Array<Record<string, any>> = await this.db.query(
      `SELECT session_id, summary, first_user_turn, last_assistant_turn, files_read, files_edited, tools_called, commit_shas,
              started_at, ended_at, cwd, git_branch, outcome, recorded_at
       FROM session_outcomes WHERE account_id = $1 AND session_id = $2`,
      [accountId, sessionId],
    );
    const row = rows[0];
    if (!row) throw new NotFoundError(`outcome of session "${sessionId}"`);
    const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);
    return {
      sessionId: row.session_id,
      summary: row.summary,
      firstUserTurn: row.first_user_turn,
      lastAssistantTurn: row.last_assistant_turn,
      filesRead: row.files_read,
      filesEdited: row.files_edited,
      toolsCalled: row.tools_called,
      commitShas: row.commit_shas,
      outcome: row.outcome,
      startedAt: iso(row.started_at),
      endedAt: iso(row.ended_at),
      cwd: row.cwd,
      gitBranch: row.git_branch,
      recordedAt: iso(row.recorded_at),
    };
  }
}
