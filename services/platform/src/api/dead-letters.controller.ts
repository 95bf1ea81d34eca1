import { Controller, Get, Inject, Module, Query, UseGuards } from '@nestjs/common';
import { z } from 'zod';
import { EVENT_LOG, type EventLog } from '@mnemo/eventing';
import { AdminKeyGuard, parseInput } from '@mnemo/http-edge';
import { SERVICES } from '../service-registry';

const DeadLettersQuery = z.object({ limit: z.coerce.number().int().min(0).max(100).default(10) });

/**
 * `GET /v1/admin/dead-letters`: each service's dead letters (events its consumers gave up on), the
 * newest first, without the event's payload (type, id, sequence, error and when); `mnemo dlq replay`
 * re-drives them. The platform answers it because it alone knows every service's name.
 */
@Controller('v1/admin/dead-letters')
@UseGuards(AdminKeyGuard)
export class DeadLettersController {
  constructor(@Inject(EVENT_LOG) private readonly log: EventLog) {}

  @Get()
  async list(@Query() query: unknown) {
    const { limit } = parseInput(DeadLettersQuery, query, 'query');
    const all = await this.log.listDeadLetters();
    const names = [
      ...new Set([...SERVICES.map((s) => s.name), ...all.map((stored) => stored.letter.service)]),
    ];
    const services = names.map((service) => {
      const letters = all.filter((stored) => stored.letter.service === service);
      return {
        service,
        count: letters.length,
        recent: letters
          .slice(-limit)
          .reverse()
          .map(({ id, letter: l }) => ({
            id,
            eventId: l.event.id,
            type: l.event.type,
            consumer: l.consumer ?? null,
            stream: l.stream,
            seq: l.seq,
            deliveryCount: l.deliveryCount,
            error: l.error,
            deadAt: l.deadAt,
          })),
      };
    });
    return { services };
  }
}

@Module({ controllers: [DeadLettersController] })
export class OperationsModule {}
