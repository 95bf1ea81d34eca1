import type { EventOf } from '@mnemo/contracts';
import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { DataSource } from 'typeorm';
import { EventContext, OnEvent } from '@mnemo/eventing';
import { awaitCheckpoint, DATA_SOURCE } from '@mnemo/persistence';
import { learningProjection } from '../projections/learning.projection';
import { SkillsService } from '../api/skills.service';

/** A transcript ingest run that brought new events is followed by skill discovery (offline; docs/learning.md). */
@Controller()
export class SkillDiscoveryReactor {
  constructor(
    @Inject(DATA_SOURCE) private readonly db: DataSource,
    private readonly skills: SkillsService,
  ) {}

  @OnEvent('TranscriptIngestRunCompleted')
  async onRun(
    @Payload() event: EventOf<'TranscriptIngestRunCompleted'>,
    @Ctx() context: EventContext,
  ): Promise<void> {
    if (event.payload.events === 0) return;
    // the run's sessions went to the log before its completion: the corpus holds them once it has read this far
    await awaitCheckpoint(this.db, learningProjection.name, context.stored.seq);
    await this.skills.discover(event.accountId, event);
  }
}
