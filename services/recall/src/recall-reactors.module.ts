import { Module } from '@nestjs/common';
import { ENVIRONMENT, type Environment } from '@mnemo/persistence';
import { DecisionDistillerService } from './reactors/decision-distiller.service';
import { SessionSummaryReactor } from './reactors/session-summary.reactor';
import { loadRecallConfig } from './recall.config';
import { RECALL_CONFIG } from './recall.constants';

/** What recall reacts to: session summaries, distilled into decisions and lessons. */
@Module({
  controllers: [SessionSummaryReactor],
  providers: [{ provide: RECALL_CONFIG, useFactory: (env: Environment) => loadRecallConfig(env), inject: [ENVIRONMENT] }, DecisionDistillerService],
})
export class RecallReactorsModule {}
