import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { decodeEvent } from '@mnemo/contracts';
import { EVENT_LOG, LOGGER, OnRawEvent, type EventLog, type Logger } from '@mnemo/eventing';
import { redactEvent } from '../domain/redact-event';

/**
 * Raw input lives on MNEMO_RAW only until this reactor has stored its redacted twin in MNEMO_EVENTS;
 * the ack that follows removes the raw message from the work queue.
 */
@Controller()
export class RawEventReactor {
  constructor(
    @Inject(EVENT_LOG) private readonly log: EventLog,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @OnRawEvent()
  async onRawEvent(@Payload() raw: unknown): Promise<void> {
    const { event, findings } = redactEvent(decodeEvent(raw));
    await this.log.append('events', event);
    if (findings > 0) this.logger.info({ eventId: event.id, type: event.type, findings }, 'secrets redacted');
  }
}
