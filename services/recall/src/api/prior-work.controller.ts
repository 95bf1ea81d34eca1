import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { AccountId, ApiKeyGuard, parseInput } from '@mnemo/http-edge';
import { PriorWorkQuery } from './recall.dto';
import { PriorWorkService } from './prior-work.service';
import { QueryLogService } from './query-log.service';
import { LearningCorpusService } from '../learning/api/learning-corpus.service';
import { RefactorPlansService } from '../learning/api/refactor-plans.service';

/** "Has anyone worked on this before?": past sessions on a file or a task, each with its outcome verdict. */
@Controller('v1/prior-work')
@UseGuards(ApiKeyGuard)
export class PriorWorkController {
  constructor(
    private readonly priorWork: PriorWorkService,
    private readonly queries: QueryLogService,
    private readonly corpus: LearningCorpusService,
    private readonly plans: RefactorPlansService,
  ) {}

  @Get()
  async find(@AccountId() accountId: string, @Query() query: unknown) {
    const parsed = parseInput(PriorWorkQuery, query, 'query');
    const [sessions, failedClusters, refactorPlans] = await Promise.all([
      this.queries.timed(accountId, 'prior_work', () => this.priorWork.find(accountId, parsed)),
      // earlier attempts at the same thing that failed, clustered (docs/learning.md)
      this.corpus.failedClustersAbout(accountId, parsed),
      // a change still under way that touches the file: its plan (docs/learning.md)
      this.plans.openTouching(accountId, parsed),
    ]);
    return { sessions, failedClusters, refactorPlans };
  }
}
