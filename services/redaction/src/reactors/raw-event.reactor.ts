import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { AnyEvent } from '@mnemo/contracts';
import { EVENT_LOG, LOGGER, OnRawEvent, type EventLog, type Logger } from '@mnemo/eventing';
import { logRedactions, redactOnce, type RedactionReport } from '../write-path/redacted-event';

/**
 * Raw input in, its redacted twin out: each event of MNEMO_RAW (checked by the edge that accepted it)
 * is redacted here, once, and stored in MNEMO_EVENTS, whose idempotent append keeps an id stored once
 * per account; the ack that follows removes the raw message from the work queue (docs/redaction.md).
 */
@Controller()
export class RawEventReactor {
  private readonly report: RedactionReport;

  constructor(
    @Inject(EVENT_LOG) private readonly log: EventLog,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.report = logRedactions(logger);
  }

  @OnRawEvent()
  async onRawEvent(@Payload() raw: AnyEvent): Promise<void> {
    await this.log.append('events', redactOnce(raw, this.report));
  }
}
