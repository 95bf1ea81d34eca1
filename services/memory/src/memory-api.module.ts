import { Module } from '@nestjs/common';
import { MemoriesController } from './api/memories.controller';
import { MemoryChangeFeed } from './api/memory-change-feed';
import { MemoryReads } from './api/memory-reads.service';
import { MemoryWriter } from './api/memory-writer.service';
import { PlansController } from './api/plans.controller';
import { ProposalsController } from './api/proposals.controller';

/** The Memory Explorer's API, proposals, plans and reminders: mounted on the gateway. */
@Module({
  controllers: [MemoriesController, ProposalsController, PlansController],
  providers: [MemoryReads, MemoryWriter, MemoryChangeFeed],
})
export class MemoryApiModule {}
