import { Module } from '@nestjs/common';
import { ENVIRONMENT, type Environment } from '@mnemo/persistence';
import { PriorDecisionsController } from './api/prior-decisions.controller';
import { PriorDecisionsService } from './api/prior-decisions.service';
import { PriorWorkController } from './api/prior-work.controller';
import { PriorWorkService } from './api/prior-work.service';
import { QueryLogService } from './api/query-log.service';
import { RecallAdminController } from './api/recall-admin.controller';
import { RecallAdminService } from './api/recall-admin.service';
import { RecallController } from './api/recall.controller';
import { RecallStatsService } from './api/recall-stats.service';
import { StatsController } from './api/stats.controller';
import { DecisionDistillerService } from './reactors/decision-distiller.service';
import { VisitedController } from './api/visited.controller';
import { VisitedLedgerService } from './api/visited-ledger.service';
import { RecallSearchService } from './api/recall-search.service';
import { loadRecallConfig } from './recall.config';
import { RECALL_CONFIG } from './recall.constants';
import { embedderProvider } from './embedding/metered-embedder';
import { LearningController } from './learning/api/learning.controller';
import { LearningCorpusService } from './learning/api/learning-corpus.service';
import { SkillsController } from './learning/api/skills.controller';
import { SkillsService } from './learning/api/skills.service';
import { RefactorPlansController } from './learning/api/refactor-plans.controller';
import { RefactorPlansService } from './learning/api/refactor-plans.service';

/** Recall's HTTP surface, mounted on the gateway. */
@Module({
  controllers: [
    RecallController,
    PriorWorkController,
    PriorDecisionsController,
    VisitedController,
    StatsController,
    RecallAdminController,
    LearningController,
    SkillsController,
    RefactorPlansController,
  ],
  providers: [
    {
      provide: RECALL_CONFIG,
      useFactory: (env: Environment) => loadRecallConfig(env),
      inject: [ENVIRONMENT],
    },
    embedderProvider,
    RecallSearchService,
    PriorWorkService,
    PriorDecisionsService,
    VisitedLedgerService,
    QueryLogService,
    RecallStatsService,
    RecallAdminService,
    DecisionDistillerService,
    LearningCorpusService,
    SkillsService,
    RefactorPlansService,
  ],
})
export class RecallApiModule {}
