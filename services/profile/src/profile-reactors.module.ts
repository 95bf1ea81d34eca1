import { Module } from '@nestjs/common';
import { ENVIRONMENT, type Environment } from '@mnemo/persistence';
import { PROFILE_CONFIG, parseProfileConfig } from './profile.config';
import { ArtifactSavedReactor } from './reactors/artifact-saved.reactor';
import { CostCapRetrySweep } from './reactors/cost-cap-retry.sweep';
import { ProfileRefreshRequestedReactor } from './reactors/profile-refresh-requested.reactor';
import { ProfileSynthesisService } from './reactors/profile-synthesis.service';

/** The core profile: after artifact saves, on a refresh, and after the daily cap resets. */
@Module({
  controllers: [ArtifactSavedReactor, ProfileRefreshRequestedReactor],
  providers: [
    {
      provide: PROFILE_CONFIG,
      inject: [ENVIRONMENT],
      useFactory: (env: Environment) => parseProfileConfig(env),
    },
    ProfileSynthesisService,
    CostCapRetrySweep,
  ],
})
export class ProfileReactorsModule {}
