import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { decodeEvent } from '@mnemo/contracts';
import { EVENT_LOG, OnRawEvent, type EventLog } from '@mnemo/eventing';

/**
 * Raw input lives on MNEMO_RAW only until this reactor has stored its redacted twin in MNEMO_EVENTS;
 * the ack that follows removes the raw message from the work queue. The redacting happens in the
 * log's write path (RedactingEventLog), which every append to MNEMO_EVENTS goes through.
 */
@Controller()
export class RawEventReactor {
  constructor(@Inject(EVENT_LOG) private readonly log: EventLog) {}

  @OnRawEvent()
  async onRawEvent(@Payload() raw: unknown): Promise<void> {
    await this.log.append('events', decodeEvent(raw));
  }
}
