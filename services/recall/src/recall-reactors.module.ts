import { Module } from '@nestjs/common';
import { ENVIRONMENT, type Environment } from '@mnemo/persistence';
import { DecisionDistillerService } from './reactors/decision-distiller.service';
import { SessionSummaryReactor } from './reactors/session-summary.reactor';
import { loadRecallConfig } from './recall.config';
import { RECALL_CONFIG } from './recall.constants';
import { embedderProvider } from './embedding/metered-embedder';
import { ChunkEmbeddingsSweep } from './sweeps/chunk-embeddings.sweep';
import { LearningCorpusService } from './learning/api/learning-corpus.service';
import { SkillsService } from './learning/api/skills.service';
import { SkillDiscoveryReactor } from './learning/reactors/skill-discovery.reactor';

/**
 * What recall reacts to: session summaries, distilled into decisions and lessons; chunks without a
 * vector, embedded off the hot path; and transcript ingest runs, followed by skill discovery.
 */
@Module({
  controllers: [SessionSummaryReactor, SkillDiscoveryReactor],
  providers: [
    {
      provide: RECALL_CONFIG,
      useFactory: (env: Environment) => loadRecallConfig(env),
      inject: [ENVIRONMENT],
    },
    embedderProvider,
    DecisionDistillerService,
    ChunkEmbeddingsSweep,
    LearningCorpusService,
    SkillsService,
  ],
})
export class RecallReactorsModule {}
