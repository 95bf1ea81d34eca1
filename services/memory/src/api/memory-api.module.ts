import { Module } from '@nestjs/common';
import { MeasurementsController } from './measurements.controller';
import { MemoriesController } from './memories.controller';
import { MemoryChangeFeed } from './memory-change-feed';
import { MemoryReadsService } from './memory-reads.service';
import { MemoryWriterService } from './memory-writer.service';
import { PlansController } from './plans.controller';
import { ProposalsController } from './proposals.controller';

/** The Memory Explorer's API, proposals, plans and reminders: mounted on the gateway. */
@Module({
  controllers: [MemoriesController, ProposalsController, PlansController, MeasurementsController],
  providers: [MemoryReadsService, MemoryWriterService, MemoryChangeFeed],
})
export class MemoryApiModule {}
