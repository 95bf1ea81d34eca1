import type { EventOf } from '@mnemo/contracts';
import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { DataSource } from 'typeorm';
import { EventContext, OnEvent } from '@mnemo/eventing';
import { awaitCheckpoint, DATA_SOURCE } from '@mnemo/persistence';
import { insightProjection } from '../projections/insight.projection';
import { InsightDetectionService } from './insight-detection.service';

/** After every artifact save, look for insights between it and the person's other artifacts. */
@Controller()
export class ArtifactSavedReactor {
  constructor(
    @Inject(DATA_SOURCE) private readonly db: DataSource,
    private readonly detection: InsightDetectionService,
  ) {}

  @OnEvent('ArtifactSaved')
  async onArtifactSaved(
    @Payload() event: EventOf<'ArtifactSaved'>,
    @Ctx() context: EventContext,
  ): Promise<void> {
    const { seq } = context.stored;
    await awaitCheckpoint(this.db, insightProjection.name, seq);
    await this.detection.detect({
      cause: event,
      accountId: event.accountId,
      artifactId: event.payload.artifactId,
    });
  }
}
