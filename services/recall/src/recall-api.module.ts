import { Module } from '@nestjs/common';
import { ENVIRONMENT, type Environment } from '@mnemo/persistence';
import { PriorDecisionsController } from './api/prior-decisions.controller';
import { PriorDecisions } from './api/prior-decisions.service';
import { PriorWorkController } from './api/prior-work.controller';
import { PriorWork } from './api/prior-work.service';
import { QueryLog } from './api/query-log.service';
import { RecallAdminController } from './api/recall-admin.controller';
import { RecallAdmin } from './api/recall-admin.service';
import { RecallController } from './api/recall.controller';
import { RecallStats } from './api/recall-stats.service';
import { StatsController } from './api/stats.controller';
import { DecisionDistiller } from './reactors/decision-distiller.service';
import { VisitedController } from './api/visited.controller';
import { VisitedLedger } from './api/visited-ledger.service';
import { RecallSearch } from './api/recall-search.service';
import { loadRecallConfig } from './recall.config';
import { RECALL_CONFIG } from './recall.constants';

/** Recall's HTTP surface, mounted on the gateway. */
@Module({
  controllers: [RecallController, PriorWorkController, PriorDecisionsController, VisitedController, StatsController, RecallAdminController],
  providers: [{ provide: RECALL_CONFIG, useFactory: (env: Environment) => loadRecallConfig(env), inject: [ENVIRONMENT] }, RecallSearch, PriorWork, PriorDecisions, VisitedLedger, QueryLog, RecallStats, RecallAdmin, DecisionDistiller],
})
export class RecallApiModule {}
