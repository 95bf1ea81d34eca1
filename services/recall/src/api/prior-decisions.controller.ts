import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { AccountId, ApiKeyGuard, parseInput } from '@mnemo/http-edge';
import { PriorDecisionsQuery } from './recall.dto';
import { ADVISORY_NOTE, PriorDecisions } from './prior-decisions.service';

/** "Did we already consider this, and why did we choose, reject or defer it?" — advisory, never a veto. */
@Controller('v1/prior-decisions')
@UseGuards(ApiKeyGuard)
export class PriorDecisionsController {
  constructor(private readonly decisions: PriorDecisions) {}

  @Get()
  async find(@AccountId() accountId: string, @Query() query: unknown) {
    const decisions = await this.decisions.find(accountId, parseInput(PriorDecisionsQuery, query, 'query'));
    return { decisions, note: ADVISORY_NOTE };
  }
}
