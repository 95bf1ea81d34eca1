import { Controller, Get, UseGuards } from '@nestjs/common';
import { AccountId, ApiKeyGuard } from '@mnemo/http-edge';
import { RecallStatsService } from './recall-stats.service';

/** The account's own operations numbers (the dashboard's JSON). */
@Controller('v1/stats')
@UseGuards(ApiKeyGuard)
export class StatsController {
  constructor(private readonly stats: RecallStatsService) {}

  @Get()
  mine(@AccountId() accountId: string) {
    return this.stats.stats(accountId);
  }
}
