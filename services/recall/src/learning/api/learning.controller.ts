import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { z } from 'zod';
import { AccountId, ApiKeyGuard, parseInput } from '@mnemo/http-edge';
import { LearningCorpusService } from './learning-corpus.service';

export const FailedClustersQuery = z.object({
  project: z.string().min(1).max(2000).optional(),
});

/** The learning corpus (docs/learning.md): clusters of failed attempts. */
@Controller('v1/learning')
@UseGuards(ApiKeyGuard)
export class LearningController {
  constructor(private readonly corpus: LearningCorpusService) {}

  @Get('failed-clusters')
  async failedClusters(@AccountId() accountId: string, @Query() query: unknown) {
    const { project } = parseInput(FailedClustersQuery, query, 'query');
    return { clusters: await this.corpus.failedClusters(accountId, project) };
  }
}
