import { Controller, Get, Inject, Param, UseGuards } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { NotFoundError } from '@mnemo/contracts';
import { DATA_SOURCE } from '@mnemo/persistence';
import { AccountId, ApiKeyGuard } from '@mnemo/http-edge';

/** The latest segment summary of a session: what a resumed session reads as `## Conversation So Far`. */
@Controller('v1/sessions')
@UseGuards(ApiKeyGuard)
export class SessionSummaryController {
  constructor(@Inject(DATA_SOURCE) private readonly db: DataSource) {}

  @Get(':id/summary')
  async summary(@AccountId() accountId: string, @Param('id') sessionId: string) {
    const rows: Array<{ summary: string; segment: number; model: string }> = await this.db.query(
      `SELECT summary, segment, model FROM segment_summaries WHERE account_id = $1 AND session_id = $2 ORDER BY segment DESC LIMIT 1`,
      [accountId, sessionId.slice(0, 200)],
    );
    const latest = rows[0];
    if (!latest) throw new NotFoundError(`a summary of session "${sessionId.slice(0, 128)}"`);
    return { summary: latest.summary, segment: latest.segment, model: latest.model };
  }
}
