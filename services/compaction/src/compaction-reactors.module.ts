import { Module } from '@nestjs/common';
import { ENVIRONMENT, type Environment } from '@mnemo/persistence';
import { COMPACTION_CONFIG, loadCompactionConfig } from './compaction.config';
import { SegmentPausedReactor } from './reactors/segment-paused.reactor';

/** Compaction's reactors: a segment pause becomes a summary (or a recorded reason there is none). */
@Module({
  controllers: [SegmentPausedReactor],
  providers: [
    {
      provide: COMPACTION_CONFIG,
      inject: [ENVIRONMENT],
      useFactory: (env: Environment) => loadCompactionConfig(env),
    },
  ],
})
export class CompactionReactorsModule {}
