import { Module } from '@nestjs/common';
import { ENVIRONMENT, type Environment } from '@mnemo/persistence';
import { RecallController } from './api/recall.controller';
import { RecallSearch } from './api/recall-search.service';
import { loadRecallConfig } from './recall.config';
import { RECALL_CONFIG } from './recall.constants';

/** Recall's HTTP surface, mounted on the gateway. */
@Module({
  controllers: [RecallController],
  providers: [{ provide: RECALL_CONFIG, useFactory: (env: Environment) => loadRecallConfig(env), inject: [ENVIRONMENT] }, RecallSearch],
})
export class RecallApiModule {}
