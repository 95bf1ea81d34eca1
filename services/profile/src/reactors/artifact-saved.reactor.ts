import type { EventOf } from '@mnemo/contracts';
import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { DataSource } from 'typeorm';
import { EventContext, OnEvent } from '@mnemo/eventing';
import { awaitCheckpoint, DATA_SOURCE } from '@mnemo/persistence';
import { profileProjection } from '../projections/profile.projection';
import { ProfileSynthesisService } from './profile-synthesis.service';

/** After every artifact save, the core profile (once there are 3 artifacts) and its telemetry. */
@Controller()
export class ArtifactSavedReactor {
  constructor(
    @Inject(DATA_SOURCE) private readonly db: DataSource,
    private readonly synthesis: ProfileSynthesisService,
  ) {}

  @OnEvent('ArtifactSaved')
  async onArtifactSaved(
    @Payload() event: EventOf<'ArtifactSaved'>,
    @Ctx() context: EventContext,
  ): Promise<void> {
    const { seq } = context.stored;
    await awaitCheckpoint(this.db, profileProjection.name, seq);
    await this.synthesis.afterSave(event.accountId, event.payload.artifactId, seq, event);
  }
}
