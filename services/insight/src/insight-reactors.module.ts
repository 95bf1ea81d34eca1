import { Module } from '@nestjs/common';
import { ENVIRONMENT, type Environment } from '@mnemo/persistence';
import { INSIGHT_CONFIG, parseInsightConfig } from './insight.config';
import { ArtifactSavedReactor } from './reactors/artifact-saved.reactor';
import { InsightDetectionService } from './reactors/insight-detection.service';

/** Cross-artifact insight detection after artifact saves. */
@Module({
  controllers: [ArtifactSavedReactor],
  providers: [
    {
      provide: INSIGHT_CONFIG,
      inject: [ENVIRONMENT],
      useFactory: (env: Environment) => parseInsightConfig(env),
    },
    InsightDetectionService,
  ],
})
export class InsightReactorsModule {}
