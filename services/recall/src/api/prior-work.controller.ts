import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { AccountId, ApiKeyGuard, parseInput } from '@mnemo/http-edge';
import { PriorWorkQuery } from './recall.dto';
import { PriorWork } from './prior-work.service';

/** "Has anyone worked on this before?": past sessions on a file or a task, each with its outcome verdict. */
@Controller('v1/prior-work')
@UseGuards(ApiKeyGuard)
export class PriorWorkController {
  constructor(private readonly priorWork: PriorWork) {}

  @Get()
  async find(@AccountId() accountId: string, @Query() query: unknown) {
    const sessions = await this.priorWork.find(accountId, parseInput(PriorWorkQuery, query, 'query'));
    return { sessions };
  }
}
