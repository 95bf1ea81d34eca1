import { Body, Controller, HttpCode, Inject, Post, Req, UseGuards } from '@nestjs/common';
import { ValidationError, type IngestResponse } from '@mnemo/contracts';
import { EVENT_LOG, type EventLog } from '@mnemo/eventing';
import { AccountId, ApiKeyGuard } from '../auth/auth.guards';
import { validateIngestBatch } from '../domain/validate-ingest-batch';

@Controller('v1/events')
@UseGuards(ApiKeyGuard)
export class EventsController {
  constructor(@Inject(EVENT_LOG) private readonly log: EventLog) {}

  /** Session events in: validated whole, then onto the raw work queue for the redaction service. */
  @Post()
  @HttpCode(202)
  async ingest(@AccountId() accountId: string, @Body() body: unknown, @Req() request: { correlationId?: string }): Promise<IngestResponse> {
    const batch = validateIngestBatch(body, accountId, 'http', request.correlationId);
    if (!batch.ok) throw new ValidationError('some events are not valid; none were accepted', batch.issues);
    const results = await this.log.appendMany('raw', batch.events);
    const duplicates = results.filter((r) => r.duplicate).length;
    return { accepted: results.length - duplicates, duplicates };
  }
}
