import { Body, Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import type { IngestResponse } from '@mnemo/contracts';
import { AccountId, ApiKeyGuard } from '@mnemo/http-edge';
import { IngestService } from '../ingest/ingest.service';

@Controller('v1/events')
@UseGuards(ApiKeyGuard)
export class EventsController {
  constructor(private readonly ingestion: IngestService) {}

  @Post()
  @HttpCode(202)
  ingest(
    @AccountId() accountId: string,
    @Body() body: unknown,
    @Req() request: { id: string },
  ): Promise<IngestResponse> {
    return this.ingestion.ingest(accountId, body, 'http', request.id);
  }
}
