import { Inject, Injectable } from '@nestjs/common';
import { ValidationError, type IngestResponse } from '@mnemo/contracts';
import { EVENT_LOG, type EventLog } from '@mnemo/eventing';
import { validateIngestBatch } from '../domain/validate-ingest-batch';

/** Session events in, over HTTP or gRPC: validated whole, then onto the raw work queue for redaction. */
@Injectable()
export class IngestService {
  constructor(@Inject(EVENT_LOG) private readonly log: EventLog) {}

  async ingest(
    accountId: string,
    body: unknown,
    producer: 'http' | 'grpc',
    correlationId?: string,
  ): Promise<IngestResponse> {
    const batch = validateIngestBatch(body, accountId, producer, correlationId);
    if (!batch.ok)
      throw new ValidationError('some events are not valid; none were accepted', batch.issues);
    const results = await this.log.appendMany('raw', batch.events);
    const duplicates = results.filter((r) => r.duplicate).length;
    return { accepted: results.length - duplicates, duplicates };
  }
}
