import { Module } from '@nestjs/common';
import { ENVIRONMENT, type Environment } from '@mnemo/persistence';
import { DecisionDistillerService } from './reactors/decision-distiller.service';
import { SessionSummaryReactor } from './reactors/session-summary.reactor';
import { loadRecallConfig } from './recall.config';
import { RECALL_CONFIG } from './recall.constants';
import { embedderProvider } from './embedding/metered-embedder';
import { ChunkEmbeddingsSweep } from './sweeps/chunk-embeddings.sweep';

/** What recall reacts to: session summaries, distilled into decisions and lessons; and chunks without a vector, embedded off the hot path. */
@Module({
  controllers: [SessionSummaryReactor],
  providers: [
    {
      provide: RECALL_CONFIG,
      useFactory: (env: Environment) => loadRecallConfig(env),
      inject: [ENVIRONMENT],
    },
    embedderProvider,
    DecisionDistillerService,
    ChunkEmbeddingsSweep,
  ],
})
export class RecallReactorsModule {}
