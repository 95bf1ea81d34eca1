import { Body, Controller, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import { AccountId, ApiKeyGuard, parseInput } from '@mnemo/http-edge';
import { RECALL_CONFIG } from '../recall.constants';
import type { RecallConfig } from '../recall.config';
import { RecallBody } from './recall.dto';
import { RecallSearch } from './recall-search.service';

/** Recall over past conversations: the chunks that best answer a question, best first. */
@Controller('v1/recall')
@UseGuards(ApiKeyGuard)
export class RecallController {
  constructor(
    private readonly search: RecallSearch,
    @Inject(RECALL_CONFIG) private readonly config: RecallConfig,
  ) {}

  @Post()
  @HttpCode(200)
  async recall(@AccountId() accountId: string, @Body() body: unknown) {
    const request = parseInput(RecallBody, body, 'body');
    const hits = await this.search.recall(accountId, { ...request, limit: Math.min(request.limit, this.config.maxLimit) }, new Date());
    return { hits };
  }
}
