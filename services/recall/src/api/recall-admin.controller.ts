import { Controller, Get, HttpCode, Post, Query, UseGuards } from '@nestjs/common';
import { AdminKeyGuard, parseInput } from '@mnemo/http-edge';
import { AdminRunQuery, AdminStatsQuery } from './recall.dto';
import { RecallAdminService } from './recall-admin.service';
import { RecallStatsService } from './recall-stats.service';

/** Recall's operations, admin key only: run the conversation ingest or the decision distillation now, their status, the stats. */
@Controller('v1/admin')
@UseGuards(AdminKeyGuard)
export class RecallAdminController {
  constructor(
    private readonly admin: RecallAdminService,
    private readonly stats: RecallStatsService,
  ) {}

  @Post('conversation/ingest')
  @HttpCode(200)
  ingest(@Query() query: unknown) {
    const { accountId, days } = parseInput(AdminRunQuery, query, 'query');
    return this.admin.ingestConversations(accountId, days);
  }

  @Get('conversation/ingest/status')
  ingestStatus() {
    return this.admin.status('conversation-ingest');
  }

  @Post('decisions/extract')
  @HttpCode(200)
  extract(@Query() query: unknown) {
    const { accountId, days } = parseInput(AdminRunQuery, query, 'query');
    return this.admin.extractDecisions(accountId, days);
  }

  @Get('decisions/extract/status')
  extractStatus() {
    return this.admin.status('decisions-extract');
  }

  @Get('stats')
  async allStats(@Query() query: unknown) {
    const { accountId } = parseInput(AdminStatsQuery, query, 'query');
    return this.stats.stats(accountId ?? null);
  }
}
