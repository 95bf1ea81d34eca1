import { Module } from '@nestjs/common';
import { ENVIRONMENT, type Environment } from '@mnemo/persistence';
import { DecisionDistillerService } from './reactors/decision-distiller.service';
import { SessionSummaryReactor } from './reactors/session-summary.reactor';
import { loadRecallConfig } from './recall.config';
import { EMBEDDER, RECALL_CONFIG } from './recall.constants';
import { COST_GUARD, type CostGuard } from '@mnemo/llm';
import { LOGGER, type Logger } from '@mnemo/eventing';
import { createEmbedder } from './embedding/metered-embedder';
import { ChunkEmbeddingsSweep } from './sweeps/chunk-embeddings.sweep';
import type { RecallConfig } from './recall.config';

/** What recall reacts to: session summaries, distilled into decisions and lessons; and chunks without a vector, embedded off the hot path. */
@Module({
  controllers: [SessionSummaryReactor],
  providers: [
    { provide: RECALL_CONFIG, useFactory: (env: Environment) => loadRecallConfig(env), inject: [ENVIRONMENT] },
    {
      provide: EMBEDDER,
      useFactory: (config: RecallConfig, costGuard: CostGuard | undefined, logger: Logger) => createEmbedder(config.embeddings, costGuard ?? null, logger),
      inject: [RECALL_CONFIG, { token: COST_GUARD, optional: true }, LOGGER],
    },
    DecisionDistillerService,
    ChunkEmbeddingsSweep,
  ],
})
export class RecallReactorsModule {}
