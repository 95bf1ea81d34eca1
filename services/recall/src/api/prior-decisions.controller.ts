import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { AccountId, ApiKeyGuard, parseInput } from '@mnemo/http-edge';
import { PriorDecisionsQuery } from './recall.dto';
import { ADVISORY_NOTE, PriorDecisionsService } from './prior-decisions.service';
import { QueryLogService } from './query-log.service';

/** "Did we already consider this, and why did we choose, reject or defer it?" — advisory, never a veto. */
@Controller('v1/prior-decisions')
@UseGuards(ApiKeyGuard)
export class PriorDecisionsController {
  constructor(
    private readonly decisions: PriorDecisionsService,
    private readonly queries: QueryLogService,
  ) {}

  @Get()
  async find(@AccountId() accountId: string, @Query() query: unknown) {
    const parsed = parseInput(PriorDecisionsQuery, query, 'query');
    const decisions = await this.queries.timed(accountId, 'prior_decisions', () =>
      this.decisions.find(accountId, parsed),
    );
    return { decisions, note: ADVISORY_NOTE };
  }
}
