import { Body, Controller, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import { AccountId, ApiKeyGuard, parseInput } from '@mnemo/http-edge';
import { RECALL_CONFIG } from '../recall.constants';
import type { RecallConfig } from '../recall.config';
import { RecallBody } from './recall.dto';
import { QueryLogService } from './query-log.service';
import { RecallSearchService } from './recall-search.service';

/** Recall over past conversations: the chunks that best answer a question, best first. */
@Controller('v1/recall')
@UseGuards(ApiKeyGuard)
export class RecallController {
  constructor(
    private readonly search: RecallSearchService,
    private readonly queries: QueryLogService,
    @Inject(RECALL_CONFIG) private readonly config: RecallConfig,
  ) {}

  @Post()
  @HttpCode(200)
  async recall(@AccountId() accountId: string, @Body() body: unknown) {
    const request = parseInput(RecallBody, body, 'body');
    const limited = { ...request, limit: Math.min(request.limit, this.config.maxLimit) };
    const hits = await this.queries.timed(accountId, 'recall', () =>
      this.search.recall(accountId, limited, new Date()),
    );
    return { hits };
  }
}
