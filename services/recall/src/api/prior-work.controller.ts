import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { AccountId, ApiKeyGuard, parseInput } from '@mnemo/http-edge';
import { PriorWorkQuery } from './recall.dto';
import { PriorWorkService } from './prior-work.service';
import { QueryLogService } from './query-log.service';

/** "Has anyone worked on this before?": past sessions on a file or a task, each with its outcome verdict. */
@Controller('v1/prior-work')
@UseGuards(ApiKeyGuard)
export class PriorWorkController {
  constructor(
    private readonly priorWork: PriorWorkService,
    private readonly queries: QueryLogService,
  ) {}

  @Get()
  async find(@AccountId() accountId: string, @Query() query: unknown) {
    const parsed = parseInput(PriorWorkQuery, query, 'query');
    const sessions = await this.queries.timed(accountId, 'prior_work', () =>
      this.priorWork.find(accountId, parsed),
    );
    return { sessions };
  }
}
